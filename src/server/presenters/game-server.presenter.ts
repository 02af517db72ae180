import type {
  GameServerAuditWire,
  GameServerRequestWire,
  GameServerWire,
  GameQueryTypeWire,
} from '#shared/schemas/game-servers';
import type { GameServerActionEntry } from '../repositories/game-server-actions.repository.ts';
import type { GameServerRequest } from '../repositories/game-server-requests.repository.ts';
import type { GameServer } from '../repositories/game-servers.repository.ts';

export interface GameServerViewContext {
  isAdmin: boolean;
  /** The configured game host (Settings, else GAME_HOST), or null. */
  gameHost: string | null;
  canControl: (server: GameServer) => boolean;
}

/** "host:port", with an IPv6 literal in brackets; null when the host or the port is unknown. */
export function gameAddress(host: string | null, port: number | null): string | null {
  if (!host || port === null) return null;
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** One game server for GET /api/game-servers: the query host, missing flag and last error only for admins. */
export function presentGameServer(server: GameServer, context: GameServerViewContext): GameServerWire {
  const host = context.gameHost ?? (server.provider === 'query' ? server.host : null);
  return {
    id: server.id,
    instanceId: server.instanceId,
    name: server.name,
    displayName: server.displayName?.trim() || server.providerName || null,
    type: server.type,
    status: server.status,
    playerCount: server.playerCount,
    maxPlayers: server.maxPlayers,
    hidden: server.hidden,
    icon: server.icon,
    background: server.background,
    show_player_count: server.show_player_count,
    show_status_badge: server.show_status_badge,
    autoStart: server.autoStart,
    lastStatusCheck: server.lastStatusCheck,
    refreshInterval: server.refreshInterval,
    cpuUsage: server.cpuUsage,
    memoryUsage: server.memoryUsage,
    maxMemory: server.maxMemory,
    port: server.port,
    address: gameAddress(host, server.port),
    provider: server.provider,
    canControl: context.canControl(server),
    missing: context.isAdmin ? server.missing : false,
    host: context.isAdmin ? server.host : null,
    lastError: context.isAdmin ? server.lastError : null,
  };
}

export function presentGameServerRequest(request: GameServerRequest): GameServerRequestWire {
  return {
    id: request.id,
    game: request.game,
    username: request.username,
    createdAt: request.createdAt,
    doneAt: request.doneAt,
  };
}

export function presentGameServerAudit(entry: GameServerActionEntry): GameServerAuditWire {
  return {
    id: entry.id,
    instanceId: entry.instanceId,
    serverName: entry.serverName,
    action: entry.action,
    username: entry.username,
    isAutomatic: entry.isAutomatic,
    isSuccess: entry.isSuccess,
    reason: entry.reason,
    createdAt: entry.createdAt,
  };
}

export function presentGameQueryType(type: { id: string; name: string }): GameQueryTypeWire {
  return { id: type.id, name: type.name };
}
