import { sql, type Kysely, type CreateTableBuilder } from 'kysely';
import {
  DEFAULT_FONT_FAMILY,
  DEFAULT_LOGIN_DESCRIPTION,
  DEFAULT_NEW_USER_ROLE,
  DEFAULT_OFFLINE_COLOR,
  DEFAULT_ONLINE_COLOR,
  DEFAULT_REFRESH_INTERVAL_SECONDS,
  DEFAULT_SITE_TITLE,
} from '#shared/constants';
import type { Dialect } from '../database.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations describe the schema as it was, not as the current types say */
type AnyDb = Kysely<any>;

/** The entities of SPEC section 3 with SPEC's defaults, plus sessions, reset tokens and app secrets. */
export function initialMigration(dialect: Dialect) {
  const isPg = dialect === 'postgres';
  const boolType = isPg ? 'boolean' : 'integer';
  const t = (value: boolean) => (isPg ? sql.lit(value) : sql.lit(value ? 1 : 0));
  const withId = <T extends string>(table: CreateTableBuilder<T, never>) =>
    isPg
      ? table.addColumn('id', 'serial', (c) => c.primaryKey())
      : table.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());

  return {
    async up(db: AnyDb): Promise<void> {
      await withId(db.schema.createTable('users'))
        .addColumn('username', 'text', (c) => c.notNull())
        .addColumn('password', 'text', (c) => c.notNull())
        .addColumn('email', 'text')
        .addColumn('role', 'text', (c) => c.notNull().defaultTo(DEFAULT_NEW_USER_ROLE))
        .addColumn('enabled', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('approved', boolType, (c) => c.notNull().defaultTo(t(false)))
        .addColumn('can_view_nsfw', boolType, (c) => c.notNull().defaultTo(t(false)))
        .addColumn('show_uptime_log', boolType, (c) => c.notNull().defaultTo(t(false)))
        .addColumn('show_service_url', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('show_refresh_interval', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('show_last_checked', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('service_order', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('is_online', boolType, (c) => c.notNull().defaultTo(t(false)))
        .addColumn('last_login', 'text')
        .addColumn('last_ip', 'text')
        .addColumn('temp_password', boolType, (c) => c.notNull().defaultTo(t(false)))
        .addColumn('google_sub', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // Usernames and e-mail addresses are unique regardless of letter case.
      await sql`create unique index users_username_lower on users (lower(username))`.execute(db);
      await sql`create unique index users_email_lower on users (lower(email)) where email is not null`.execute(db);
      await sql`create unique index users_google_sub on users (google_sub) where google_sub is not null`.execute(db);

      await db.schema
        .createTable('sessions')
        .addColumn('id_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('requires_password_change', boolType, (c) => c.notNull().defaultTo(t(false)))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_seen_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user_id').on('sessions').column('user_id').execute();

      await db.schema
        .createTable('password_reset_tokens')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .addColumn('used_at', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('app_secrets')
        .addColumn('name', 'text', (c) => c.primaryKey())
        .addColumn('value', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('settings'))
        .addColumn('default_role', 'text', (c) => c.notNull().defaultTo(DEFAULT_NEW_USER_ROLE))
        .addColumn('site_title', 'text', (c) => c.notNull().defaultTo(DEFAULT_SITE_TITLE))
        .addColumn('font_family', 'text', (c) => c.notNull().defaultTo(DEFAULT_FONT_FAMILY))
        .addColumn('logo_url', 'text')
        .addColumn('logo_url_large', 'text')
        .addColumn('favicon_url', 'text')
        .addColumn('favicon_label', 'text')
        .addColumn('tracking_code', 'text')
        .addColumn('login_description', 'text', (c) => c.notNull().defaultTo(DEFAULT_LOGIN_DESCRIPTION))
        .addColumn('online_color', 'text', (c) => c.notNull().defaultTo(DEFAULT_ONLINE_COLOR))
        .addColumn('offline_color', 'text', (c) => c.notNull().defaultTo(DEFAULT_OFFLINE_COLOR))
        .addColumn('discord_url', 'text')
        .addColumn('show_refresh_interval', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('show_last_checked', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('show_service_url', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('show_status_badge', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('show_uptime_log', boolType, (c) => c.notNull().defaultTo(t(false)))
        .addColumn('admin_show_refresh_interval', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('admin_show_last_checked', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('admin_show_service_url', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('admin_show_status_badge', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('admin_show_uptime_log', boolType, (c) => c.notNull().defaultTo(t(false)))
        .execute();
      // The one settings row exists from the first start, so reads never have to invent defaults.
      await db.insertInto('settings').values({ id: 1 }).execute();

      await withId(db.schema.createTable('services'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('url', 'text', (c) => c.notNull())
        .addColumn('status', boolType, (c) => c.notNull().defaultTo(t(false)))
        .addColumn('lastChecked', 'text', (c) => c.notNull())
        .addColumn('icon', 'text')
        .addColumn('background', 'text')
        .addColumn('refreshInterval', 'integer', (c) => c.notNull().defaultTo(DEFAULT_REFRESH_INTERVAL_SECONDS))
        .addColumn('isNSFW', boolType, (c) => c.notNull().defaultTo(t(false)))
        .addColumn('tooltip', 'text')
        .addColumn('show_status_badge', boolType, (c) => c.notNull().defaultTo(t(true)))
        .execute();

      await withId(db.schema.createTable('game_servers'))
        .addColumn('instanceId', 'text', (c) => c.notNull().unique())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('displayName', 'text')
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('status', boolType, (c) => c.notNull().defaultTo(t(false)))
        .addColumn('playerCount', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('maxPlayers', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hidden', boolType, (c) => c.notNull().defaultTo(t(false)))
        .addColumn('icon', 'text')
        .addColumn('background', 'text')
        .addColumn('show_player_count', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('show_status_badge', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('autoStart', boolType, (c) => c.notNull().defaultTo(t(false)))
        .addColumn('lastStatusCheck', 'text')
        .addColumn('refreshInterval', 'integer', (c) => c.notNull().defaultTo(DEFAULT_REFRESH_INTERVAL_SECONDS))
        .execute();

      await withId(db.schema.createTable('service_status_logs'))
        .addColumn('serviceId', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
        .addColumn('status', boolType, (c) => c.notNull())
        .addColumn('timestamp', 'text', (c) => c.notNull())
        .addColumn('responseTime', 'integer')
        .execute();
      await db.schema
        .createIndex('service_status_logs_service_time')
        .on('service_status_logs')
        .columns(['serviceId', 'timestamp'])
        .execute();

      await withId(db.schema.createTable('notification_preferences'))
        .addColumn('userId', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('serviceId', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('enabled', boolType, (c) => c.notNull().defaultTo(t(true)))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .addUniqueConstraint('notification_preferences_user_service', ['userId', 'serviceId'])
        .execute();

      await withId(db.schema.createTable('email_templates'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('template', 'text', (c) => c.notNull())
        .addColumn('defaultTemplate', boolType, (c) => c.notNull().defaultTo(t(false)))
        .addColumn('createdAt', 'text', (c) => c.notNull())
        .addColumn('updatedAt', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('sent_notifications'))
        .addColumn('preferenceId', 'integer', (c) =>
          c.notNull().references('notification_preferences.id').onDelete('cascade'),
        )
        .addColumn('templateId', 'integer', (c) => c.notNull().references('email_templates.id').onDelete('cascade'))
        .addColumn('serviceId', 'integer', (c) => c.notNull().references('services.id').onDelete('cascade'))
        .addColumn('status', boolType, (c) => c.notNull())
        .addColumn('sentAt', 'text', (c) => c.notNull())
        .execute();

      await withId(db.schema.createTable('login_attempts'))
        .addColumn('identifier', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .addColumn('timestamp', 'text', (c) => c.notNull())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('isp', 'text')
        .addColumn('city', 'text')
        .addColumn('region', 'text')
        .addColumn('country', 'text')
        .execute();
      await db.schema.createIndex('login_attempts_timestamp').on('login_attempts').column('timestamp').execute();
    },
  };
}
