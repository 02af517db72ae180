import { sql, type Kysely } from 'kysely';
import { bool } from '../db/database.ts';
import type { Database } from '../db/schema.ts';
import type { DeliveryTable } from './claimed-queue.ts';
import type { LastSent } from './mail-delivery-queue.ts';

/**
 * What the send rules (notifications/delivery-rules.ts) read of a delivery's earlier siblings: the deliveries of the
 * same owner in the same table. The owner is a set of column values: a preference (services' e-mail), a
 * subscription (game servers' and the media server's e-mail), or a channel and subject (channels).
 */
export type DeliveryOwner = Readonly<Record<string, number | string>>;

function sameOwner(db: Kysely<Database>, table: DeliveryTable, owner: DeliveryOwner) {
  let query = db.selectFrom(table);
  // Column names come from the repositories, never from input.
  for (const [column, value] of Object.entries(owner)) query = query.where(sql.ref(column), '=', value);
  return query;
}

/** True when the owner has a delivery for a later change (the one with `changeId` is then stale). */
export async function hasNewerDelivery(
  db: Kysely<Database>,
  table: DeliveryTable,
  owner: DeliveryOwner,
  changeId: number,
): Promise<boolean> {
  const row = await sameOwner(db, table, owner)
    .select('id')
    .where('changeId', '>', changeId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/**
 * The state of the owner's latest delivery other than `exceptId` that may have reached the recipient: sent, being
 * sent, or in doubt (claimed by a sender that died).
 */
export async function lastToldStatus(
  db: Kysely<Database>,
  table: DeliveryTable,
  owner: DeliveryOwner,
  exceptId: number,
): Promise<boolean | undefined> {
  const row = await sameOwner(db, table, owner)
    .select('status')
    .where('id', '!=', exceptId)
    .where((eb) => eb.or([eb('state', 'in', ['sent', 'sending']), eb('inDoubt', '=', true)]))
    .orderBy('changeId', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row && bool(row.status);
}

/** The owner's last sent delivery (anti-storm), from the table itself. */
export async function lastSentDelivery(
  db: Kysely<Database>,
  table: DeliveryTable,
  owner: DeliveryOwner,
): Promise<LastSent | undefined> {
  const row = await sameOwner(db, table, owner)
    .select(['status', 'finishedAt'])
    .where('state', '=', 'sent')
    .orderBy('finishedAt', 'desc')
    .orderBy('id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.finishedAt ? { status: bool(row.status), sentAt: row.finishedAt } : undefined;
}
