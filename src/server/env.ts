import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_MAX_CONNECTIONS_PER_ADDRESS } from './http/connection-cap.ts';
import { isHostName, normalizeAllowedHost } from './http/host-policy.ts';
import { StartupError } from './startup-error.ts';

const optionalText = z
  .string()
  .optional()
  .transform((value) => (value === undefined || value.trim() === '' ? undefined : value.trim()));

/** The shortest SESSION_SECRET accepted: 32 characters, e.g. `openssl rand -hex 32` gives 64. */
export const SESSION_SECRET_MIN_LENGTH = 32;

/**
 * A PostgreSQL connection string: postgres:// or postgresql:// with a host (in the authority, or as `?host=` for a
 * Unix socket). Anything else would reach pg, which reads e.g. "garbage" as a host name and fails much later with
 * "getaddrinfo ENOTFOUND". The value itself is never echoed: it may hold a password.
 */
function isPostgresUrl(value: string): boolean {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return /^postgres(ql)?:$/.test(url.protocol) && (url.hostname !== '' || url.searchParams.has('host'));
}

const databaseUrl = optionalText.refine((value) => value === undefined || isPostgresUrl(value), {
  message: 'not a valid postgres:// URL (expected postgres://user:password@host:5432/database)',
});

const sessionSecret = optionalText.refine((value) => value === undefined || value.length >= SESSION_SECRET_MIN_LENGTH, {
  message:
    `must be at least ${SESSION_SECRET_MIN_LENGTH} characters (e.g. the output of \`openssl rand -hex 32\`), ` +
    'or unset to have one generated and kept in the database',
});

/**
 * ALLOWED_HOSTS: the names, besides IP literals, localhost and PUBLIC_URL's host, that the server answers to
 * (http/host-policy.ts); `*` accepts any. Names only: a scheme or port is refused rather than guessed at.
 */
const allowedHosts = optionalText.transform((value, context) => {
  const names = (value ?? '')
    .split(',')
    .map((name) => name.trim())
    .filter((name) => name !== '');
  const bad = names.find((name) => name !== '*' && !isHostName(name));
  if (bad !== undefined) {
    context.addIssue({
      code: 'custom',
      message: `'${bad}' is not a host name (expected names such as dash.example.com, comma-separated, without scheme or port; or *)`,
    });
    return z.NEVER;
  }
  return names.map(normalizeAllowedHost);
});

/**
 * PORT: unset means 5000. An empty value is a mistake (`PORT=` with the number forgotten), not a choice: coerced, it
 * would be 0, which listens on a random port nobody knows.
 */
const port = z
  .string()
  .refine((value) => value.trim() !== '', { message: 'is empty: set a port number (1-65535), or unset PORT for 5000' })
  .pipe(z.coerce.number<string>().int().min(0).max(65_535))
  .default(5000);

const rowCap = (fallback: number) => z.coerce.number().int().min(1).max(1_000_000).default(fallback);

const envSchema = z.object({
  PORT: port,
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: databaseUrl,
  PUBLIC_URL: optionalText.pipe(z.url({ protocol: /^https?$/ }).optional()),
  TRUST_PROXY: optionalText,
  ALLOWED_HOSTS: allowedHosts,
  // Open connections per client address (an IPv6 /64); peers in TRUST_PROXY are not counted. 0: no cap.
  MAX_CONNECTIONS_PER_ADDRESS: z.coerce
    .number()
    .int()
    .min(0)
    .max(1_000_000)
    .default(DEFAULT_MAX_CONNECTIONS_PER_ADDRESS),
  SESSION_SECRET: sessionSecret,
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  SMTP_HOST: optionalText,
  SMTP_PORT: z.coerce.number().int().min(1).max(65_535).default(587),
  SMTP_SECURE: z.enum(['starttls', 'tls', 'none']).default('starttls'),
  SMTP_USER: optionalText,
  SMTP_PASSWORD: optionalText,
  SMTP_FROM: optionalText,
  GOOGLE_CLIENT_ID: optionalText,
  OIDC_ISSUER: z.string().default('https://accounts.google.com'),
  OIDC_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  OIDC_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GAME_HOST: optionalText,
  AMP_URL: optionalText,
  AMP_USERNAME: optionalText,
  AMP_PASSWORD: optionalText,
  PLEX_URL: optionalText,
  PLEX_TOKEN: optionalText,
  PLEX_TV_URL: optionalText,
  PLEX_SHARE_LIBRARIES: optionalText,
  JELLYFIN_URL: optionalText,
  JELLYFIN_API_KEY: optionalText,
  GEOIP: z.enum(['on', 'off']).default('on'),
  /** Alert channels may reach this host's own loopback addresses (a Gotify or ntfy on the same machine). */
  CHANNELS_ALLOW_LOOPBACK: z.enum(['on', 'off']).default('off'),
  GEOIP_CITY_DB: optionalText,
  GEOIP_ASN_DB: optionalText,
  // Caps on rows that cost work (services/row-caps.ts).
  MAX_SERVICES: rowCap(10_000),
  MAX_QUERY_GAME_SERVERS: rowCap(500),
  MAX_EMAIL_TEMPLATES: rowCap(200),
  // 'daily': the leading instance makes a backup a day in DATA_DIR/backups (backups/backup.service.ts); 'off': none.
  BACKUP_SCHEDULE: z.enum(['daily', 'off']).default('daily'),
  MAX_API_KEYS: rowCap(100),
  // Sign-in attempts kept besides successes; the oldest are dropped (about 400 bytes a row at most).
  MAX_LOGIN_ATTEMPTS: rowCap(100_000),
});

/** The server's configuration, read once from the environment. */
export type Env = z.infer<typeof envSchema> & { publicUrl: string; sqlitePath: string; trustProxy: TrustProxy };

/** Fastify's trustProxy: false, true, a hop count (as proxy-addr's function), or addresses and CIDRs. */
export type TrustProxy = boolean | string[] | ((address: string, hop: number) => boolean);

function parseTrustProxy(value: string | undefined): TrustProxy {
  if (value === undefined || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

/** The only reader of process.env: parses, applies defaults and derives paths. Throws a one-line StartupError. */
export function readEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new StartupError(`Invalid configuration: ${problems}`);
  }
  const env = parsed.data;
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    ...env,
    DATA_DIR: dataDir,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    sqlitePath: path.join(dataDir, 'homelab.db'),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
  };
}
