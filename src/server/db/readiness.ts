import { sql } from 'kysely';
import { MSG } from '#shared/messages';
import type { Db } from './database.ts';
import { migrationsFor } from './migrate.ts';

/**
 * Why the instance is not ready. Fixed texts on purpose: GET /readyz is public, so it says what is wrong in
 * general terms and never passes on a driver's message (host names, paths, versions).
 */
export const NOT_READY = {
  unreachable: 'database unreachable',
  timedOut: 'database did not answer in time',
  migrationsPending: 'database migrations pending',
  schemaNewer: 'database schema is newer than this server',
  // The text of the 507 that writes get meanwhile: an operator reading either learns the same thing.
  diskFull: MSG.diskFull,
} as const;

export type NotReadyReason = (typeof NOT_READY)[keyof typeof NOT_READY];

export type Readiness = { ready: true } | { ready: false; reason: NotReadyReason; error?: unknown };

/**
 * A probe waits this long for the database. One second is Kubernetes' default probe time-out, and an instance
 * whose database takes longer than that for one tiny query is not one to send traffic to anyway.
 */
export const READY_TIMEOUT_MS = 1_000;

// Kysely's Migrator records each applied migration here (migrate.ts uses its default table name).
const MIGRATION_TABLE = 'kysely_migration';
/**
 * The row the probe write rewrites while the disk is full. app_secrets is the table of installation-wide values
 * every instance shares; this one holds only the time of the last probe and nothing reads it.
 */
const WRITE_PROBE_NAME = 'readiness_write_probe';

/**
 * Answers "may this instance take traffic?": the database answers one short query (the newest applied
 * migration) within the time-out, that migration is the newest this code knows, and writes reach the disk. Probes
 * that arrive while one is running share it, so a database that hangs ties up one pooled connection, not one per
 * poll.
 *
 * Writes: after a write failed for a full disk (db.writes), each probe writes one small row until one succeeds. So
 * readiness comes back at the first probe after space is freed even when nothing else writes (a follower
 * instance, a quiet night, a load balancer that sends no traffic to an instance that is not ready).
 */
export class DatabaseReadiness {
  readonly #latestKnown: string;
  #running: Promise<Readiness> | null = null;

  constructor(
    private readonly db: Db,
    private readonly timeoutMs = READY_TIMEOUT_MS,
  ) {
    // Migration names sort in the order they apply (a four-digit prefix).
    this.#latestKnown = Object.keys(migrationsFor(db)).sort().at(-1) ?? '';
  }

  async check(): Promise<Readiness> {
    this.#running ??= this.#probe().finally(() => {
      this.#running = null;
    });
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<Readiness>((resolve) => {
      timer = setTimeout(() => resolve({ ready: false, reason: NOT_READY.timedOut }), this.timeoutMs);
    });
    try {
      return await Promise.race([this.#running, timedOut]);
    } finally {
      clearTimeout(timer);
    }
  }

  async #probe(): Promise<Readiness> {
    let latest: string | null;
    try {
      const { rows } = await sql<{
        name: string | null;
      }>`select max(name) as name from ${sql.table(MIGRATION_TABLE)}`.execute(this.db.kysely);
      latest = rows[0]?.name ?? null;
    } catch (error) {
      return { ready: false, reason: NOT_READY.unreachable, error };
    }
    if (latest !== null && latest > this.#latestKnown) return { ready: false, reason: NOT_READY.schemaNewer };
    if (latest !== this.#latestKnown) return { ready: false, reason: NOT_READY.migrationsPending };
    return this.db.writes.diskFull ? this.#probeWrite() : { ready: true };
  }

  /** One small write; db.writes hears of its outcome like any other (db/watched-dialect.ts). */
  async #probeWrite(): Promise<Readiness> {
    // A new value every time: SQLite writes nothing for an update that leaves a row as it was.
    const value = new Date().toISOString();
    try {
      await this.db.kysely
        .insertInto('app_secrets')
        .values({ name: WRITE_PROBE_NAME, value })
        .onConflict((oc) => oc.column('name').doUpdateSet({ value }))
        .execute();
      return { ready: true };
    } catch (error) {
      // Whatever failed it, no write has succeeded since the disk filled: that is still the reason.
      return { ready: false, reason: NOT_READY.diskFull, error };
    }
  }
}
