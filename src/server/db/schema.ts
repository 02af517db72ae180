import type { ColumnType, Generated } from 'kysely';

/**
 * Table types for Kysely. Column names follow SPEC section 3 exactly (including its snake/camel mix);
 * table names are snake_case. Booleans are 0/1 in SQLite and true/false in PostgreSQL: repositories
 * normalise them with `bool()` on the way out, and the SqliteBooleanPlugin on the way in.
 * Timestamps are ISO 8601 UTC text in both dialects so they compare and sort the same everywhere.
 */
type Bool = ColumnType<boolean | number, boolean | undefined, boolean>;
type BoolDefault = ColumnType<boolean | number, boolean | undefined, boolean>;

export interface UsersTable {
  id: Generated<number>;
  username: string;
  password: string;
  email: string | null;
  role: string;
  enabled: BoolDefault;
  approved: BoolDefault;
  can_view_nsfw: BoolDefault;
  show_uptime_log: BoolDefault;
  show_service_url: BoolDefault;
  show_refresh_interval: BoolDefault;
  show_last_checked: BoolDefault;
  /** The user chose their own show_* flags (migration 0008); until then the site's apply. */
  display_flags_set: BoolDefault;
  /** JSON array of service ids. */
  service_order: ColumnType<string, string | undefined, string>;
  is_online: BoolDefault;
  last_login: string | null;
  last_ip: string | null;
  temp_password: BoolDefault;
  /** Subject of a linked external identity (Google `sub`). */
  google_sub: string | null;
  created_at: string;
}

export interface SessionsTable {
  /** HMAC-SHA256 of the cookie value: a stolen database does not yield usable sessions. */
  id_hash: string;
  user_id: number;
  requires_password_change: Bool;
  created_at: string;
  last_seen_at: string;
  expires_at: string;
  ip: string | null;
  user_agent: string | null;
}

export interface PasswordResetTokensTable {
  token_hash: string;
  user_id: number;
  expires_at: string;
  used_at: string | null;
  created_at: string;
}

export interface AppSecretsTable {
  name: string;
  value: string;
}

export interface SettingsTable {
  id: Generated<number>;
  default_role: ColumnType<string, string | undefined, string>;
  site_title: ColumnType<string, string | undefined, string>;
  font_family: ColumnType<string, string | undefined, string>;
  logo_url: string | null;
  logo_url_large: string | null;
  favicon_url: string | null;
  favicon_label: string | null;
  tracking_code: string | null;
  login_description: ColumnType<string, string | undefined, string>;
  online_color: ColumnType<string, string | undefined, string>;
  offline_color: ColumnType<string, string | undefined, string>;
  discord_url: string | null;
  show_refresh_interval: BoolDefault;
  show_last_checked: BoolDefault;
  show_service_url: BoolDefault;
  show_status_badge: BoolDefault;
  show_uptime_log: BoolDefault;
  admin_show_refresh_interval: BoolDefault;
  admin_show_last_checked: BoolDefault;
  admin_show_service_url: BoolDefault;
  admin_show_status_badge: BoolDefault;
  admin_show_uptime_log: BoolDefault;
  registration_open: BoolDefault;
  allow_metadata_targets: BoolDefault;
  /** The host of copy-address (migration 0010); null falls back to GAME_HOST. */
  game_host: ColumnType<string | null, string | null | undefined, string | null>;
  /** The active media back end: auto, plex or jellyfin (migration 0012). */
  media_backend: ColumnType<string, string | undefined, string>;
}

export interface ServicesTable {
  id: Generated<number>;
  name: string;
  url: string;
  status: BoolDefault;
  lastChecked: string;
  icon: string | null;
  background: string | null;
  refreshInterval: ColumnType<number, number | undefined, number>;
  isNSFW: BoolDefault;
  tooltip: string | null;
  show_status_badge: BoolDefault;
  /** The admin's mark: this service's card is the media card (migration 0012; at most one row true). */
  media_server: BoolDefault;
  /** The admin's mark: this service's badges answer without sign-in (migration 0017). */
  public_badge: BoolDefault;
  /** The optional check settings as JSON (migration 0015); null: the URL scheme's default check. */
  check_settings: ColumnType<string | null, string | null | undefined, string | null>;
  /** SHA-256 (base64url) of a push service's token (migration 0015). */
  push_token_hash: ColumnType<string | null, string | null | undefined, string | null>;
  last_push_at: ColumnType<string | null, string | null | undefined, string | null>;
  /** Why the latest check failed, null when it passed (migration 0015). */
  failure: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface GameServersTable {
  id: Generated<number>;
  instanceId: string;
  name: string;
  displayName: string | null;
  type: string;
  status: BoolDefault;
  playerCount: ColumnType<number, number | undefined, number>;
  maxPlayers: ColumnType<number, number | undefined, number>;
  hidden: BoolDefault;
  icon: string | null;
  background: string | null;
  show_player_count: BoolDefault;
  show_status_badge: BoolDefault;
  autoStart: BoolDefault;
  lastStatusCheck: string | null;
  refreshInterval: ColumnType<number, number | undefined, number>;
  /** 'amp' or 'query' (migration 0011). */
  provider: ColumnType<string, string | undefined, string>;
  /** Query-only servers: where to send the query. */
  host: string | null;
  port: number | null;
  cpuUsage: ColumnType<number, number | undefined, number>;
  memoryUsage: ColumnType<number, number | undefined, number>;
  maxMemory: ColumnType<number, number | undefined, number>;
  /** The server vanished from its panel. */
  missing: BoolDefault;
  lastError: string | null;
  providerName: string | null;
  createdAt: string | null;
}

export interface GameServerActionsTable {
  id: Generated<number>;
  instanceId: string;
  serverName: string;
  action: string;
  userId: number | null;
  username: string | null;
  isAutomatic: BoolDefault;
  isSuccess: Bool;
  reason: string | null;
  createdAt: string;
}

export interface OutboxMailsTable {
  id: Generated<number>;
  kind: string;
  mailTo: string;
  subject: string;
  text: string;
  /** pending -> sending -> sent | failed, as notification_deliveries. */
  state: string;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: string;
  claimToken: string | null;
  claimedAt: string | null;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
}

export interface GameServerRequestsTable {
  id: Generated<number>;
  game: string;
  userId: number | null;
  createdAt: string;
  doneAt: string | null;
}

/** A recent raw check, one row each until the hour it belongs to is packed (migration 0013). */
export interface ServiceChecksTable {
  serviceId: number;
  /** Epoch ms the check started. */
  at: number;
  status: Bool;
  responseTime: number | null;
}

/** One service's raw checks of one UTC hour, packed (monitor/check-samples.ts; migration 0013). */
export interface ServiceCheckHoursTable {
  serviceId: number;
  /** Epoch ms the hour began. */
  hour: number;
  samples: Buffer;
}

export interface NotificationPreferencesTable {
  id: Generated<number>;
  userId: number;
  serviceId: number;
  email: string;
  enabled: BoolDefault;
  createdAt: string;
  updatedAt: string;
}

export interface EmailTemplatesTable {
  id: Generated<number>;
  name: string;
  subject: string;
  template: string;
  defaultTemplate: BoolDefault;
  createdAt: string;
  updatedAt: string;
}

export interface SentNotificationsTable {
  id: Generated<number>;
  preferenceId: number;
  templateId: number;
  serviceId: number;
  status: Bool;
  sentAt: string;
}

export interface LoginAttemptsTable {
  id: Generated<number>;
  identifier: string;
  ip: string;
  timestamp: string;
  type: string;
  isp: string | null;
  city: string | null;
  region: string | null;
  country: string | null;
  /** How many attempts the row stands for: refused attempts share a row per address and minute (migration 0021). */
  count: ColumnType<number, number | undefined, number>;
  /** The address (an IPv6 /64) and minute of a row of refused attempts; null on every other row. Unique. */
  burst_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** The account a successful sign-in opened; null on other rows, and when the account is deleted. */
  user_id: ColumnType<number | null, number | null | undefined, number | null>;
}

export interface ServiceStatusChangesTable {
  id: Generated<number>;
  serviceId: number;
  status: Bool;
  changedAt: string;
  previousChangedAt: string | null;
  processedAt: string | null;
  /** The failure that made a change to down (migration 0015). */
  reason: ColumnType<string | null, string | null | undefined, string | null>;
}

/** Hourly or daily rollup of one service's checks (migration 0003); `bucket` is the ISO start of the period. */
export interface ServiceStatusRollupTable {
  serviceId: number;
  /** Epoch ms the hour or day began (migration 0013; ISO text before). */
  bucket: number;
  checks: number;
  upChecks: number;
  timedChecks: number;
  responseTimeSum: number;
  responseTimeMin: number | null;
  responseTimeMax: number | null;
}

/** One outside system's settings (migration 0010): its values, secrets included, as JSON text. */
export interface IntegrationSettingsTable {
  /** The descriptor's id, e.g. 'amp'. */
  system: string;
  values_json: string;
  updated_at: string;
}

/** The last media poll (migration 0012): one row, id 1; lists as JSON text. */
export interface MediaStatusTable {
  id: number;
  /** The back end polled ('plex', 'jellyfin'), or null when none is configured. */
  backend: string | null;
  status: BoolDefault;
  error: string | null;
  name: string | null;
  version: string | null;
  machine_id: string | null;
  streams_json: ColumnType<string, string | undefined, string>;
  libraries_json: ColumnType<string, string | undefined, string>;
  /** Thumbnail key -> the back end's image path, for the streams of the last poll only. */
  thumbs_json: ColumnType<string, string | undefined, string>;
  checked_at: string | null;
}

/** One invitation sent through the media card (migration 0012). */
export interface MediaInvitationsTable {
  id: Generated<number>;
  user_id: number | null;
  email: string;
  backend: string;
  /** 'sent' or 'failed'. */
  result: string;
  message: string | null;
  created_at: string;
}

export interface MailSettingsTable {
  id: number;
  host: string | null;
  port: number;
  secure: string;
  username: string | null;
  password: string | null;
  from_address: string | null;
  updated_at: string;
  /** Who last changed where mail goes (migration 0020); null when never changed through the API or an import. */
  route_changed_by: number | null;
  route_changed_at: string | null;
}

export interface NotificationDeliveriesTable {
  id: Generated<number>;
  changeId: number;
  preferenceId: number;
  serviceId: number;
  status: Bool;
  state: string;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: string;
  claimToken: string | null;
  claimedAt: string | null;
  lastError: string | null;
  createdAt: string;
  finishedAt: string | null;
  /** Its sender died after claiming it (migration 0006): it may have been sent, so it is sent again. */
  inDoubt: BoolDefault;
  /** The mail as first rendered, sent as it is by every attempt (migration 0007); null until the first attempt. */
  mailTo: string | null;
  mailSubject: string | null;
  mailHtml: string | null;
  mailText: string | null;
  mailTemplateId: number | null;
}

/** Issue 15: scoped keys for scripts; only the SHA-256 of a key is stored (migration 0014). */
export interface ApiKeysTable {
  id: Generated<number>;
  name: string;
  /** JSON array of ApiKeyScope. */
  scopes: string;
  key_hash: string;
  /** The key's first characters (not secret), to tell keys apart in lists. */
  prefix: string;
  created_by: number;
  created_at: string;
  last_used_at: string | null;
  last_used_ip: string | null;
}

/** One user's alert channel (migration 0016): `settings` and `secrets` are JSON objects of the kind's fields. */
export interface NotificationChannelsTable {
  id: Generated<number>;
  userId: number;
  name: string;
  kind: string;
  settings: string;
  /** Write-only values (tokens, webhook URLs, the signing secret): never presented, never logged. */
  secrets: string;
  enabled: BoolDefault;
  createdAt: string;
  updatedAt: string;
}

/** A user's subscription to a game server or the media server (migration 0016). */
export interface AlertSubscriptionsTable {
  id: Generated<number>;
  userId: number;
  /** 'game_server' (subjectId = game_servers.id) or 'media' (subjectId 0). */
  subjectKind: string;
  subjectId: number;
  enabled: BoolDefault;
  createdAt: string;
  updatedAt: string;
}

/** A status change of a game server or the media server (migration 0016). */
export interface AlertSubjectChangesTable {
  id: Generated<number>;
  subjectKind: string;
  subjectId: number;
  subjectName: string;
  status: Bool;
  changedAt: string;
  previousChangedAt: string | null;
  processedAt: string | null;
}

/** One alert for one channel (migration 0016), with the claim protocol of notification_deliveries. */
export interface ChannelDeliveriesTable {
  id: Generated<number>;
  channelId: number;
  /** 'service', 'game_server' or 'media': which table `changeId` points into. */
  subjectKind: string;
  subjectId: number;
  changeId: number;
  status: Bool;
  /** The alert as JSON, fixed when queued. */
  payload: string;
  state: string;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: string;
  claimToken: string | null;
  claimedAt: string | null;
  lastError: string | null;
  inDoubt: BoolDefault;
  createdAt: string;
  finishedAt: string | null;
}

/**
 * One e-mail alert about a game server or the media server for one subscription (migration 0018), with the claim
 * protocol and stored mail of notification_deliveries.
 */
export interface SubjectMailDeliveriesTable {
  id: Generated<number>;
  /** alert_subject_changes.id */
  changeId: number;
  /** alert_subscriptions.id: who gets it and about what. */
  subscriptionId: number;
  status: Bool;
  state: string;
  attempts: ColumnType<number, number | undefined, number>;
  nextAttemptAt: string;
  claimToken: string | null;
  claimedAt: string | null;
  lastError: string | null;
  inDoubt: BoolDefault;
  createdAt: string;
  finishedAt: string | null;
  mailTo: string | null;
  mailSubject: string | null;
  mailHtml: string | null;
  mailText: string | null;
  mailTemplateId: number | null;
}

/** A maintenance window (migration 0017): its schedule in the wall-clock time of `time_zone` (IANA). */
export interface MaintenanceWindowsTable {
  id: Generated<number>;
  name: string;
  time_zone: string;
  /** JSON MaintenanceSchedule (shared/schemas/maintenance.ts). */
  schedule_json: string;
  /** JSON array of service ids. */
  service_ids_json: string;
  created_at: string;
  updated_at: string;
}

/** A public status page (migration 0017). */
export interface StatusPagesTable {
  id: Generated<number>;
  slug: string;
  title: string;
  /** JSON arrays of ids, in the admin's order. */
  service_ids_json: string;
  game_server_ids_json: string;
  created_at: string;
  updated_at: string;
}

/** An incident note an admin wrote on a status page (migration 0017). */
export interface StatusPageNotesTable {
  id: Generated<number>;
  page_id: number;
  title: string;
  body: string;
  created_at: string;
  updated_at: string;
}

export interface Database {
  users: UsersTable;
  sessions: SessionsTable;
  password_reset_tokens: PasswordResetTokensTable;
  app_secrets: AppSecretsTable;
  settings: SettingsTable;
  services: ServicesTable;
  game_servers: GameServersTable;
  game_server_actions: GameServerActionsTable;
  game_server_requests: GameServerRequestsTable;
  outbox_mails: OutboxMailsTable;
  service_checks: ServiceChecksTable;
  service_check_hours: ServiceCheckHoursTable;
  notification_preferences: NotificationPreferencesTable;
  email_templates: EmailTemplatesTable;
  sent_notifications: SentNotificationsTable;
  login_attempts: LoginAttemptsTable;
  service_status_changes: ServiceStatusChangesTable;
  service_status_hourly: ServiceStatusRollupTable;
  service_status_daily: ServiceStatusRollupTable;
  mail_settings: MailSettingsTable;
  integration_settings: IntegrationSettingsTable;
  media_status: MediaStatusTable;
  media_invitations: MediaInvitationsTable;
  notification_deliveries: NotificationDeliveriesTable;
  api_keys: ApiKeysTable;
  notification_channels: NotificationChannelsTable;
  alert_subscriptions: AlertSubscriptionsTable;
  alert_subject_changes: AlertSubjectChangesTable;
  channel_deliveries: ChannelDeliveriesTable;
  subject_mail_deliveries: SubjectMailDeliveriesTable;
  maintenance_windows: MaintenanceWindowsTable;
  status_pages: StatusPagesTable;
  status_page_notes: StatusPageNotesTable;
}
