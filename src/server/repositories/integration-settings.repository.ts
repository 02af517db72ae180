import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** One system's stored values (secrets in clear: the server must present them to the system). */
export interface StoredIntegrationSettings {
  values: Record<string, string | null>;
  updatedAt: string;
}

/** Reads the JSON column defensively: anything but text or null in it is treated as absent. */
function parseValues(text: string): Record<string, string | null> {
  const parsed: unknown = JSON.parse(text);
  const values: Record<string, string | null> = {};
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return values;
  for (const [key, value] of Object.entries(parsed as Record<string, unknown>)) {
    if (typeof value === 'string' || value === null) values[key] = value;
  }
  return values;
}

/** SQL for integration_settings: one row per outside system. */
export class IntegrationSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored settings of a system, or undefined when they were never saved. */
  async get(system: string): Promise<StoredIntegrationSettings | undefined> {
    const row = await this.db
      .selectFrom('integration_settings')
      .select(['values_json', 'updated_at'])
      .where('system', '=', system)
      .executeTakeFirst();
    return row ? { values: parseValues(row.values_json), updatedAt: row.updated_at } : undefined;
  }

  /** Replaces a system's stored settings. */
  async save(system: string, settings: StoredIntegrationSettings): Promise<void> {
    const columns = { values_json: JSON.stringify(settings.values), updated_at: settings.updatedAt };
    await this.db
      .insertInto('integration_settings')
      .values({ system, ...columns })
      .onConflict((oc) => oc.column('system').doUpdateSet(columns))
      .execute();
  }
}
