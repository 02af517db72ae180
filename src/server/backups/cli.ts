import fs from 'node:fs';
import path from 'node:path';
import { PG_DUMP_COMMAND } from '#shared/schemas/backups';
import { prepareDataDir } from '../data-dir.ts';
import { latestMigrationName } from '../db/migrate.ts';
import { readEnv } from '../env.ts';
import { isDiskFull } from '../lib/disk-full.ts';
import { systemClock } from '../services/clock.ts';
import { StartupError } from '../startup-error.ts';
import { BackupService } from './backup.service.ts';
import { backupFolderOf, POSTGRES_RESTORE_NOTE, RestoreRefused, restoreBackup } from './restore.ts';

/**
 * `npm run backup` and `npm run restore -- FILE` (scripts/backup-cli.mjs runs the bundle of this file). Same
 * configuration as the server (DATA_DIR, DATABASE_URL) and the same backup code; a backup
 * is safe while the server runs, a restore refuses to. Exit codes: 0 done, 1 failed, 2 usage or configuration,
 * 3 the backup is not usable, 4 a server runs on DATA_DIR.
 */
const USAGE = 'usage: npm run backup | npm run restore -- <backup folder or its manifest.json>';

/** A backup that failed for a reason the operator can act on (a full disk): one line, exit code 1, no stack. */
class BackupFailed extends Error {}

function mebibytes(bytes: number): string {
  return `${(bytes / 1024 / 1024).toFixed(1)} MiB`;
}

async function backup(): Promise<void> {
  const env = readEnv();
  prepareDataDir(env.DATA_DIR, env.DATABASE_URL ? undefined : env.sqlitePath);
  if (!env.DATABASE_URL && !fs.existsSync(env.sqlitePath)) {
    throw new RestoreRefused(`There is no database at ${env.sqlitePath}: check DATA_DIR`, 2);
  }
  const service = new BackupService({
    source: {
      dataDir: env.DATA_DIR,
      uploadsDir: path.join(env.DATA_DIR, 'uploads'),
      sqliteFile: env.DATABASE_URL ? null : env.sqlitePath,
      codeSchemaVersion: latestMigrationName({ dialect: env.DATABASE_URL ? 'postgres' : 'sqlite' }),
    },
    clock: systemClock,
    schedule: env.BACKUP_SCHEDULE,
  });
  const made = await service.create().catch((error: unknown) => {
    // Not a bug: one line with the reason (the partial folder is already removed), exit 1.
    if (!isDiskFull(error)) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new BackupFailed(
      `Backup failed: the disk is full (${reason}). Nothing was kept; free space on the disk of ` +
        `${path.join(env.DATA_DIR, 'backups')} and run it again.`,
    );
  });
  console.log(`Backup written to ${made.folder} (${mebibytes(made.size)})`);
  if (made.kind === 'uploads-only') {
    console.log(`It holds the uploads only. Back up the PostgreSQL database with: ${PG_DUMP_COMMAND}`);
  }
}

async function restore(file: string | undefined): Promise<void> {
  if (!file) throw new RestoreRefused(USAGE, 2);
  const env = readEnv();
  const folder = backupFolderOf(file);
  prepareDataDir(env.DATA_DIR);
  const outcome = await restoreBackup(
    folder,
    {
      dataDir: env.DATA_DIR,
      sqlitePath: env.sqlitePath,
      databaseUrl: env.DATABASE_URL,
    },
    systemClock.now(),
  );
  const what = outcome.restoredDatabase ? 'database and uploads' : 'uploads';
  console.log(`Restored the ${what} of ${folder} (made ${outcome.manifest.createdAt}) into ${env.DATA_DIR}.`);
  console.log(
    outcome.keptAside
      ? `What was there before is kept in ${outcome.keptAside}: delete it once the restored data looks right.`
      : 'DATA_DIR held no data before, so nothing was kept aside.',
  );
  if (!outcome.restoredDatabase) console.log(POSTGRES_RESTORE_NOTE);
}

async function main(): Promise<void> {
  const [command, ...args] = process.argv.slice(2);
  if (command === 'backup' && args.length === 0) return backup();
  if (command === 'restore' && args.length <= 1) return restore(args[0]);
  throw new RestoreRefused(USAGE, 2);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    // Expected refusals are one line; anything else is a bug and keeps its stack.
    if (error instanceof RestoreRefused) {
      console.error(error.message);
      process.exit(error.exitCode);
    }
    if (error instanceof BackupFailed) {
      console.error(error.message);
      process.exit(1);
    }
    console.error(error instanceof StartupError ? error.message : error);
    process.exit(error instanceof StartupError ? 2 : 1);
  },
);
