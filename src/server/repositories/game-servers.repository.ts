import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { GameServerProviderId } from '#shared/schemas/game-servers';
import { bool } from '../db/database.ts';
import type { Database, GameServersTable } from '../db/schema.ts';
import type { GameServerState } from '../game-servers/game-server-provider.ts';

/** A game_servers row with booleans normalised. */
export interface GameServer {
  id: number;
  instanceId: string;
  name: string;
  /** The admin's display name; null means the provider's (providerName). */
  displayName: string | null;
  providerName: string | null;
  type: string;
  status: boolean;
  playerCount: number;
  maxPlayers: number;
  hidden: boolean;
  icon: string | null;
  background: string | null;
  show_player_count: boolean;
  show_status_badge: boolean;
  autoStart: boolean;
  lastStatusCheck: string | null;
  refreshInterval: number;
  provider: GameServerProviderId;
  host: string | null;
  port: number | null;
  cpuUsage: number;
  memoryUsage: number;
  maxMemory: number;
  missing: boolean;
  lastError: string | null;
}

function toGameServer(row: Selectable<GameServersTable>): GameServer {
  return {
    id: row.id,
    instanceId: row.instanceId,
    name: row.name,
    displayName: row.displayName,
    providerName: row.providerName,
    type: row.type,
    status: bool(row.status),
    playerCount: row.playerCount,
    maxPlayers: row.maxPlayers,
    hidden: bool(row.hidden),
    icon: row.icon,
    background: row.background,
    show_player_count: bool(row.show_player_count),
    show_status_badge: bool(row.show_status_badge),
    autoStart: bool(row.autoStart),
    lastStatusCheck: row.lastStatusCheck,
    refreshInterval: row.refreshInterval,
    provider: row.provider === 'query' ? 'query' : 'amp',
    host: row.host,
    port: row.port,
    cpuUsage: Number(row.cpuUsage),
    memoryUsage: Number(row.memoryUsage),
    maxMemory: Number(row.maxMemory),
    missing: bool(row.missing),
    lastError: row.lastError,
  };
}

/** The live columns a provider's snapshot sets (identity only for providers that discover their servers). */
function liveColumns(state: GameServerState, now: string, discovers: boolean) {
  return {
    ...(discovers ? { name: state.name, providerName: state.displayName, type: state.type, port: state.port } : {}),
    status: state.online,
    playerCount: Math.round(state.playerCount),
    maxPlayers: Math.round(state.maxPlayers),
    cpuUsage: state.cpuUsage,
    memoryUsage: state.memoryUsage,
    maxMemory: state.maxMemory,
    missing: false,
    lastError: null,
    lastStatusCheck: now,
  };
}

/** SQL for the game_servers table. */
export class GameServersRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async list(): Promise<GameServer[]> {
    const rows = await this.db.selectFrom('game_servers').selectAll().orderBy('id').execute();
    return rows.map(toGameServer);
  }

  async countByProvider(provider: GameServerProviderId): Promise<number> {
    const row = await this.db
      .selectFrom('game_servers')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('provider', '=', provider)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async listByProvider(provider: GameServerProviderId): Promise<GameServer[]> {
    const rows = await this.db
      .selectFrom('game_servers')
      .selectAll()
      .where('provider', '=', provider)
      .orderBy('id')
      .execute();
    return rows.map(toGameServer);
  }

  async findById(id: number): Promise<GameServer | undefined> {
    const row = await this.db.selectFrom('game_servers').selectAll().where('id', '=', id).executeTakeFirst();
    return row && toGameServer(row);
  }

  async findByInstanceId(instanceId: string): Promise<GameServer | undefined> {
    const row = await this.db
      .selectFrom('game_servers')
      .selectAll()
      .where('instanceId', '=', instanceId)
      .executeTakeFirst();
    return row && toGameServer(row);
  }

  async insert(values: Omit<Insertable<GameServersTable>, 'id'>): Promise<GameServer> {
    return toGameServer(
      await this.db.insertInto('game_servers').values(values).returningAll().executeTakeFirstOrThrow(),
    );
  }

  async update(id: number, changes: Updateable<GameServersTable>): Promise<GameServer | undefined> {
    if (Object.keys(changes).length === 0) return this.findById(id);
    const row = await this.db
      .updateTable('game_servers')
      .set(changes)
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    return row && toGameServer(row);
  }

  async delete(id: number): Promise<boolean> {
    const result = await this.db.deleteFrom('game_servers').where('id', '=', id).executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /**
   * Applies one snapshot of a provider in one transaction: rows of the servers it reports get their live state.
   * A provider that discovers its servers (AMP) also inserts new ones and marks its rows it no longer reports
   * offline and missing; one whose servers admins add (query) only updates, so a row deleted during a poll stays
   * deleted. Admin columns (displayName, hidden, icon, background, show flags, autoStart, refreshInterval) are
   * never touched.
   */
  async applySnapshot(
    provider: GameServerProviderId,
    states: GameServerState[],
    now: string,
    discovers: boolean,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const existing = new Set(
        (await trx.selectFrom('game_servers').select('instanceId').where('provider', '=', provider).execute()).map(
          (row) => row.instanceId,
        ),
      );
      for (const state of states) {
        if (existing.has(state.instanceId)) {
          await trx
            .updateTable('game_servers')
            .set(liveColumns(state, now, discovers))
            .where('instanceId', '=', state.instanceId)
            .execute();
          existing.delete(state.instanceId);
        } else if (discovers) {
          await trx
            .insertInto('game_servers')
            .values({
              instanceId: state.instanceId,
              provider,
              createdAt: now,
              name: state.name,
              type: state.type,
              ...liveColumns(state, now, discovers),
            })
            .onConflict((oc) => oc.column('instanceId').doUpdateSet(liveColumns(state, now, discovers)))
            .execute();
        }
      }
      if (discovers && existing.size > 0) {
        await trx
          .updateTable('game_servers')
          .set({ ...OFFLINE, missing: true, lastStatusCheck: now })
          .where('provider', '=', provider)
          .where('instanceId', 'in', [...existing])
          .execute();
      }
    });
  }

  /** The provider could not be asked: its servers read as offline with the reason (for admins). */
  async markUnreachable(provider: GameServerProviderId, reason: string, now: string): Promise<void> {
    await this.db
      .updateTable('game_servers')
      .set({ ...OFFLINE, lastError: reason, lastStatusCheck: now })
      .where('provider', '=', provider)
      .execute();
  }
}

const OFFLINE = { status: false, playerCount: 0, cpuUsage: 0, memoryUsage: 0 } as const;
