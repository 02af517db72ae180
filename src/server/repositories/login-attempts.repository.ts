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
