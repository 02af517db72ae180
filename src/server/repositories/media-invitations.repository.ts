import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

export type MediaInvitationResult = 'sent' | 'failed';

/** One invitation sent through the media card, with its sender's current name. */
export interface MediaInvitation {
  id: number;
  userId: number | null;
  /** Null once the account is deleted. */
  username: string | null;
  email: string;
  backend: string;
  result: MediaInvitationResult;
  message: string | null;
  createdAt: string;
}

/** SQL for media_invitations: every attempt, kept for the admins' list and the per-user rate limit. */
export class MediaInvitationsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: {
    userId: number;
    email: string;
    backend: string;
    result: MediaInvitationResult;
    message: string | null;
    createdAt: string;
  }): Promise<number> {
    const inserted = await this.db
      .insertInto('media_invitations')
      .values({
        user_id: row.userId,
        email: row.email,
        backend: row.backend,
        result: row.result,
        message: row.message,
        created_at: row.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return inserted.id;
  }

  async setResult(id: number, result: MediaInvitationResult, message: string | null): Promise<void> {
    await this.db.updateTable('media_invitations').set({ result, message }).where('id', '=', id).execute();
  }

  async delete(id: number): Promise<void> {
    await this.db.deleteFrom('media_invitations').where('id', '=', id).execute();
  }

  /** How many invitations the user sent since `since` (the rate limit counts rows, so it holds across instances). */
  async countByUserSince(userId: number, since: string): Promise<number> {
    const row = await this.db
      .selectFrom('media_invitations')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .executeTakeFirstOrThrow();
    return Number(row.count);
  }

  /** Newest first; one user's, or everyone's. */
  async list(limit: number, userId?: number): Promise<MediaInvitation[]> {
    let query = this.db
      .selectFrom('media_invitations as i')
      .leftJoin('users as u', 'u.id', 'i.user_id')
      .select([
        'i.id as id',
        'i.user_id as userId',
        'u.username as username',
        'i.email as email',
        'i.backend as backend',
        'i.result as result',
        'i.message as message',
        'i.created_at as createdAt',
      ])
      .orderBy('i.created_at', 'desc')
      .orderBy('i.id', 'desc')
      .limit(limit);
    if (userId !== undefined) query = query.where('i.user_id', '=', userId);
    const rows = await query.execute();
    return rows.map((row) => ({ ...row, result: row.result === 'sent' ? 'sent' : 'failed' }));
  }
}
