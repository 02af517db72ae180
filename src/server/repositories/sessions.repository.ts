import type { Kysely, Transaction } from 'kysely';
import { bool } from '../db/database.ts';
import type { Database } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** A stored session (the cookie value itself is never stored, only its keyed hash). */
export interface SessionRecord {
  idHash: string;
  userId: number;
  requiresPasswordChange: boolean;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
}

/** SQL for the sessions table. */
export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(session: SessionRecord & { ip: string | null; userAgent: string | null }): Promise<void> {
    await this.db
      .insertInto('sessions')
      .values({
        id_hash: session.idHash,
        user_id: session.userId,
        requires_password_change: session.requiresPasswordChange,
        created_at: session.createdAt,
        last_seen_at: session.lastSeenAt,
        expires_at: session.expiresAt,
        ip: session.ip,
        user_agent: session.userAgent,
      })
      .execute();
  }

  async find(idHash: string): Promise<SessionRecord | undefined> {
    const row = await this.db.selectFrom('sessions').selectAll().where('id_hash', '=', idHash).executeTakeFirst();
    if (!row) return undefined;
    return {
      idHash: row.id_hash,
      userId: row.user_id,
      requiresPasswordChange: bool(row.requires_password_change),
      createdAt: row.created_at,
      lastSeenAt: row.last_seen_at,
      expiresAt: row.expires_at,
    };
  }

  async touch(idHash: string, lastSeenAt: string, expiresAt: string): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: lastSeenAt, expires_at: expiresAt })
      .where('id_hash', '=', idHash)
      .execute();
  }

  async delete(idHash: string): Promise<void> {
    await this.db.deleteFrom('sessions').where('id_hash', '=', idHash).execute();
  }

  /** Ends every session of a user, except one (the caller's own) when given. */
  async deleteForUser(userId: number, exceptIdHash?: string, executor: Executor = this.db): Promise<void> {
    let query = executor.deleteFrom('sessions').where('user_id', '=', userId);
    if (exceptIdHash) query = query.where('id_hash', '!=', exceptIdHash);
    await query.execute();
  }

  async countForUser(userId: number): Promise<number> {
    const row = await this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async deleteExpired(nowIso: string): Promise<number> {
    const result = await this.db.deleteFrom('sessions').where('expires_at', '<=', nowIso).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
