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
 * Connects once before migrating, so an unreachable server, a wrong password or a missing database is reported as
 * what it is, with the address, instead of as "Migration failed: ...". The password is never part of the message.
 */
export async function checkPostgresReachable(databaseUrl: string, timeoutMs = 15_000): Promise<void> {
  const client = new (loadPg().Client)({ connectionString: databaseUrl, connectionTimeoutMillis: timeoutMs });
  // A connection that fails after connect() settled would otherwise be an unhandled 'error' event.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    const password = decodeURIComponent(new URL(databaseUrl).password);
    const reason = password ? reasonOf(error).replaceAll(password, '***') : reasonOf(error);
    throw new StartupError(
      `Could not connect to the PostgreSQL server given by DATABASE_URL (${postgresAddress(databaseUrl)}): ${reason}`,
    );
  } finally {
    await client.end().catch(() => undefined);
  }
}
