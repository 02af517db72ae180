import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** SQL for one-time password reset tokens (stored as keyed hashes). */
export class ResetTokensRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(tokenHash: string, userId: number, createdAt: string, expiresAt: string): Promise<void> {
    await this.db
      .insertInto('password_reset_tokens')
      .values({ token_hash: tokenHash, user_id: userId, created_at: createdAt, expires_at: expiresAt, used_at: null })
      .execute();
  }

  /** Marks the token used and returns its user, in one statement so two clicks cannot both succeed. */
  async consume(tokenHash: string, nowIso: string): Promise<number | undefined> {
    const row = await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: nowIso })
      .where('token_hash', '=', tokenHash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', nowIso)
      .returning('user_id')
      .executeTakeFirst();
    return row?.user_id;
  }

  /** Earlier unused tokens of a user stop working when a new one is issued or the password changes. */
  async invalidateForUser(userId: number, nowIso: string): Promise<void> {
    await this.db
      .updateTable('password_reset_tokens')
      .set({ used_at: nowIso })
      .where('user_id', '=', userId)
      .where('used_at', 'is', null)
      .execute();
  }

  async deleteExpired(nowIso: string): Promise<void> {
    await this.db.deleteFrom('password_reset_tokens').where('expires_at', '<=', nowIso).execute();
  }
}
