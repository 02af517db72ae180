import path from 'node:path';
import fastifyCookie from '@fastify/cookie';
import fastifyHelmet from '@fastify/helmet';
import fastifyMultipart from '@fastify/multipart';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Db } from './db/database.ts';
import type { Env } from './env.ts';
import { installAccessControl, type RouteEntry } from './http/access-control.ts';
import { registerApiAnswers } from './http/api-answers.ts';
import { registerCompression } from './http/compression.ts';
import { registerErrorHandler } from './http/error-handler.ts';
import { registerJsonBodyParser } from './http/json-body.ts';
import { SESSION_COOKIE } from './http/session-cookie.ts';
import { registerStaticClient } from './http/static-client.ts';
import { registerUploadsStatic } from './http/uploads-static.ts';
import { publicAndLanOnly, type AddressPolicy } from './http/ip-policy.ts';
import { MAX_UPLOAD_BYTES } from '#shared/constants';
import { resolveGeoIpConfig, type GeoIpLookup } from './integrations/geoip/geoip.ts';
import type { Mailer } from './integrations/mail/mailer.ts';
import { createIdTokenVerifier, type IdTokenVerifier } from './integrations/oidc/id-token.verifier.ts';
import { authRoutes } from './routes/auth.routes.ts';
import type { App, RouteContext } from './routes/route-context.ts';
import { gameServersRoutes } from './routes/game-servers.routes.ts';
import { integrationsRoutes } from './routes/integrations.routes.ts';
import { eventsRoutes } from './routes/events.routes.ts';
import { mediaRoutes } from './routes/media.routes.ts';
import { servicesRoutes } from './routes/services.routes.ts';
import { usersRoutes } from './routes/users.routes.ts';
import { emailTemplatesRoutes } from './routes/email-templates.routes.ts';
import { notificationsRoutes } from './routes/notifications.routes.ts';
import { historyRoutes } from './routes/history.routes.ts';
import { uploadRoutes } from './routes/upload.routes.ts';
import { settingsRoutes } from './routes/settings.routes.ts';
import { userRoutes } from './routes/user.routes.ts';
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
}

/** The built app with its route table and services (tests read both). */
export interface BuiltApp {
  app: App;
  routes: RouteEntry[];
  services: Services;
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
  const fastifyOptions: FastifyServerOptions = {
    logger: options.logger ?? { level: env.LOG_LEVEL },
    trustProxy: env.trustProxy,
    bodyLimit: 1024 * 1024,
    // Reject bodies with __proto__ / constructor.prototype keys instead of parsing them.
    onProtoPoisoning: 'error',
    onConstructorPoisoning: 'error',
    // zod validates and serializes every route. Given here rather than with setValidatorCompiler (the same thing
    // once built), Fastify never loads its defaults, ajv and fast-json-stringify: some 100 modules held for the
    // life of the process for nothing (issue 14, bounded memory; docs/decisions/0016-bounded-memory.md).
    schemaController: { compilersFactory: zodCompilers },
  };
  const app: App = Fastify(fastifyOptions).withTypeProvider<ZodTypeProvider>();
  registerErrorHandler(app);
  registerJsonBodyParser(app);

  const idTokenVerifier =
    options.idTokenVerifier ??
    createIdTokenVerifier({ clientId: env.GOOGLE_CLIENT_ID, issuer: env.OIDC_ISSUER, jwksUrl: env.OIDC_JWKS_URL });
  const services = await createServices({
    db,
    clock: options.clock ?? systemClock,
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
    outboundPolicy: options.outboundPolicy ?? publicAndLanOnly,
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
    },
    invitationLimit: options.invitationLimit,
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
    async resolveSession(request) {
      const token = request.cookies[SESSION_COOKIE];
      return token ? await services.sessions.resolve(token) : null;
    },
  });
  app.decorateRequest('auth', null);
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
  usersRoutes(context);
  historyRoutes(context);
  uploadRoutes(context);
  emailTemplatesRoutes(context);
  notificationsRoutes(context);
  gameServersRoutes(context);
  integrationsRoutes(context);
  eventsRoutes(context);
  mediaRoutes(context);

  await registerUploadsStatic(app, path.join(env.DATA_DIR, 'uploads'));
  await registerStaticClient(app, options.clientDir ?? path.resolve('dist/client'), () => services.settings.get());
  await app.ready();
  return {
    app,
    routes,
    services,
    async close() {
      await services.outbox.idle();
      await Promise.all([...services.gameServerPollers.map((poller) => poller.idle()), services.mediaPoller.idle()]);
      await app.close();
      await services.changeFeed.stop();
      services.mailer.close();
      services.loginAttempts.close();
      await services.geoIp.close();
    },
  };
}
