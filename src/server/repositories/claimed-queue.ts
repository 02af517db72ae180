import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/**
 * The claim protocol the outbox tables share: rows wait as `pending` until `nextAttemptAt`; a conditional UPDATE
 * moves one to `sending` for exactly one worker, however many instances race for it.
 */
export type QueueTable = DeliveryTable | 'outbox_mails';

/** The delivery tables: a claimed row can be put back for later or ended with a reason. */
export type DeliveryTable = 'notification_deliveries' | 'channel_deliveries' | 'subject_mail_deliveries';

/** Ids of pending rows that are due, oldest first. */
export async function dueQueueIds(
  db: Kysely<Database>,
  table: QueueTable,
  now: string,
  limit: number,
): Promise<number[]> {
  const rows = await db
    .selectFrom(table)
    .select('id')
    .where('state', '=', 'pending')
    .where('nextAttemptAt', '<=', now)
    .orderBy('nextAttemptAt')
    .orderBy('id')
    .limit(limit)
    .execute();
  return rows.map((row) => row.id);
}

/** Claims a due pending row for this worker; false when another worker was first. */
export async function claimQueueRow(
  db: Kysely<Database>,
  table: QueueTable,
  id: number,
  token: string,
  now: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ state: 'sending', claimToken: token, claimedAt: now })
    .where('id', '=', id)
    .where('state', '=', 'pending')
    .where('nextAttemptAt', '<=', now)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** A claimed delivery goes back to pending: after a failed attempt (counted, with its error) or a deferral (not). */
export async function retryClaimedRow(
  db: Kysely<Database>,
  table: DeliveryTable,
  claim: { id: number; token: string },
  nextAttemptAt: string,
  failure: { error: string; attempts: number } | undefined,
): Promise<void> {
  await db
    .updateTable(table)
    .set({
      state: 'pending',
      nextAttemptAt,
      claimToken: null,
      claimedAt: null,
      ...(failure ? { attempts: failure.attempts, lastError: failure.error.slice(0, 1000) } : {}),
    })
    .where('id', '=', claim.id)
    .where('state', '=', 'sending')
    .where('claimToken', '=', claim.token)
    .execute();
}

/**
 * Ends a claimed delivery (sent, skipped or failed) for the worker holding the claim, with its reason if any; false
 * when that worker no longer holds it.
 */
export async function finishClaimedRow(
  db: Kysely<Database>,
  table: DeliveryTable,
  claim: { id: number; token: string },
  state: string,
  now: string,
  reason?: string,
): Promise<boolean> {
  const result = await db
    .updateTable(table)
    .set({ state, finishedAt: now, claimToken: null, lastError: reason?.slice(0, 1000) ?? null })
    .where('id', '=', claim.id)
    .where('state', '=', 'sending')
    .where('claimToken', '=', claim.token)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}
