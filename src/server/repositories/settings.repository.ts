import type { Kysely, Selectable, Transaction, Updateable } from 'kysely';
import type { AssignableRole } from '#shared/roles';
import { MEDIA_BACKEND_CHOICES, type MediaBackendChoice } from '#shared/schemas/media';
import { bool } from '../db/database.ts';
import type { Database, SettingsTable } from '../db/schema.ts';

type Executor = Kysely<Database> | Transaction<Database>;

/** The site settings row with booleans normalised. */
export interface Settings {
  id: number;
  default_role: AssignableRole;
  site_title: string;
  font_family: string;
  logo_url: string | null;
  logo_url_large: string | null;
  favicon_url: string | null;
  favicon_label: string | null;
  tracking_code: string | null;
  login_description: string;
  online_color: string;
  offline_color: string;
  discord_url: string | null;
  show_refresh_interval: boolean;
  show_last_checked: boolean;
  show_service_url: boolean;
  show_status_badge: boolean;
  show_uptime_log: boolean;
  admin_show_refresh_interval: boolean;
  admin_show_last_checked: boolean;
  admin_show_service_url: boolean;
  admin_show_status_badge: boolean;
  admin_show_uptime_log: boolean;
  registration_open: boolean;
  allow_metadata_targets: boolean;
  /** The stored game host; null means GAME_HOST applies. */
  game_host: string | null;
  /** The active media back end's choice (auto: Plex when configured, else Jellyfin). */
  media_backend: MediaBackendChoice;
}

function mediaBackend(value: string): MediaBackendChoice {
  return (MEDIA_BACKEND_CHOICES as readonly string[]).includes(value) ? (value as MediaBackendChoice) : 'auto';
}

function toSettings(row: Selectable<SettingsTable>): Settings {
  return {
    ...row,
    default_role: row.default_role as AssignableRole,
    show_refresh_interval: bool(row.show_refresh_interval),
    show_last_checked: bool(row.show_last_checked),
    show_service_url: bool(row.show_service_url),
    show_status_badge: bool(row.show_status_badge),
    show_uptime_log: bool(row.show_uptime_log),
    admin_show_refresh_interval: bool(row.admin_show_refresh_interval),
    admin_show_last_checked: bool(row.admin_show_last_checked),
    admin_show_service_url: bool(row.admin_show_service_url),
    admin_show_status_badge: bool(row.admin_show_status_badge),
    admin_show_uptime_log: bool(row.admin_show_uptime_log),
    registration_open: bool(row.registration_open),
    allow_metadata_targets: bool(row.allow_metadata_targets),
    media_backend: mediaBackend(row.media_backend),
  };
}

/** SQL for the single settings row (id 1, created by the first migration). */
export class SettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async get(executor: Executor = this.db): Promise<Settings> {
    const row = await executor.selectFrom('settings').selectAll().orderBy('id').executeTakeFirstOrThrow();
    return toSettings(row);
  }

  async update(changes: Updateable<SettingsTable>): Promise<Settings> {
    const current = await this.get();
    // An empty change (PATCH with no known field) would be invalid SQL: nothing to write.
    if (Object.keys(changes).length === 0) return current;
    const row = await this.db
      .updateTable('settings')
      .set(changes)
      .where('id', '=', current.id)
      .returningAll()
      .executeTakeFirstOrThrow();
    return toSettings(row);
  }
}
