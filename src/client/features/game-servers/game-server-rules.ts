import { formatGigabytes } from '#shared/format';
import type { GameServerActionName, GameServerWire } from '#shared/schemas/game-servers';
import { GAME_TEXT } from '#shared/ui-messages';

/** The name the card shows: the admin's display name, else the panel's name. */
export function displayNameOf(server: Pick<GameServerWire, 'displayName' | 'name'>): string {
  const chosen = server.displayName?.trim();
  return chosen ? chosen : server.name;
}

/** Query-only servers are watched, never controlled: their cards show no start, stop or restart at all. */
export function hasControls(server: Pick<GameServerWire, 'provider'>): boolean {
  return server.provider !== 'query';
}

/**
 * SPEC section 4 (the server enforces the same): start only when offline, stop and restart only when online, and
 * none of them unless the caller may control this server.
 */
export function canRunAction(server: Pick<GameServerWire, 'status' | 'canControl'>, action: GameServerActionName) {
  if (!server.canControl) return false;
  return action === 'start' ? !server.status : server.status;
}

/** The success toast's title per action (SPEC section 8). */
export const ACTION_TOAST: Record<GameServerActionName, string> = {
  start: GAME_TEXT.starting,
  stop: GAME_TEXT.stopping,
  restart: GAME_TEXT.restarting,
};

/** 'n / max' players. */
export function formatPlayers(server: Pick<GameServerWire, 'playerCount' | 'maxPlayers'>): string {
  return `${server.playerCount} / ${server.maxPlayers}`;
}

/** CPU use in percent with at most one decimal ('12%', '37.5%'). */
export function formatCpu(percent: number): string {
  return `${Number.isFinite(percent) ? Number(percent.toFixed(1)) : 0}%`;
}

/** RAM in GB, MB/1024 with 2 decimals (SPEC section 3): '1.50 / 6.00 GB'. */
export function formatMemory(server: Pick<GameServerWire, 'memoryUsage' | 'maxMemory'>): string {
  return `${formatGigabytes(server.memoryUsage)} / ${formatGigabytes(server.maxMemory)} GB`;
}

/** The list split by status, each half in the server's order. */
export function splitByStatus<T extends Pick<GameServerWire, 'status'>>(servers: readonly T[]) {
  return { online: servers.filter((s) => s.status), offline: servers.filter((s) => !s.status) };
}

/** The offline toggle's label (SPEC section 2). */
export function offlineToggleLabel(isShowingOffline: boolean, count: number): string {
  return isShowingOffline ? GAME_TEXT.hideOffline(count) : GAME_TEXT.showOffline(count);
}

function plural(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/**
 * The line an AMP service card shows (SPEC section 2): how many game servers are listed and how many players are
 * on the online ones, e.g. '3 servers · 5 players'.
 */
export function serverAndPlayerCounts(servers: readonly Pick<GameServerWire, 'status' | 'playerCount'>[]): string {
  const players = servers.reduce((sum, server) => sum + (server.status ? server.playerCount : 0), 0);
  return `${plural(servers.length, 'server', 'servers')} · ${plural(players, 'player', 'players')}`;
}

/** SPEC section 2: a service card whose name contains 'amp' (any case) shows the game-server counts. */
export function isAmpServiceName(name: string): boolean {
  return name.toLowerCase().includes('amp');
}
