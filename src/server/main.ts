import { buildApp } from './app.ts';
import { openDatabase } from './db/database.ts';
import { migrateToLatest } from './db/migrate.ts';
import { readEnv } from './env.ts';
import { startScheduler } from './jobs/scheduler.ts';

/** Reads the configuration, opens and migrates the database, starts the jobs and listens. */
async function main(): Promise<void> {
  const env = readEnv();
  const db = openDatabase({
    databaseUrl: env.DATABASE_URL,
    sqlitePath: env.sqlitePath,
    sqliteNativeBinding: env.SQLITE_NATIVE_BINDING,
  });
  await migrateToLatest(db);
  const built = await buildApp({ env, db });
  // The periodic jobs, the notification outbox among them (jobs/scheduler.ts).
  const scheduler = startScheduler(built.services, built.app.log);
  // The monitor runs in the instance that leads (always, on SQLite); see services/leadership.ts.
  await built.services.leadership.start(built.services.monitor);
  await built.app.listen({ port: env.PORT, host: env.HOST });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    built.app.log.info({ signal }, 'shutting down');
    // Both wait for work in progress (a job's run, the monitor's queued results) before the database closes.
    Promise.all([scheduler.stop(), built.services.leadership.stop()])
      .then(() => built.close())
      .then(() => db.close())
      .then(() => process.exit(0))
      .catch((error: unknown) => {
        built.app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      });
  };
  process.once('SIGINT', () => stop('SIGINT'));
  process.once('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
