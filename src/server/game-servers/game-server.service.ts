import type { FastifyBaseLogger } from 'fastify';
import { capReached, GAME_MSG, SERVICE_MSG } from '#shared/messages';
import { isAdminRole } from '#shared/permissions';
import type {
  CreateQueryServerBody,
  GameServerActionName,
  GameServerProviderId,
  PatchGameServerBody,
} from '#shared/schemas/game-servers';
import { IntegrationError } from '../integrations/http/json-client.ts';
import { GAME_PANEL, plainFailure } from '../integrations/http/plain-failure.ts';
import { isMetadataAddress } from '../lib/address-policy.ts';
import type {
  GameServerActionEntry,
  GameServerActionsRepository,
} from '../repositories/game-server-actions.repository.ts';
import type { GameServer, GameServersRepository } from '../repositories/game-servers.repository.ts';
import type { User } from '../repositories/users.repository.ts';
import { AppError } from '../services/app-error.ts';
import { checkRowCap } from '../services/row-caps.ts';
import type { Clock } from '../services/clock.ts';
import { iso } from '../services/clock.ts';
import type { GameServerPoller } from './game-server-poller.ts';

export interface GameServerServiceDeps {
  servers: GameServersRepository;
  actions: GameServerActionsRepository;
  /** One poller per provider. */
  pollers: readonly GameServerPoller[];
  /** Whether a gamedig game id exists (query-only servers). */
  isQueryType: (type: string) => Promise<boolean>;
  /** The administrators' `allow_metadata_targets` (query hosts at cloud metadata addresses need it). */
  allowMetadataTargets: () => Promise<boolean>;
  /** MAX_QUERY_GAME_SERVERS: each is queried every 10 s. */
  maxQueryServers: number;
  clock: Clock;
  log: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

const ACTION_MESSAGES: Record<GameServerActionName, string> = {
  start: GAME_MSG.starting,
  stop: GAME_MSG.stopping,
  restart: GAME_MSG.restarting,
};

/** How many audit entries admins see. */
const AUDIT_LIMIT = 200;

/**
 * The game servers: the list from the table the pollers keep, actions through the server's provider (audited,
 * then polled again at once), and the admins' own fields and query-only servers.
 */
export class GameServerService {
  readonly #pollers: Map<GameServerProviderId, GameServerPoller>;

  constructor(private readonly deps: GameServerServiceDeps) {
    this.#pollers = new Map(deps.pollers.map((poller) => [poller.provider.id, poller]));
  }

  /** Every server for admins; hidden ones left out for everyone else. */
  async listFor(viewer: User): Promise<GameServer[]> {
    const all = await this.deps.servers.list();
    return isAdminRole(viewer.role) ? all : all.filter((server) => !server.hidden);
  }

  /** Whether the caller may start, stop and restart this server. */
  canControl(server: GameServer): boolean {
    return !server.missing && (this.#pollers.get(server.provider)?.provider.canControl ?? false);
  }

  /**
   * Starts, stops or restarts a server for a user: 404 unknown (or hidden from a non-admin), 409 when the server
   * is query-only, missing, or its state forbids it, 502 when the provider fails (admins read its reason, others
   * a plain one without the panel's address). Audited either way; a success polls the provider again before
   * answering, so the next list shows the change.
   */
  async act(user: User, instanceId: string, action: GameServerActionName): Promise<string> {
    const server = await this.deps.servers.findByInstanceId(instanceId);
    if (!server || (server.hidden && !isAdminRole(user.role))) throw new AppError('not_found', GAME_MSG.notFound);
    if (server.missing) throw new AppError('conflict', GAME_MSG.missing);
    if (!this.canControl(server)) throw new AppError('conflict', GAME_MSG.queryOnly);
    if (action === 'start' && server.status) throw new AppError('conflict', GAME_MSG.startOnlyOffline);
    if (action !== 'start' && !server.status) throw new AppError('conflict', GAME_MSG.stopOnlyOnline);
    await this.#run(server, action, user);
    // Poll again before answering, so the list the client fetches next shows the change.
    await this.#pollers.get(server.provider)?.poll();
    return ACTION_MESSAGES[action];
  }

  /**
   * The autoStart rule's start (the pollers call it from inside a poll, so it does not poll again: the next
   * regular poll shows the result); failures are audited and logged, never thrown.
   */
  async autoStart(server: GameServer): Promise<void> {
    try {
      await this.#run(server, 'start', null);
      this.deps.log.info({ server: server.instanceId, name: server.name }, 'game server auto-started');
    } catch (error) {
      this.deps.log.warn({ server: server.instanceId, err: error }, 'game server auto-start failed');
    }
  }

  async #run(server: GameServer, action: GameServerActionName, user: User | null): Promise<void> {
    const poller = this.#pollers.get(server.provider);
    if (!poller) throw new AppError('conflict', GAME_MSG.queryOnly);
    const audit = (isSuccess: boolean, reason: string | null) =>
      this.deps.actions.insert({
        instanceId: server.instanceId,
        serverName: displayNameOf(server),
        action,
        userId: user?.id ?? null,
        username: user?.username ?? null,
        isAutomatic: user === null,
        isSuccess,
        reason,
        createdAt: iso(this.deps.clock.now()),
      });
    try {
      await poller.provider.act(server, action);
    } catch (error) {
      if (!(error instanceof IntegrationError)) throw error;
      await audit(false, error.message);
      if (error.kind === 'not_configured') throw new AppError('unavailable', GAME_MSG.notConfigured);
      // The full reason can name the panel's internal address: admins read it (here, in the audit and the log),
      // everyone else a plain reason (issue 26). The autoStart rule logs its own failures.
      if (user) {
        this.deps.log.warn({ server: server.instanceId, action, reason: error.message }, 'game server action failed');
      }
      throw new AppError(
        'bad_gateway',
        user && isAdminRole(user.role) ? error.message : plainFailure(GAME_PANEL, error),
      );
    }
    await audit(true, null);
  }

  /** The newest audit entries (admins). */
  async audit(): Promise<GameServerActionEntry[]> {
    return this.deps.actions.recent(AUDIT_LIMIT);
  }

  /** Adds a query-only server (admins); it is queried on the next poll, and at once here. */
  async addQueryServer(body: CreateQueryServerBody): Promise<GameServer> {
    await this.#checkType(body.type);
    await this.#checkHost(body.host);
    const cap = this.deps.maxQueryServers;
    await checkRowCap(
      () => this.deps.servers.countByProvider('query'),
      cap,
      capReached('query-only game servers', cap, 'MAX_QUERY_GAME_SERVERS'),
    );
    const server = await this.deps.servers.insert({
      instanceId: `query-${crypto.randomUUID()}`,
      provider: 'query',
      name: body.name,
      type: body.type,
      host: body.host,
      port: body.port,
      createdAt: iso(this.deps.clock.now()),
    });
    await this.#pollers
      .get('query')
      ?.poll()
      .catch(() => undefined);
    return (await this.deps.servers.findById(server.id)) ?? server;
  }

  /** Changes the admins' fields; host, port, name and type only of query-only servers. */
  async update(id: number, patch: PatchGameServerBody): Promise<GameServer> {
    const server = await this.deps.servers.findById(id);
    if (!server) throw new AppError('not_found', GAME_MSG.notFound);
    const { name, type, host, port, ...adminFields } = patch;
    const addressChange = { name, type, host, port };
    const changesAddress = Object.values(addressChange).some((value) => value !== undefined);
    if (changesAddress && server.provider !== 'query') throw new AppError('bad_request', GAME_MSG.onlyQueryHasAddress);
    if (type !== undefined) await this.#checkType(type);
    if (host !== undefined) await this.#checkHost(host);
    const changes = Object.fromEntries(
      Object.entries({ ...adminFields, ...addressChange }).filter(([, value]) => value !== undefined),
    );
    const updated = await this.deps.servers.update(id, changes);
    if (!updated) throw new AppError('not_found', GAME_MSG.notFound);
    return updated;
  }

  /** Deletes a query-only server, or one missing from its panel (409 for a live AMP server: it would come back). */
  async delete(id: number): Promise<void> {
    const server = await this.deps.servers.findById(id);
    if (!server) throw new AppError('not_found', GAME_MSG.notFound);
    if (server.provider !== 'query' && !server.missing) throw new AppError('conflict', GAME_MSG.cannotDelete);
    await this.deps.servers.delete(id);
  }

  /** The server an icon upload names (id and instanceId must both match); 404 otherwise. */
  async findForIcon(target: { id: number; instanceId: string }): Promise<GameServer> {
    const row = await this.deps.servers.findById(target.id);
    if (!row || row.instanceId !== target.instanceId) throw new AppError('not_found', GAME_MSG.notFound);
    return row;
  }

  /** Sets a server's icon after an upload (admins). */
  async setIcon(target: { id: number; instanceId: string }, icon: string): Promise<void> {
    const row = await this.findForIcon(target);
    await this.deps.servers.update(row.id, { icon });
  }

  async #checkType(type: string): Promise<void> {
    if (!(await this.deps.isQueryType(type))) throw new AppError('bad_request', GAME_MSG.unknownType);
  }

  /**
   * A host naming a cloud metadata address in any spelling (`2852039166`, `0xa9fea9fe`, `::ffff:a9fe:a9fe`) is
   * refused unless the administrators allow such targets, as for services; names are checked at each query,
   * when they are resolved (integrations/game-query/query-host.ts).
   */
  async #checkHost(host: string): Promise<void> {
    if (isMetadataAddress(host) && !(await this.deps.allowMetadataTargets())) {
      throw new AppError('bad_request', SERVICE_MSG.metadataTarget);
    }
  }
}

/** The name people see: the admin's, else the provider's, else the instance name. */
export function displayNameOf(server: Pick<GameServer, 'displayName' | 'providerName' | 'name'>): string {
  return server.displayName?.trim() || server.providerName?.trim() || server.name;
}
