import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * Whether the user has chosen their own display flags (issue 11): until then the stored show_* values are only
 * SPEC's column defaults and the site's flags apply (docs/decisions/0002).
 */
export function ownDisplayFlagsMigration(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('users')
        .addColumn('display_flags_set', isPg ? 'boolean' : 'integer', (c) =>
          c.notNull().defaultTo(isPg ? sql.lit(false) : sql.lit(0)),
        )
        .execute();
    },
  };
}
