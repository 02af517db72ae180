import type { Insertable, Kysely } from 'kysely';
import type { Database, LoginAttemptsTable } from '../db/schema.ts';

/** SQL for the sign-in attempt log. */
export class LoginAttemptsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(attempt: Omit<Insertable<LoginAttemptsTable>, 'id'>): Promise<void> {
    await this.db.insertInto('login_attempts').values(attempt).execute();
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
