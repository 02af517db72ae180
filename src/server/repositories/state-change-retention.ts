import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** A table of state changes, and the columns that name whose change a row is (a service, or a kind and id). */
export interface StateChangeTable {
  table: 'service_status_changes' | 'alert_subject_changes';
  owner: readonly ('serviceId' | 'subjectKind' | 'subjectId')[];
}

export const SERVICE_CHANGES: StateChangeTable = { table: 'service_status_changes', owner: ['serviceId'] };
export const SUBJECT_CHANGES: StateChangeTable = {
  table: 'alert_subject_changes',
  owner: ['subjectKind', 'subjectId'],
};

// At most this many rows per statement, so a first run over years of changes never holds the (SQLite: only) write
// lock long; each run goes on until nothing is left to delete.
const BATCH = 1_000;

/**
 * Deletes the processed changes older than `before` (epoch ms), except each owner's `keep` newest of those: the last
 * one is the state the kept ones start from (and, for a quiet owner, its latest change), and a reader may need more
 * (the history lists a service's last 10 changes, however old). Unprocessed changes always stay: their alerts are
 * not queued yet. Returns how many went.
 */
export async function deleteStateChangesBefore(
  db: Kysely<Database>,
  { table, owner }: StateChangeTable,
  before: number,
  keep: number,
): Promise<number> {
  const beforeIso = new Date(before).toISOString();
  const sameOwner = sql.join(
    owner.map((column) => sql`${sql.ref(`p.${column}`)} = ${sql.ref(`c.${column}`)}`),
    sql` AND `,
  );
  // The changedAt of the owner's `keep`-th newest change before the cutoff: older ones go. Null (fewer than `keep`
  // of them) keeps all. One seek into the (owner, changedAt) index of each table.
  const keptFrom = sql`(SELECT ${sql.ref('p.changedAt')} FROM ${sql.table(table)} AS p WHERE ${sameOwner} AND ${sql.ref('p.changedAt')} < ${beforeIso} ORDER BY ${sql.ref('p.changedAt')} DESC LIMIT 1 OFFSET ${sql.lit(keep - 1)})`;
  let deleted = 0;
  for (;;) {
    const result =
      await sql`DELETE FROM ${sql.table(table)} WHERE ${sql.ref('id')} IN (SELECT ${sql.ref('c.id')} FROM ${sql.table(table)} AS c WHERE ${sql.ref('c.changedAt')} < ${beforeIso} AND ${sql.ref('c.processedAt')} IS NOT NULL AND ${sql.ref('c.changedAt')} < ${keptFrom} LIMIT ${sql.lit(BATCH)})`.execute(
        db,
      );
    const count = Number(result.numAffectedRows ?? 0);
    deleted += count;
    if (count < BATCH) return deleted;
    // Let check results and requests in between batches.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
