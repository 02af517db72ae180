import { sql, type Insertable, type Kysely } from 'kysely';
import type { Database, LoginAttemptsTable } from '../db/schema.ts';

/** SQL for the sign-in attempt log. */
export class LoginAttemptsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores an attempt and returns its id. */
  async insert(attempt: Omit<Insertable<LoginAttemptsTable>, 'id'>): Promise<number> {
    const row = await this.db.insertInto('login_attempts').values(attempt).returning('id').executeTakeFirstOrThrow();
    return row.id;
  }

  /**
   * Stores the first refused attempt of a burst (its `burst_key` set) and returns its id; undefined when a parallel
   * request stored that burst first (the caller counts on its row instead).
   */
  async insertBurst(attempt: Omit<Insertable<LoginAttemptsTable>, 'id'> & { burst_key: string }) {
    const row = await this.db
      .insertInto('login_attempts')
      .values(attempt)
      .onConflict((conflict) => conflict.column('burst_key').doNothing())
      .returning('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** Counts one more refused attempt on the burst's row; false when the burst has no row yet. */
  async countInBurst(burstKey: string): Promise<boolean> {
    const result = await this.db
      .updateTable('login_attempts')
      .set((eb) => ({ count: eb('count', '+', 1) }))
      .where('burst_key', '=', burstKey)
      .executeTakeFirst();
    return result.numUpdatedRows > 0n;
  }

  /**
   * Keeps at most `cap` rows other than successes: deletes those more than `cap` ids behind `newestId`. Ids only grow,
   * so this drops the oldest, and each call deletes about one row (through the partial index of migration 0021,
   * whose condition is repeated here as a literal so both databases use it).
   */
  async trimBehind(newestId: number, cap: number): Promise<void> {
    await this.db
      .deleteFrom('login_attempts')
      .where('type', '<>', sql.lit('success'))
      .where('id', '<=', newestId - cap)
      .execute();
  }

  /** The addresses the account signed in from since `sinceIso`, each once, the most recently used first, at most `limit`. */
  async successAddresses(userId: number, sinceIso: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('login_attempts')
      .select('ip')
      .where('user_id', '=', userId)
      .where('type', '=', sql.lit('success'))
      .where('timestamp', '>=', sinceIso)
      .groupBy('ip')
      .orderBy((eb) => eb.fn.max('timestamp'), 'desc')
      .limit(limit)
      .execute();
    return rows.map((row) => row.ip);
  }

  /** Sets the looked-up ISP and place of an attempt. */
  async setLocation(
    id: number,
    location: Pick<LoginAttemptsTable, 'isp' | 'city' | 'region' | 'country'>,
  ): Promise<void> {
    await this.db.updateTable('login_attempts').set(location).where('id', '=', id).execute();
  }

  /** Attempts with ids in [fromId, toId] whose ISP and place are all unset, oldest first (the enricher's backlog). */
  async listUnlocated(fromId: number, toId: number, limit: number): Promise<Array<{ id: number; ip: string }>> {
    return this.db
      .selectFrom('login_attempts')
      .select(['id', 'ip'])
      .where('id', '>=', fromId)
      .where('id', '<=', toId)
      .where('isp', 'is', null)
      .where('city', 'is', null)
      .where('region', 'is', null)
      .where('country', 'is', null)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  async deleteBefore(isoTime: string): Promise<void> {
    await this.db.deleteFrom('login_attempts').where('timestamp', '<', isoTime).execute();
  }

  async list(limit: number) {
    return this.db
      .selectFrom('login_attempts')
      .selectAll()
      .orderBy('timestamp', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
