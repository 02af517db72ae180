import { sql, type Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/** The superadmin's extra control (SPEC section 2 leaves it open): self-registration open or closed. */
export function registrationSwitchMigration(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .alterTable('settings')
        .addColumn('registration_open', isPg ? 'boolean' : 'integer', (c) =>
          c.notNull().defaultTo(isPg ? sql.lit(true) : sql.lit(1)),
        )
        .execute();
    },
  };
}
