import type { Kysely } from 'kysely';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * API keys (issue 15): named, scoped keys for scripts and dashboards (`Authorization: Bearer`). Only the SHA-256
 * of a key is stored (the key itself is shown once); the prefix is its first characters, kept to tell keys apart in
 * lists. A revoked key's row is deleted, and a creator's deletion takes their keys with it.
 */
export function apiKeysMigration(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  return {
    async up(db: Kysely<any>): Promise<void> {
      const table = db.schema.createTable('api_keys');
      await (
        isPg
          ? table.addColumn('id', 'serial', (c) => c.primaryKey())
          : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
      )
        .addColumn('name', 'text', (c) => c.notNull())
        // JSON array of scopes (read, metrics, admin).
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('key_hash', 'text', (c) => c.notNull().unique())
        .addColumn('prefix', 'text', (c) => c.notNull())
        .addColumn('created_by', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_used_at', 'text')
        .addColumn('last_used_ip', 'text')
        .execute();
    },
  };
}
