import fs from 'node:fs';
import path from 'node:path';
import { PG_RESTORE_COMMAND } from '#shared/schemas/backups';
import { openDatabase } from '../db/database.ts';
import { migrateToLatest, migrationsFor } from '../db/migrate.ts';
import { openSqliteFile } from '../db/sqlite-driver.ts';
import { backupNameFor } from './backup-names.ts';
import { DATABASE_FILE, FileHasher, MANIFEST_FILE, readManifest, UPLOADS_FOLDER, type Manifest } from './manifest.ts';
import { runningServers } from './server-pid-files.ts';
import { newestMigration } from './sqlite-snapshot.ts';

/** Why a restore stopped, with the exit code `npm run restore` ends with. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
  constructor(
    message: string,
    /** 2: bad usage or configuration, 3: the backup is not usable, 4: a server runs on DATA_DIR. */
    readonly exitCode: 2 | 3 | 4,
  ) {
    super(message);
  }
}

export interface RestoreTarget {
  dataDir: string;
  /** DATA_DIR/homelab.db. */
  sqlitePath: string;
  /** Set when the server runs on PostgreSQL: only the uploads are restored (the database with pg_restore). */
  databaseUrl: string | undefined;
}

export interface RestoreOutcome {
  manifest: Manifest;
  /** Where the data that was in place went (null when there was none: a fresh DATA_DIR). */
  keptAside: string | null;
  /** True when the backup held the database (SQLite). */
  restoredDatabase: boolean;
}

/** The backup folder of FILE: the folder itself or its manifest.json. */
export function backupFolderOf(file: string): string {
  const resolved = path.resolve(file);
  let stat: fs.Stats;
  try {
    stat = fs.statSync(resolved);
  } catch {
    throw new RestoreRefused(`${resolved} does not exist`, 2);
  }
  if (stat.isDirectory()) return resolved;
  if (path.basename(resolved) === MANIFEST_FILE) return path.dirname(resolved);
  throw new RestoreRefused(
    `${resolved} is not a backup: give a backup folder (DATA_DIR/backups/<name>) or its ${MANIFEST_FILE}`,
    2,
  );
}

/** Every file the manifest lists is there with its size and SHA-256. */
async function verifyFiles(folder: string, manifest: Manifest): Promise<void> {
  const hasher = new FileHasher();
  for (const entry of manifest.files) {
    const file = path.join(folder, ...entry.path.split('/'));
    let size: number;
    try {
      size = fs.statSync(file).size;
    } catch {
      throw new RestoreRefused(`The backup is incomplete: ${entry.path} is missing`, 3);
    }
    if (size !== entry.size || (await hasher.sha256(file)) !== entry.sha256) {
      throw new RestoreRefused(
        `The backup is damaged: ${entry.path} does not match its size and SHA-256 in the manifest`,
        3,
      );
    }
  }
}

/** PRAGMA integrity_check and the schema version of a staged copy of the database. */
function checkDatabase(file: string): void {
  const db = openSqliteFile(file, { fileMustExist: true });
  try {
    const rows = db.pragma('integrity_check') as { integrity_check: string }[];
    const problems = rows.map((row) => row.integrity_check).filter((line) => line !== 'ok');
    if (problems.length > 0) {
      throw new RestoreRefused(
        `The backup's database fails PRAGMA integrity_check: ${problems.slice(0, 3).join('; ')}`,
        3,
      );
    }
    const version = newestMigration(db, file);
    const known = Object.keys(migrationsFor({ dialect: 'sqlite' }));
    if (!known.includes(version)) {
      throw new RestoreRefused(
        `The backup's database has schema ${version}, newer than this code knows (up to ${known.at(-1)}): ` +
          'update the dashboard first, then restore',
        3,
      );
    }
  } catch (error) {
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(
      `The backup's database cannot be read: ${error instanceof Error ? error.message : String(error)}`,
      3,
    );
  } finally {
    db.close();
  }
}

function refuseWhileServerRuns(dataDir: string): void {
  const pids = runningServers(dataDir);
  if (pids.length > 0) {
    throw new RestoreRefused(
      `A server is running on DATA_DIR ${dataDir} (process ${pids.join(', ')}): stop it, then run the restore again`,
      4,
    );
  }
}

function exists(target: string): boolean {
  return fs.existsSync(target);
}

/** Migrates the restored database; a failure says where the data that was in place went. */
async function migrateRestored(target: RestoreTarget, keptAside: string | null): Promise<void> {
  try {
    const db = openDatabase({ sqlitePath: target.sqlitePath });
    try {
      await migrateToLatest(db);
    } finally {
      await db.close();
    }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const previous = keptAside ? `; the data that was in place is kept in ${keptAside}` : '';
    throw new Error(`The backup was put in place but migrating it failed: ${message}${previous}`, { cause: error });
  }
}

/**
 * Restores a backup folder into DATA_DIR: checks the manifest, every file's SHA-256, the database's integrity and
 * schema version (not newer than this code), refuses while a server runs on DATA_DIR, moves what is in place
 * aside (kept in DATA_DIR/before-restore-<time>), puts the backup in place and migrates it to this code's schema.
 */
export async function restoreBackup(folder: string, target: RestoreTarget, now: Date): Promise<RestoreOutcome> {
  const manifest = await readManifest(folder).catch((error: unknown) => {
    throw new RestoreRefused(error instanceof Error ? error.message : String(error), 3);
  });
  if (manifest.database === 'sqlite' && target.databaseUrl) {
    throw new RestoreRefused(
      'This backup holds a SQLite database but DATABASE_URL is set: unset DATABASE_URL to restore it to SQLite',
      2,
    );
  }
  await verifyFiles(folder, manifest);
  refuseWhileServerRuns(target.dataDir);

  const restoredDatabase = manifest.database === 'sqlite';
  fs.mkdirSync(target.dataDir, { recursive: true });
  // Staged inside DATA_DIR, so the final moves are renames on one file system.
  const staging = path.join(target.dataDir, `.restore-${process.pid}`);
  fs.rmSync(staging, { recursive: true, force: true });
  fs.mkdirSync(staging);
  try {
    if (restoredDatabase) {
      fs.copyFileSync(path.join(folder, DATABASE_FILE), path.join(staging, DATABASE_FILE));
      checkDatabase(path.join(staging, DATABASE_FILE));
    }
    for (const entry of manifest.files.filter((file) => file.path.startsWith(`${UPLOADS_FOLDER}/`))) {
      const to = path.join(staging, ...entry.path.split('/'));
      fs.mkdirSync(path.dirname(to), { recursive: true });
      fs.copyFileSync(path.join(folder, ...entry.path.split('/')), to);
    }
    // Checked again just before anything in place is touched: a server may have started meanwhile.
    refuseWhileServerRuns(target.dataDir);

    const replaced = restoredDatabase
      ? [target.sqlitePath, `${target.sqlitePath}-wal`, `${target.sqlitePath}-shm`]
      : [];
    replaced.push(path.join(target.dataDir, UPLOADS_FOLDER));
    const present = replaced.filter(exists);
    const keptAside = present.length > 0 ? path.join(target.dataDir, `before-restore-${backupNameFor(now)}`) : null;
    if (keptAside) {
      fs.mkdirSync(keptAside);
      for (const item of present) fs.renameSync(item, path.join(keptAside, path.basename(item)));
    }
    if (restoredDatabase) fs.renameSync(path.join(staging, DATABASE_FILE), target.sqlitePath);
    const stagedUploads = path.join(staging, UPLOADS_FOLDER);
    if (exists(stagedUploads)) fs.renameSync(stagedUploads, path.join(target.dataDir, UPLOADS_FOLDER));
    else fs.mkdirSync(path.join(target.dataDir, UPLOADS_FOLDER));

    if (restoredDatabase) await migrateRestored(target, keptAside);
    return { manifest, keptAside, restoredDatabase };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** What to tell the operator after a restore of a PostgreSQL deployment's backup (uploads only). */
export const POSTGRES_RESTORE_NOTE = `The database is not part of this backup: restore it with ${PG_RESTORE_COMMAND}`;
