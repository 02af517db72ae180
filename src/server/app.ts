import type { Server } from 'node:http';
import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyHttpOptions, type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/database.ts';
import { DatabaseReadiness } from './db/readiness.ts';
import type { Env } from './env.ts';
import { installAccessControl, type RouteEntry } from './http/access-control.ts';
import { registerApiAnswers } from './http/api-answers.ts';
import { registerCompression } from './http/compression.ts';
import { loggerOptions } from './http/request-log.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerGracefulClose } from './http/graceful-close.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import {
  DEFAULT_HTTP_DEADLINES,
  httpServerDeadlines,
  registerBodyDeadline,
  type HttpDeadlines,
} from './http/body-deadline.ts';
import { capConnectionsPerAddress, trustedProxyPeer } from './http/connection-cap.ts';
import { registerHostPolicy } from './http/host-policy.ts';
import { SESSION_COOKIE } from './http/session-cookie.ts';
import { registerStaticClient } from './http/static-client.ts';
import { registerUploadsStatic } from './http/uploads-static.ts';
import { publicAndLanOnly, type AddressPolicy } from './http/ip-policy.ts';
import { MAX_UPLOAD_BYTES } from '#shared/constants';
import { resolveGeoIpConfig, type GeoIpLookup } from './integrations/geoip/geoip.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import { createIdTokenVerifier, type IdTokenVerifier } from './integrations/oidc/id-token.verifier.ts';
import { createAppMetrics } from './metrics/app-metrics.ts';
import { registerHttpMetrics } from './metrics/http-metrics.ts';
import { scrapeQueries } from './metrics/scrape-queries.ts';
import { MetricsRepository } from './repositories/metrics.repository.ts';
import { apiKeysRoutes } from './routes/api-keys.routes.ts';
import { authRoutes } from './routes/auth.routes.ts';
import { backupsRoutes } from './routes/backups.routes.ts';
import type { App, RouteContext } from './routes/route-context.ts';
import { gameServersRoutes } from './routes/game-servers.routes.ts';
import { integrationsRoutes } from './routes/integrations.routes.ts';
import { eventsRoutes } from './routes/events.routes.ts';
import { mediaRoutes } from './routes/media.routes.ts';
import { metricsRoutes } from './routes/metrics.routes.ts';
import { openApiRoutes } from './routes/openapi.routes.ts';
import { configRoutes } from './routes/config.routes.ts';
import { servicesRoutes } from './routes/services.routes.ts';
import { pushRoutes } from './routes/push.routes.ts';
import { usersRoutes } from './routes/users.routes.ts';
import { emailTemplatesRoutes } from './routes/email-templates.routes.ts';
import { healthRoutes } from './routes/health.routes.ts';
import { notificationsRoutes } from './routes/notifications.routes.ts';
import { notificationChannelsRoutes } from './routes/notification-channels.routes.ts';
import { historyRoutes } from './routes/history.routes.ts';
import { uploadRoutes } from './routes/upload.routes.ts';
import { settingsRoutes } from './routes/settings.routes.ts';
import { userRoutes } from './routes/user.routes.ts';
import { badgesRoutes } from './routes/badges.routes.ts';
import { maintenanceRoutes } from './routes/maintenance.routes.ts';
import { statusPagesRoutes } from './routes/status-pages.routes.ts';
import { systemClock, type Clock } from './services/clock.ts';
import { createServices, type Services } from './services/container.ts';
import type { PgChangeFeedOptions } from './events/change-feed.ts';
import type { InvitationLimit } from './media/media.service.ts';
import { argon2Hasher, type PasswordHasher } from './services/password-hasher.ts';
import { DEFAULT_AUTH_RATE_LIMITS, type AuthRateLimits } from './services/rate-limiter.ts';

export type { RouteEntry };

export interface AppOptions {
  env: Env;
  db: Db;
  clock?: Clock;
  mailer?: Mailer;
  idTokenVerifier?: IdTokenVerifier;
  hasher?: PasswordHasher;
  limits?: AuthRateLimits;
  /** Which addresses person-typed URLs may reach (image upload from URL); tests widen it to reach 127.0.0.1. */
  outboundPolicy?: AddressPolicy;
  /** Replaces the geo-IP lookup configured by GEOIP_* (tests). */
  geoIp?: GeoIpLookup;
  /** Event streams' heartbeat and session re-check (default 15 s; tests shorten it). */
  eventHeartbeatMs?: number;
  /** PostgreSQL change feed timings (tests shorten them). */
  changeFeed?: PgChangeFeedOptions;
  /** Built client to serve; defaults to ./dist/client. */
  clientDir?: string;
  logger?: FastifyServerOptions['logger'];
  /** Media invitations per user and window (tests lower it). */
  invitationLimit?: InvitationLimit;
  /** How long an alert channel's endpoint may take to answer (default 10 s; tests shorten it). */
  channelTimeoutMs?: number;
  /** How long a client may take to send headers and body (http/body-deadline.ts; tests shorten them). */
  httpDeadlines?: Partial<HttpDeadlines>;
}

/** The built app with its route table and services (tests read both). */
export interface BuiltApp {
  app: App;
  routes: RouteEntry[];
  services: Services;
  /** Stops accepting requests and lets those in progress finish (bounded); the first step of a shutdown. */
  stopServing(): Promise<void>;
  /** Stops serving, waits for background work in progress and releases what the app holds (not the database). */
  close(): Promise<void>;
}

// 'self' everywhere but for the admin-approved tracking script origins; service icons and backgrounds may
// be remote images; frames only our own (the e-mail preview).
function contentSecurityPolicy(scriptOrigins: () => string[]) {
  const withTracking = () => ["'self'", ...scriptOrigins()].join(' ');
  return {
    directives: {
      defaultSrc: ["'self'"],
      scriptSrc: [withTracking],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:', 'http:'],
      connectSrc: [withTracking],
      fontSrc: ["'self'", 'data:'],
      frameSrc: ["'self'"],
      frameAncestors: ["'none'"],
      formAction: ["'self'"],
      baseUri: ["'self'"],
      objectSrc: ["'none'"],
      upgradeInsecureRequests: null,
    },
  };
}

type CompilersFactory = NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>;

/**
 * The zod compilers as Fastify's schema controller builds them. Fastify types these factories for ajv's and
 * fast-json-stringify's schemas; at run time it calls them exactly as setValidatorCompiler's own adapter does.
 */
const zodCompilers = {
  buildValidator: () => validatorCompiler,
  buildSerializer: () => serializerCompiler,
} as unknown as CompilersFactory;

/** Builds the Fastify app: plugins, security hooks, routes, static client. Does not listen. */
export async function buildApp(options: AppOptions): Promise<BuiltApp> {
  const { env, db } = options;
  const deadlines: HttpDeadlines = { ...DEFAULT_HTTP_DEADLINES, ...options.httpDeadlines };
  const fastifyOptions: FastifyHttpOptions<Server> = {
    ...httpServerDeadlines(deadlines),
    // Keys, session cookies and push tokens never reach a log, whatever a log line picks up (security.md).
    logger: options.logger ?? loggerOptions(env.LOG_LEVEL),
    trustProxy: env.trustProxy,
    bodyLimit: 1024 * 1024,
    // Reject bodies with __proto__ / constructor.prototype keys instead of parsing them.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // zod validates and serializes every route. Given here rather than with setValidatorCompiler (the same thing
    // once built), Fastify never loads its defaults, ajv and fast-json-stringify: some 100 modules held for the
    // life of the process for nothing (issue 14, bounded memory; docs/decisions/0017-bounded-memory.md).
    schemaController: { compilersFactory: zodCompilers },
  };
  const app: App = Fastify(fastifyOptions).withTypeProvider<ZodTypeProvider>();
  // The first onRequest hook: a request for a name that is not ours (DNS rebinding) meets nothing else.
  registerHostPolicy(app, { publicUrl: env.publicUrl, allowedHosts: env.ALLOWED_HOSTS });
  capConnectionsPerAddress(app.server, env.MAX_CONNECTIONS_PER_ADDRESS, trustedProxyPeer(env.trustProxy));
  registerBodyDeadline(app, deadlines);
  registerErrorHandler(app);
  registerJsonBodyParser(app);
  const stopServing = registerGracefulClose(app);
  const clock = options.clock ?? systemClock;
  // One registry per app (GET /metrics); the monitor, the pollers and every request report to it.
  const metrics = createAppMetrics(scrapeQueries(new MetricsRepository(db.kysely), clock));
  registerHttpMetrics(app, metrics.requests);

  const idTokenVerifier =
    options.idTokenVerifier ??
    createIdTokenVerifier({ clientId: env.GOOGLE_CLIENT_ID, issuer: env.OIDC_ISSUER, jwksUrl: env.OIDC_JWKS_URL });
  const services = await createServices({
    db,
    clock,
    mailer: options.mailer,
    // Mail settings live in the database (Settings page); these apply until the first save there.
    smtpDefaults: {
      host: env.SMTP_HOST,
      port: env.SMTP_PORT,
      secure: env.SMTP_SECURE,
      user: env.SMTP_USER,
      password: env.SMTP_PASSWORD,
      from: env.SMTP_FROM,
    },
    idTokenVerifier,
    hasher: options.hasher ?? argon2Hasher,
    limits: options.limits ?? DEFAULT_AUTH_RATE_LIMITS,
    publicUrl: env.publicUrl,
    sessionSecret: env.SESSION_SECRET,
    uploadsDir: path.join(env.DATA_DIR, 'uploads'),
    backups: { dataDir: env.DATA_DIR, schedule: env.BACKUP_SCHEDULE },
    outboundPolicy: options.outboundPolicy ?? publicAndLanOnly,
    channelTimeoutMs: options.channelTimeoutMs,
    channelsAllowLoopback: env.CHANNELS_ALLOW_LOOPBACK === 'on',
    geoIpConfig: resolveGeoIpConfig({
      enabled: env.GEOIP === 'on',
      cityDb: env.GEOIP_CITY_DB,
      asnDb: env.GEOIP_ASN_DB,
      dataDir: env.DATA_DIR,
    }),
    geoIp: options.geoIp,
    // Integration settings live in the database (Settings page); these apply until the first save there.
    integrationEnv: {
      AMP_URL: env.AMP_URL,
      AMP_USERNAME: env.AMP_USERNAME,
      AMP_PASSWORD: env.AMP_PASSWORD,
      PLEX_URL: env.PLEX_URL,
      PLEX_TOKEN: env.PLEX_TOKEN,
      PLEX_TV_URL: env.PLEX_TV_URL,
      PLEX_SHARE_LIBRARIES: env.PLEX_SHARE_LIBRARIES,
      JELLYFIN_URL: env.JELLYFIN_URL,
      JELLYFIN_API_KEY: env.JELLYFIN_API_KEY,
    },
    gameHostDefault: env.GAME_HOST ?? null,
    eventHeartbeatMs: options.eventHeartbeatMs ?? 15_000,
    changeFeed: options.changeFeed,
    caps: {
      services: env.MAX_SERVICES,
      queryGameServers: env.MAX_QUERY_GAME_SERVERS,
      emailTemplates: env.MAX_EMAIL_TEMPLATES,
      apiKeys: env.MAX_API_KEYS,
      loginAttempts: env.MAX_LOGIN_ATTEMPTS,
    },
    invitationLimit: options.invitationLimit,
    observers: { checks: metrics.checks, polls: metrics.polls },
    log: app.log,
  });

  await app.register(fastifyCookie);
  await app.register(fastifyMultipart, {
    throwFileSizeLimit: true,
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 10, fieldSize: 1024, parts: 12, headerPairs: 100 },
  });
  await app.register(fastifyHelmet, {
    contentSecurityPolicy: contentSecurityPolicy(() => services.settings.allowedScriptOrigins()),
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });

  // onSend order matters: ETags and the answer cache see the body first, access control then fills in `no-store`
  // where no Cache-Control was chosen, and compression comes last.
  registerApiAnswers(app, services);
  const routes = installAccessControl(app, {
    publicOrigin: new URL(env.publicUrl).origin,
    hasSessionCookie: (request) => request.cookies[SESSION_COOKIE] !== undefined,
    async resolveSession(request) {
      const token = request.cookies[SESSION_COOKIE];
      return token ? await services.sessions.resolve(token) : null;
    },
    resolveApiKey: (key, request) => services.apiKeys.resolve(key, request.ip),
  });
  app.decorateRequest('auth', null);
  app.decorateRequest('apiKey', null);
  registerCompression(app);

  const context: RouteContext = {
    app,
    services,
    signInConfig: { googleClientId: env.GOOGLE_CLIENT_ID ?? null, googleAuthUrl: env.OIDC_AUTH_URL },
  };
  authRoutes(context);
  userRoutes(context);
  settingsRoutes(context);
  servicesRoutes(context);
  pushRoutes(context);
  usersRoutes(context);
  historyRoutes(context);
  uploadRoutes(context);
  emailTemplatesRoutes(context);
  notificationsRoutes(context);
  notificationChannelsRoutes(context);
  gameServersRoutes(context);
  integrationsRoutes(context);
  eventsRoutes(context);
  mediaRoutes(context);
  healthRoutes(context, new DatabaseReadiness(db));
  metricsRoutes(app, metrics);
  backupsRoutes(context);
  apiKeysRoutes(context);
  maintenanceRoutes(context);
  statusPagesRoutes(context, () => clock.now().getTime());
  badgesRoutes(context, () => clock.now().getTime());
  await configRoutes(context);
  openApiRoutes(app, routes);

  await registerUploadsStatic(app, path.join(env.DATA_DIR, 'uploads'));
  await registerStaticClient(app, options.clientDir ?? path.resolve('dist/client'), () => services.settings.get());
  await app.ready();
  return {
    app,
    routes,
    services,
    stopServing,
    async close() {
      await stopServing();
      await services.outbox.idle();
      await Promise.all([...services.gameServerPollers.map((poller) => poller.idle()), services.mediaPoller.idle()]);
      await services.changeFeed.stop();
      services.mailer.close();
      services.loginAttempts.close();
      await services.geoIp.close();
    },
  };
}
