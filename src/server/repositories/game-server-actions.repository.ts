import type { Kysely } from 'kysely';
import type { GameServerActionName } from '#shared/schemas/game-servers';
import { bool } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

/** One audited start, stop or restart. */
export interface GameServerActionEntry {
  id: number;
  instanceId: string;
  serverName: string;
  action: GameServerActionName;
  userId: number | null;
  username: string | null;
  isAutomatic: boolean;
  isSuccess: boolean;
  reason: string | null;
  createdAt: string;
}

export type NewGameServerAction = Omit<GameServerActionEntry, 'id'>;

/** SQL for the game_server_actions audit table. */
export class GameServerActionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(entry: NewGameServerAction): Promise<void> {
    await this.db.insertInto('game_server_actions').values(entry).execute();
  }

  /** The newest entries first. */
  async recent(limit: number): Promise<GameServerActionEntry[]> {
    const rows = await this.db
      .selectFrom('game_server_actions')
      .selectAll()
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => ({
      ...row,
      action: row.action as GameServerActionName,
      isAutomatic: bool(row.isAutomatic),
      isSuccess: bool(row.isSuccess),
    }));
  }

  /** Whether a person (not the autoStart rule) stopped the server successfully since `since`. */
  async stoppedByUserSince(instanceId: string, since: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('game_server_actions')
      .select('id')
      .where('instanceId', '=', instanceId)
      .where('action', '=', 'stop')
      .where('isAutomatic', '=', false)
      .where('isSuccess', '=', true)
      .where('createdAt', '>=', since)
      .limit(1)
      .executeTakeFirst();
    return row !== undefined;
  }

  /** When the autoStart rule last tried this server (null when never). */
  async lastAutomaticAt(instanceId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('game_server_actions')
      .select('createdAt')
      .where('instanceId', '=', instanceId)
      .where('isAutomatic', '=', true)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst();
    return row?.createdAt ?? null;
  }
}
