import { StartupError } from '../startup-error.ts';
import { loadPg } from './database.ts';

/** "host:port" of a connection string, for messages: never the user name or password. */
export function postgresAddress(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  const host = url.hostname || url.searchParams.get('host') || 'localhost';
  return `${host}:${url.port || '5432'}`;
}

/** pg's reason, also when Node reports a refused dual-stack connect as an AggregateError with an empty message. */
function reasonOf(error: unknown): string {
  if (error instanceof AggregateError && error.message === '') {
    return error.errors.map((inner: unknown) => reasonOf(inner)).join('; ');
  }
  if (error instanceof Error) return error.message || ('code' in error ? String(error.code) : error.name);
  return String(error);
}

/**
 * How long the first connection (TCP, TLS and the start-up handshake) may take. A PostgreSQL server on the same
 * network answers in milliseconds; a port that accepts and never answers (a wrong port, a firewall that swallows
 * packets) would otherwise hold the start for pg's 15 s.
 */
export const POSTGRES_CONNECT_TIMEOUT_MS = 5_000;

/**
 * Connects once before migrating, so an unreachable server, a wrong password or a missing database is reported as
 * what it is, with the address, instead of as "Migration failed: ...". The password is never part of the message.
 */
export async function checkPostgresReachable(
  databaseUrl: string,
  timeoutMs = POSTGRES_CONNECT_TIMEOUT_MS,
): Promise<void> {
  const client = new (loadPg().Client)({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs });
  // A connection that fails after connect() settled would otherwise be an unhandled 'error' event.
  client.on('error', () => undefined);
  const started = performance.now();
  try {
    await client.connect();
  } catch (error) {
    const password = decodeURIComponent(new URL(databaseUrl).password);
    // pg's own words for it are "timeout expired", which says neither what waited nor what to check.
    const timedOut = performance.now() - started >= timeoutMs;
    const raw = timedOut
      ? `no answer within ${timeoutMs / 1000} s; check that this host and port are a PostgreSQL server`
      : reasonOf(error);
    const reason = password ? raw.replaceAll(password, '***') : raw;
    throw new StartupError(
      `Could not connect to the PostgreSQL server given by DATABASE_URL (${postgresAddress(databaseUrl)}): ${reason}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
