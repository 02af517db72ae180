import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A player's request for a new game server. */
export interface GameServerRequest {
  id: number;
  game: string;
  userId: number | null;
  /** The requester's current username (null once the account is deleted). */
  username: string | null;
  createdAt: string;
  doneAt: string | null;
}

/** SQL for the game_server_requests table. */
export class GameServerRequestsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(game: string, userId: number, now: string): Promise<number> {
    const row = await this.db
      .insertInto('game_server_requests')
      .values({ game, userId, createdAt: now, doneAt: null })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  /** Open requests first, then the newest. */
  async list(limit: number): Promise<GameServerRequest[]> {
    return this.#select()
      .orderBy('r.doneAt', (ob) => ob.desc().nullsFirst())
      .orderBy('r.id', 'desc')
      .limit(limit)
      .execute();
  }

  async findById(id: number): Promise<GameServerRequest | undefined> {
    return this.#select().where('r.id', '=', id).executeTakeFirst();
  }

  async setDone(id: number, doneAt: string | null): Promise<boolean> {
    const result = await this.db
      .updateTable('game_server_requests')
      .set({ doneAt })
      .where('id', '=', id)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  /** How many requests the user made since `since` (the per-user limit). */
  async countByUserSince(userId: number, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('game_server_requests')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('userId', '=', userId)
      .where('createdAt', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  #select() {
    return this.db
      .selectFrom('game_server_requests as r')
      .leftJoin('users as u', 'u.id', 'r.userId')
      .select(['r.id', 'r.game', 'r.userId', 'u.username', 'r.createdAt', 'r.doneAt']);
  }
}
