import type { Insertable, Kysely } from 'kysely';
import type { Database, LoginAttemptsTable } from '../db/schema.ts';

/** SQL for the sign-in attempt log. */
export class LoginAttemptsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Stores an attempt and returns its id. */
  async insert(attempt: Omit<Insertable<LoginAttemptsTable>, 'id'>): Promise<number> {
    const row = await this.db.insertInto('login_attempts').values(attempt).returning('id').executeTakeFirstOrThrow();
    return row.id;
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
