import type { Kysely } from 'kysely';
import { claimQueueRow, dueQueueIds } from './claimed-queue.ts';
import type { Database } from '../db/schema.ts';

/** A queued mail that is not a status notification (e.g. a game-server request to an admin). */
export interface OutboxMail {
  id: number;
  kind: string;
  mailTo: string;
  subject: string;
  text: string;
  attempts: number;
  createdAt: string;
}

export interface NewOutboxMail {
  kind: string;
  mailTo: string;
  subject: string;
  text: string;
}

/**
 * SQL for outbox_mails, with the claim protocol of notification_deliveries (claimed-queue.ts): several instances
 * never send one mail twice (short of a crash between SMTP and the outcome, when the lease returns it to pending).
 */
export class OutboxMailsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async enqueue(mails: NewOutboxMail[], now: string): Promise<void> {
    if (mails.length === 0) return;
    await this.db
      .insertInto('outbox_mails')
      .values(mails.map((mail) => ({ ...mail, state: 'pending', nextAttemptAt: now, createdAt: now })))
      .execute();
  }

  async releaseStaleClaims(claimedBefore: string): Promise<void> {
    await this.db
      .updateTable('outbox_mails')
      .set({ state: 'pending', claimToken: null, claimedAt: null })
      .where('state', '=', 'sending')
      .where('claimedAt', '<', claimedBefore)
      .execute();
  }

  async dueIds(now: string, limit: number): Promise<number[]> {
    return dueQueueIds(this.db, 'outbox_mails', now, limit);
  }

  /** Claims a due mail and returns it; undefined when another worker was first. */
  async claim(id: number, token: string, now: string): Promise<OutboxMail | undefined> {
    if (!(await claimQueueRow(this.db, 'outbox_mails', id, token, now))) return undefined;
    return this.db
      .selectFrom('outbox_mails')
      .select(['id', 'kind', 'mailTo', 'subject', 'text', 'attempts', 'createdAt'])
      .where('id', '=', id)
      .executeTakeFirst();
  }

  async finish(id: number, token: string, state: 'sent' | 'failed', now: string, error?: string): Promise<void> {
    await this.db
      .updateTable('outbox_mails')
      .set({ state, finishedAt: now, claimToken: null, lastError: error?.slice(0, 1000) ?? null })
      .where('id', '=', id)
      .where('claimToken', '=', token)
      .execute();
  }

  async retryLater(id: number, token: string, nextAttemptAt: string, attempts: number, error: string): Promise<void> {
    await this.db
      .updateTable('outbox_mails')
      .set({
        state: 'pending',
        nextAttemptAt,
        claimToken: null,
        claimedAt: null,
        attempts,
        lastError: error.slice(0, 1000),
      })
      .where('id', '=', id)
      .where('claimToken', '=', token)
      .execute();
  }
}
