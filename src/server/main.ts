import { buildApp } from './app.ts';
import { markServerRunning } from './backups/server-pid-files.ts';
import { prepareDataDir } from './data-dir.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { checkPostgresReachable } from './db/postgres-reachability.ts';
import { checkSqliteIntegrity } from './db/sqlite-integrity.ts';
import { readEnv } from './env.ts';
import { leaderWork, startScheduler } from './jobs/scheduler.ts';
import { exitOnSignals } from './shutdown.ts';
import { listenRefusal, StartupError } from './startup-error.ts';

/** Reads the configuration, opens and migrates the database, listens, then starts the jobs. */
async function main(): Promise<void> {
  const env = readEnv();
  // DATA_DIR holds uploads and the geo-IP cache on PostgreSQL too.
  prepareDataDir(env.DATA_DIR, env.DATABASE_URL ? undefined : env.sqlitePath);
  // `npm run restore` refuses to run while this file names a live server (backups/server-pid-files.ts).
  markServerRunning(env.DATA_DIR);
  if (env.DATABASE_URL) await checkPostgresReachable(env.DATABASE_URL);
  const db = openDatabase({ databaseUrl: env.DATABASE_URL, sqlitePath: env.sqlitePath });
  const quickCheckMs = db.dialect === 'sqlite' ? await checkSqliteIntegrity(db, env.sqlitePath) : undefined;
  await migrateToLatest(db);
  const built = await buildApp({ env, db });
  if (quickCheckMs !== undefined) {
    built.app.log.info({ file: env.sqlitePath, durationMs: quickCheckMs }, 'SQLite quick_check passed');
  }
  // Listen before any job starts: a port in use is then a one-line refusal, not a crash of a running monitor.
  await built.app.listen({ port: env.PORT, host: env.HOST }).catch((error: unknown) => {
    throw listenRefusal(error, env.PORT, env.HOST);
  });
  // The jobs every instance runs, the notification outbox among them (jobs/scheduler.ts).
  const scheduler = startScheduler(built.services, built.app.log);
  // The monitor and the leader-only jobs (pollers, pruning) run in the instance that leads (always, on SQLite);
  // see services/leadership.ts.
  await built.services.leadership.start(leaderWork(built.services, built.app.log));

  exitOnSignals({
    log: built.app.log,
    async steps() {
      // Requests first: in-flight ones finish while the monitor and the outbox still run, so nothing they wait for
      // is stopped under them. Then the jobs' runs in progress end and the monitor writes its queued results;
      // the outbox finishes the delivery in progress; the database closes last.
      await built.stopServing();
      await Promise.all([scheduler.stop(), built.services.leadership.stop()]);
      await built.close();
      await db.close();
    },
  });
}

main().catch((error: unknown) => {
  // Expected failures are one line that says what to fix; anything else is a bug and keeps its stack.
  console.error(error instanceof StartupError ? error.message : error);
  process.exit(1);
});
