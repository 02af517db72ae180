import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * A delivery whose sender died after claiming it may already be in the recipient's mailbox: `inDoubt` marks it
 * when its claim expires, so the "no news" rule counts it as possibly told (docs/decisions/0005).
 */
export function deliveryInDoubtMigration(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('notification_deliveries')
        .addColumn('inDoubt', isPg ? 'boolean' : 'integer', (c) =>
          c.notNull().defaultTo(isPg ? sql.lit(false) : sql.lit(0)),
        )
        .execute();
    },
  };
}
