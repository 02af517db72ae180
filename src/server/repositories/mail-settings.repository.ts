import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';

/** The stored SMTP settings (the password in clear: the server must present it to the SMTP server). */
export interface StoredMailSettings {
  host: string | null;
  port: number;
  secure: 'starttls' | 'tls' | 'none';
  username: string | null;
  password: string | null;
  fromAddress: string | null;
  updatedAt: string;
  /** The account that last changed where mail goes (any field above but the time); null: never through the API. */
  routeChangedBy: number | null;
  /** When it did; null with `routeChangedBy`. */
  routeChangedAt: string | null;
}

const ROW_ID = 1;

function toSecure(value: string): StoredMailSettings['secure'] {
  return value === 'tls' || value === 'none' ? value : 'starttls';
}

/** SQL for the single mail_settings row. */
export class MailSettingsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The stored settings, or undefined when they were never stored. */
  async get(): Promise<StoredMailSettings | undefined> {
    const row = await this.db.selectFrom('mail_settings').selectAll().where('id', '=', ROW_ID).executeTakeFirst();
    if (!row) return undefined;
    return {
      host: row.host,
      port: row.port,
      secure: toSecure(row.secure),
      username: row.username,
      password: row.password,
      fromAddress: row.from_address,
      updatedAt: row.updated_at,
      routeChangedBy: row.route_changed_by,
      routeChangedAt: row.route_changed_at,
    };
  }

  /** Stores the settings unless a row already exists (first start, or another instance was first). */
  async insertIfAbsent(settings: StoredMailSettings): Promise<void> {
    await this.db
      .insertInto('mail_settings')
      .values({ id: ROW_ID, ...columns(settings) })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  /** Replaces the stored settings. */
  async save(settings: StoredMailSettings): Promise<void> {
    await this.db
      .insertInto('mail_settings')
      .values({ id: ROW_ID, ...columns(settings) })
      .onConflict((oc) => oc.column('id').doUpdateSet(columns(settings)))
      .execute();
  }
}

function columns(settings: StoredMailSettings) {
  return {
    host: settings.host,
    port: settings.port,
    secure: settings.secure,
    username: settings.username,
    password: settings.password,
    from_address: settings.fromAddress,
    updated_at: settings.updatedAt,
    route_changed_by: settings.routeChangedBy,
    route_changed_at: settings.routeChangedAt,
  };
}
