import type { Kysely } from 'kysely';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */

/**
 * Integration settings (issue 12): one row per outside system (AMP now; Plex, plex.tv and Jellyfin later) with its
 * values, secrets included, as JSON text. No row means "never saved here": the environment's values apply. Also
 * the site's game host (copy-address), whose null falls back to GAME_HOST.
 */
export function integrationSettingsMigration() {
  return {
    async up(db: Kysely<any>): Promise<void> {
      await db.schema
        .createTable('integration_settings')
        .addColumn('system', 'text', (c) => c.primaryKey())
        .addColumn('values_json', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema.alterTable('settings').addColumn('game_host', 'text').execute();
    },
  };
}
