import type { FastifyBaseLogger } from 'fastify';
import { BackupService, type BackupSchedule } from '../backups/backup.service.ts';
import type { Db } from '../db/database.ts';
import { latestMigrationName } from '../db/migrate.ts';
import type { AddressPolicy } from '../http/ip-policy.ts';
import { withLoopback } from '../integrations/channels/channel-policy.ts';
import { ImageUploadService } from './image-upload.service.ts';
import type { Mailer, SmtpConfig } from '../integrations/mail/mailer.ts';
import type { IdTokenVerifier } from '../integrations/oidc/id-token.verifier.ts';
import { createGeoIpLookup, type GeoIpConfig, type GeoIpLookup } from '../integrations/geoip/geoip.ts';
import { ApiKeysRepository } from '../repositories/api-keys.repository.ts';
import { ApiKeyService } from './api-key.service.ts';
import { AppSecretsRepository } from '../repositories/app-secrets.repository.ts';
import { EmailTemplatesRepository } from '../repositories/email-templates.repository.ts';
import { LoginAttemptsRepository } from '../repositories/login-attempts.repository.ts';
import { ResetTokensRepository } from '../repositories/reset-tokens.repository.ts';
import { SessionsRepository } from '../repositories/sessions.repository.ts';
import { SettingsRepository } from '../repositories/settings.repository.ts';
import { UsersRepository } from '../repositories/users.repository.ts';
import { AuthService } from './auth.service.ts';
import type { Clock } from './clock.ts';
import { GoogleAuthService } from './google-auth.service.ts';
import { LoginAttemptService } from './login-attempt.service.ts';
import { LocationEnricher } from './location-enricher.ts';
import type { PasswordHasher } from './password-hasher.ts';
import { PasswordResetService } from './password-reset.service.ts';
import { ProfileService } from './profile.service.ts';
import type { AuthRateLimits } from './rate-limiter.ts';
import { newToken } from './secret-tokens.ts';
import { SessionService } from './session.service.ts';
import { SettingsService } from './settings.service.ts';
import { LiveEvents } from '../events/live-events.ts';
import { publishServiceChanges } from '../events/service-events.ts';
import { createChangeFeed, type ChangeFeed, type PgChangeFeedOptions } from '../events/change-feed.ts';
import type { RowCaps } from './row-caps.ts';
import { ServiceCatalogService } from './service-catalog.service.ts';
import { DEFAULT_PUSH_LIMITS, ServicePushService } from './service-push.service.ts';
import { UserAdminService } from './user-admin.service.ts';
import { ServicesRepository } from '../repositories/services.repository.ts';
import { StatusHistoryRepository } from '../repositories/status-history.repository.ts';
import { UptimeRepository } from '../repositories/uptime.repository.ts';
import { Monitor } from '../monitor/monitor.ts';
import { LeaderLockRepository } from '../repositories/leader-lock.repository.ts';
import { Leadership } from './leadership.ts';
import { StatusHistoryService } from '../monitor/status-history.service.ts';
import { createNotificationServices, type NotificationServices } from '../notifications/notifications.module.ts';
import { createGameServerServices, type GameServerServices } from '../game-servers/game-servers.module.ts';
import type { AmpConfig } from '../integrations/amp/amp.client.ts';
import { ampSettingsDescriptor, type AmpField } from '../integrations/settings/amp-settings.descriptor.ts';
import { IntegrationSettings } from '../integrations/settings/integration-settings.ts';
import { IntegrationSettingsRepository } from '../repositories/integration-settings.repository.ts';
import { randomUUID } from 'node:crypto';
import type { JellyfinConfig } from '../integrations/jellyfin/jellyfin.client.ts';
import {
  jellyfinSettingsDescriptor,
  type JellyfinField,
} from '../integrations/settings/jellyfin-settings.descriptor.ts';
import {
  plexSettingsDescriptor,
  type PlexField,
  type PlexMediaConfig,
} from '../integrations/settings/plex-settings.descriptor.ts';
import { ConfigTransferService } from '../config-transfer/config-transfer.service.ts';
import { isGamedigType } from '../integrations/game-query/game-types.ts';
import { createMediaServices, type MediaServices } from '../media/media.module.ts';
import type { InvitationLimit } from '../media/media.service.ts';
import type { CheckObserver, PollObserver } from '../metrics/observers.ts';
import { createStatusPageServices, type StatusPageServices } from '../status-pages/status-pages.module.ts';

/** Everything the services need from outside; tests pass real databases and local peers. */
export interface ServiceDeps {
  db: Db;
  clock: Clock;
  /** Replaces the mailer built from the stored SMTP settings. */
  mailer?: Mailer | undefined;
  /** SMTP_* environment variables: the mail settings while the database holds none. */
  smtpDefaults: SmtpConfig;
  idTokenVerifier: IdTokenVerifier;
  hasher: PasswordHasher;
  limits: AuthRateLimits;
  publicUrl: string;
  /** SESSION_SECRET; when absent a secret is generated once and kept in the database. */
  sessionSecret: string | undefined;
  /** Where uploaded images are stored. */
  uploadsDir: string;
  /** DATA_DIR (backups go to DATA_DIR/backups), and BACKUP_SCHEDULE. */
  backups: { dataDir: string; schedule: BackupSchedule };
  outboundPolicy: AddressPolicy;
  /** How long an alert channel's endpoint may take to answer (tests shorten it). */
  channelTimeoutMs?: number | undefined;
  /** CHANNELS_ALLOW_LOOPBACK: channels may also reach 127.0.0.0/8 and ::1 (an administrator's choice). */
  channelsAllowLoopback?: boolean | undefined;
  /** GEOIP_* resolved to files (null: GEOIP=off). */
  geoIpConfig: GeoIpConfig;
  /** Replaces the lookup built from geoIpConfig (tests: a lookup that never answers). */
  geoIp?: GeoIpLookup | undefined;
  /** The environment variables that give integrations their initial values (AMP_URL ...), by name. */
  integrationEnv: Readonly<Record<string, string | undefined>>;
  /** GAME_HOST. */
  gameHostDefault: string | null;
  /** MAX_SERVICES, MAX_QUERY_GAME_SERVERS, MAX_EMAIL_TEMPLATES, MAX_API_KEYS, MAX_LOGIN_ATTEMPTS. */
  caps: RowCaps;
  /** How often an event stream sends a heartbeat and looks its session up again (tests shorten it). */
  eventHeartbeatMs: number;
  /** Tests: how fast the PostgreSQL change feed reconnects and notices a lost connection. */
  changeFeed?: PgChangeFeedOptions | undefined;
  /** Media invitations per user and window (tests lower it). */
  invitationLimit?: InvitationLimit | undefined;
  /** The Prometheus metrics' callbacks for the monitor's checks and the providers' polls. */
  observers?: { checks: CheckObserver; polls: PollObserver } | undefined;
  log: FastifyBaseLogger;
}

/** The services of the app, wired once at start. */
export interface Services extends NotificationServices, GameServerServices, MediaServices, StatusPageServices {
  auth: AuthService;
  passwordReset: PasswordResetService;
  googleAuth: GoogleAuthService;
  sessions: SessionService;
  settings: SettingsService;
  profile: ProfileService;
  catalog: ServiceCatalogService;
  /** Pushes of push:// services (issue 16). */
  push: ServicePushService;
  images: ImageUploadService;
  backups: BackupService;
  /** The check engine; main.ts starts and stops it (tests start their own). */
  monitor: Monitor;
  /** Decides which instance runs the monitor when several share one PostgreSQL database. */
  leadership: Leadership;
  history: StatusHistoryService;
  userAdmin: UserAdminService;
  /** API keys (issue 15): created and revoked by admins, resolved on every bearer request. */
  apiKeys: ApiKeyService;
  loginAttempts: LoginAttemptService;
  /** Open database files; closed with the app. */
  geoIp: GeoIpLookup;
  /** Live changes for the event streams (GET /api/events), and the streams' heartbeat. */
  liveEvents: LiveEvents;
  eventHeartbeatMs: number;
  /** What every instance must hear of (live events, service changes, cached lists); started here, stopped by the app. */
  changeFeed: ChangeFeed;
  /** Configuration as code: export and import of the whole configuration as YAML. */
  configTransfer: ConfigTransferService;
  /** Settings of outside systems (Settings page, else environment); the pollers follow them. */
  integrations: {
    amp: IntegrationSettings<AmpConfig, AmpField>;
    plex: IntegrationSettings<PlexMediaConfig, PlexField>;
    jellyfin: IntegrationSettings<JellyfinConfig, JellyfinField>;
  };
}

/** Builds the services (the composition root; no container framework). */
export async function createServices(deps: ServiceDeps): Promise<Services> {
  const kysely = deps.db.kysely;
  const users = new UsersRepository(kysely);
  const settingsRepository = new SettingsRepository(kysely);
  const secrets = new AppSecretsRepository(kysely);
  const key = deps.sessionSecret ?? (await secrets.getOrCreate('session_key', newToken()));
  // X-Plex-Client-Identifier: one per installation, shared by every instance (docs/decisions/0012).
  // Jellyfin's DeviceId is the same installation id.
  const plexClientId = await secrets.getOrCreate('plex_client_id', randomUUID());
  const onError = (error: unknown) => deps.log.error({ err: error }, 'background task failed');

  const sessions = new SessionService(new SessionsRepository(kysely), users, deps.clock, key, deps.log);
  const attemptsRepository = new LoginAttemptsRepository(kysely);
  const geoIp = deps.geoIp ?? createGeoIpLookup(deps.geoIpConfig, deps.log);
  const locations = new LocationEnricher(geoIp, attemptsRepository, onError);
  const attempts = new LoginAttemptService(attemptsRepository, deps.clock, onError, locations, deps.caps.loginAttempts);
  const templates = new EmailTemplatesRepository(kysely);
  const settings = new SettingsService(settingsRepository, () => templates.defaultId(), deps.gameHostDefault);
  const integrationSettings = {
    repository: new IntegrationSettingsRepository(kysely),
    env: deps.integrationEnv,
    clock: deps.clock,
    allowMetadataTargets: async () => (await settings.get()).allow_metadata_targets,
  };
  const integrations = {
    amp: new IntegrationSettings(ampSettingsDescriptor(), integrationSettings),
    plex: new IntegrationSettings(plexSettingsDescriptor({ clientId: plexClientId }), integrationSettings),
    jellyfin: new IntegrationSettings(jellyfinSettingsDescriptor({ deviceId: plexClientId }), integrationSettings),
  };
  // The AMP client's address guard follows allow_metadata_targets: a switch rebuilds it.
  let allowMetadataTargets: boolean | null = null;
  settings.onChange((changed) => {
    if (allowMetadataTargets !== null && allowMetadataTargets === changed.allow_metadata_targets) return;
    allowMetadataTargets = changed.allow_metadata_targets;
    integrations.amp.notify();
    integrations.plex.notify();
    integrations.jellyfin.notify();
  });
  const liveEvents = new LiveEvents();
  const changeFeed = createChangeFeed(deps.db, deps.log, deps.changeFeed);
  let mediaBackend: string | null = null;
  const media = createMediaServices({
    db: kysely,
    clock: deps.clock,
    log: deps.log,
    plexConfig: integrations.plex,
    jellyfinConfig: integrations.jellyfin,
    choice: async () => (await settings.get()).media_backend,
    onChoiceChange: (listener) =>
      settings.onChange((changed) => {
        // Unknown before the first save here: that save polls once, later ones only when the choice moves.
        if (mediaBackend !== changed.media_backend) listener();
        mediaBackend = changed.media_backend;
      }),
    invitationLimit: deps.invitationLimit,
    onChanged: () => changeFeed.publish({ kind: 'media' }),
    onPolled: deps.observers?.polls,
    // The notification services are built below; the pollers only run once everything is wired.
    onStatusChanges: (changes) => notifications.recordSubjectChanges(changes),
  });
  const statusPages = createStatusPageServices(kysely, deps.clock);
  const notifications = await createNotificationServices({
    db: kysely,
    heldServices: () => statusPages.maintenance.heldServiceIds(),
    heldAt: (serviceId, at) => statusPages.maintenance.heldAt(serviceId, at),
    clock: deps.clock,
    mailerOverride: deps.mailer,
    smtpDefaults: deps.smtpDefaults,
    publicUrl: deps.publicUrl,
    secret: key,
    settings,
    log: deps.log,
    maxEmailTemplates: deps.caps.emailTemplates,
    outboundPolicy: deps.channelsAllowLoopback ? withLoopback(deps.outboundPolicy) : deps.outboundPolicy,
    channelTimeoutMs: deps.channelTimeoutMs,
  });
  const auth = new AuthService({
    db: kysely,
    dialect: deps.db.dialect,
    users,
    settings: settingsRepository,
    sessions,
    attempts,
    hasher: deps.hasher,
    clock: deps.clock,
    limits: deps.limits,
  });
  const passwordReset = new PasswordResetService({
    users,
    tokens: new ResetTokensRepository(kysely),
    auth,
    mailer: notifications.mailer,
    clock: deps.clock,
    key,
    publicUrl: deps.publicUrl,
    siteTitle: () => settings.siteTitle(),
    limits: deps.limits,
    onError,
    mailRoute: notifications.mailSettings,
    log: deps.log,
  });
  const googleAuth = new GoogleAuthService({
    verifier: deps.idTokenVerifier,
    users,
    auth,
    attempts,
    hasher: deps.hasher,
  });
  const servicesRepository = new ServicesRepository(kysely);
  const catalog = new ServiceCatalogService(
    servicesRepository,
    deps.clock,
    async () => (await settings.get()).allow_metadata_targets,
    deps.caps.services,
  );
  const historyRepository = new StatusHistoryRepository(kysely, deps.db.dialect);
  const push = new ServicePushService(servicesRepository, deps.clock, deps.publicUrl, {
    pushesPerIp: deps.limits.pushesPerIp ?? DEFAULT_PUSH_LIMITS.pushesPerIp,
    unknownTokensPerIp: deps.limits.unknownPushTokensPerIp ?? DEFAULT_PUSH_LIMITS.unknownTokensPerIp,
  });
  const gameServers = createGameServerServices({
    db: kysely,
    clock: deps.clock,
    log: deps.log,
    users,
    ampConfig: integrations.amp,
    gameHost: () => settings.gameHost(),
    allowMetadataTargets: async () => (await settings.get()).allow_metadata_targets,
    maxQueryServers: deps.caps.queryGameServers,
    onChanged: () => changeFeed.publish({ kind: 'game-servers' }),
    onPolled: deps.observers?.polls,
    onStatusChanges: (changes) => notifications.recordSubjectChanges(changes),
    onStatesSeen: (states) => statusPages.recordFirstStates(states),
    enqueueMails: (mails) => notifications.outbox.enqueueMails(mails),
    siteTitle: () => settings.siteTitle(),
    publicUrl: deps.publicUrl,
  });
  // Every instance (this one included) publishes the changes to its own streams, and applies service changes
  // made through the others; its own reached its catalog's listeners already.
  changeFeed.subscribe((message, fromHere) => {
    if (message.kind === 'service') publishServiceChanges(liveEvents, servicesRepository, message.ids).catch(onError);
    else if (message.kind === 'game-servers' || message.kind === 'media') liveEvents.publish(message.kind, {});
    else if (message.kind === 'catalog' && !fromHere) catalog.announceRemote(message.change, message.id);
    else if (message.kind === 'viewer' && !fromHere) liveEvents.viewerChanged(message.userId);
  });
  changeFeed.onGap(() => liveEvents.resync());
  catalog.onChange((change) => {
    if (!change.remote) changeFeed.publish({ kind: 'catalog', change: change.kind, id: change.id });
  });
  await changeFeed.start();
  const configTransfer = new ConfigTransferService({
    db: kysely,
    clock: deps.clock,
    caps: deps.caps,
    catalog,
    settings,
    integrations,
    mailSettings: notifications.mailSettings,
    mailer: notifications.mailer,
    isQueryType: isGamedigType,
    onGameServersChanged: () => changeFeed.publish({ kind: 'game-servers' }),
    onStatusPagesChanged: () => statusPages.statusPages.announce(),
    onMaintenanceChanged: () => statusPages.maintenance.reload(),
  });
  const apiKeys = new ApiKeyService(new ApiKeysRepository(kysely), users, deps.clock, deps.caps.apiKeys, deps.log);
  return {
    ...notifications,
    ...gameServers,
    ...media,
    ...statusPages,
    auth,
    passwordReset,
    googleAuth,
    sessions,
    settings,
    profile: new ProfileService(users, () => settings.get()),
    catalog,
    push,
    images: new ImageUploadService(deps.uploadsDir, deps.outboundPolicy),
    backups: new BackupService({
      source: {
        dataDir: deps.backups.dataDir,
        uploadsDir: deps.uploadsDir,
        sqliteFile: deps.db.dialect === 'sqlite' ? (deps.db.file ?? null) : null,
        codeSchemaVersion: latestMigrationName(deps.db),
      },
      clock: deps.clock,
      schedule: deps.backups.schedule,
    }),
    leadership: new Leadership(new LeaderLockRepository(kysely, deps.db.dialect), deps.log),
    monitor: new Monitor({
      services: servicesRepository,
      history: historyRepository,
      catalog,
      settings,
      push,
      clock: deps.clock,
      log: deps.log,
      onShownChanges: (ids) => changeFeed.publish({ kind: 'service', ids: [...ids] }),
      checks: deps.observers?.checks,
    }),
    liveEvents,
    eventHeartbeatMs: deps.eventHeartbeatMs,
    changeFeed,
    history: new StatusHistoryService(servicesRepository, historyRepository, deps.clock, new UptimeRepository(kysely)),
    userAdmin: new UserAdminService({
      users,
      sessions,
      hasher: deps.hasher,
      mailer: notifications.mailer,
      siteTitle: () => settings.siteTitle(),
      publicUrl: deps.publicUrl,
      apiKeys,
      mailRoute: notifications.mailSettings,
      log: deps.log,
      // Streams here end at once; the other instances' through the feed (here it comes back as `fromHere`).
      onRightsChanged: (userId) => {
        liveEvents.viewerChanged(userId);
        changeFeed.publish({ kind: 'viewer', userId });
      },
    }),
    apiKeys,
    loginAttempts: attempts,
    geoIp,
    integrations,
    configTransfer,
  };
}
