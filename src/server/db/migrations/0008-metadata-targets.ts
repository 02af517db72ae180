import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * The administrators' switch that lets the monitor check cloud metadata addresses (169.254.169.254 and the
 * like); off by default (docs/decisions/0004-monitoring.md, "Who may be checked").
 */
export function metadataTargetsMigration(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('settings')
        .addColumn('allow_metadata_targets', isPg ? 'boolean' : 'integer', (c) =>
          c.notNull().defaultTo(isPg ? sql.lit(false) : sql.lit(0)),
        )
        .execute();
    },
  };
}
