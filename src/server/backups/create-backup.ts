import fs from 'node:fs';
import path from 'node:path';
import { backupNameFor, isBackupName, parseBackupName } from './backup-names.ts';
import {
  DATABASE_FILE,
  describeFiles,
  MANIFEST_FILE,
  readManifest,
  UPLOADS_FOLDER,
  type Manifest,
} from './manifest.ts';
import { isProcessAlive } from './server-pid-files.ts';
import { snapshotSqlite } from './sqlite-snapshot.ts';

/** What a backup is made of. */
export interface BackupSource {
  /** DATA_DIR; backups go to DATA_DIR/backups. */
  dataDir: string;
  uploadsDir: string;
  /** The SQLite database file, or null on PostgreSQL (then only the uploads are backed up: use pg_dump). */
  sqliteFile: string | null;
  /** The schema version of the code (the newest migration): recorded for PostgreSQL, whose data is not copied. */
  codeSchemaVersion: string;
}

/** 'full': database and uploads (SQLite); 'uploads-only': PostgreSQL, whose database pg_dump backs up. */
export type BackupKind = 'full' | 'uploads-only';

/** One finished backup, as listed. */
export interface BackupInfo {
  name: string;
  createdAt: Date;
  /** Bytes of all its files. */
  size: number;
  kind: BackupKind;
  folder: string;
}

/** DATA_DIR/backups. */
export function backupsDir(dataDir: string): string {
  return path.join(dataDir, 'backups');
}

// Work in progress (a backup being written, one being deleted) lives under a dot name with the process id: never
// listed, and removable once that process is gone (interrupted by a crash or a kill).
const TEMP_PREFIX = '.partial-';
const PARTIAL_PATTERN = /^\.(?:partial|deleting)-.+-(\d+)$/;

/** Removes the half-written backups of processes that are gone. */
function removeAbandonedPartials(dir: string): void {
  for (const entry of fs.readdirSync(dir)) {
    const match = PARTIAL_PATTERN.exec(entry);
    if (match && Number(match[1]) !== process.pid && !isProcessAlive(Number(match[1]))) {
      fs.rmSync(path.join(dir, entry), { recursive: true, force: true });
    }
  }
}

/** Every regular file below `dir`, as paths relative to it with forward slashes; none when it does not exist. */
async function filesBelow(dir: string, prefix = ''): Promise<string[]> {
  let entries: fs.Dirent[];
  try {
    entries = await fs.promises.readdir(path.join(dir, prefix), { withFileTypes: true });
  } catch (error) {
    if (error instanceof Error && 'code' in error && error.code === 'ENOENT') return [];
    throw error;
  }
  const files: string[] = [];
  for (const entry of entries) {
    const relative = prefix ? `${prefix}/${entry.name}` : entry.name;
    if (entry.isDirectory()) files.push(...(await filesBelow(dir, relative)));
    else if (entry.isFile()) files.push(relative);
  }
  return files;
}

/** Copies the uploads (written whole by rename, so a copied file is never half an upload); answers what it copied. */
async function copyUploads(uploadsDir: string, target: string): Promise<string[]> {
  const copied: string[] = [];
  for (const relative of await filesBelow(uploadsDir)) {
    const to = path.join(target, ...relative.split('/'));
    await fs.promises.mkdir(path.dirname(to), { recursive: true });
    try {
      await fs.promises.copyFile(path.join(uploadsDir, ...relative.split('/')), to);
      copied.push(relative);
    } catch (error) {
      // Deleted (replaced by a newer upload) since the folder was read: not part of this backup.
      if (!(error instanceof Error && 'code' in error && error.code === 'ENOENT')) throw error;
    }
  }
  return copied;
}

function fsyncFile(file: string): void {
  const handle = fs.openSync(file, 'r');
  try {
    fs.fsyncSync(handle);
  } finally {
    fs.closeSync(handle);
  }
}

function infoOf(folder: string, name: string, manifest: Manifest): BackupInfo {
  return {
    name,
    createdAt: parseBackupName(name) ?? new Date(manifest.createdAt),
    size: manifest.files.reduce((sum, file) => sum + file.size, 0),
    kind: manifest.database === 'sqlite' ? 'full' : 'uploads-only',
    folder,
  };
}

/**
 * Makes a backup in DATA_DIR/backups/<name>: the database (SQLite's backup API), a copy of the uploads and
 * manifest.json (schema version, time, database kind, each file's size and SHA-256). Everything is written under
 * a temporary name and renamed when complete, so a listed backup is never half written.
 */
export async function createBackup(source: BackupSource, now: Date): Promise<BackupInfo> {
  const dir = backupsDir(source.dataDir);
  // Backups hold the database, secrets included: readable by the server's user only.
  await fs.promises.mkdir(dir, { recursive: true, mode: 0o700 });
  removeAbandonedPartials(dir);
  const name = backupNameFor(now);
  const partial = path.join(dir, `${TEMP_PREFIX}${name}-${process.pid}`);
  await fs.promises.mkdir(partial, { mode: 0o700 });
  try {
    let schemaVersion = source.codeSchemaVersion;
    const files: string[] = [];
    if (source.sqliteFile) {
      schemaVersion = await snapshotSqlite(source.sqliteFile, path.join(partial, DATABASE_FILE));
      files.push(DATABASE_FILE);
    }
    const uploads = await copyUploads(source.uploadsDir, path.join(partial, UPLOADS_FOLDER));
    files.push(...uploads.map((relative) => `${UPLOADS_FOLDER}/${relative}`));
    const manifest: Manifest = {
      format: 1,
      app: 'homelab-dashboard',
      createdAt: now.toISOString(),
      database: source.sqliteFile ? 'sqlite' : 'postgres',
      schemaVersion,
      files: await describeFiles(partial, files),
    };
    await fs.promises.writeFile(path.join(partial, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    if (source.sqliteFile) fsyncFile(path.join(partial, DATABASE_FILE));
    fsyncFile(path.join(partial, MANIFEST_FILE));
    const folder = path.join(dir, name);
    // rename() onto an existing non-empty folder fails: a backup is never overwritten.
    await fs.promises.rename(partial, folder);
    return infoOf(folder, name, manifest);
  } catch (error) {
    await fs.promises.rm(partial, { recursive: true, force: true });
    throw error;
  }
}

/** The finished backups in DATA_DIR/backups, newest first (folders without a valid manifest are left out). */
export async function listBackups(dataDir: string): Promise<BackupInfo[]> {
  const dir = backupsDir(dataDir);
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return [];
  }
  const backups: BackupInfo[] = [];
  for (const name of names.filter(isBackupName)) {
    const folder = path.join(dir, name);
    try {
      backups.push(infoOf(folder, name, await readManifest(folder)));
    } catch {
      // Not ours or damaged: listing it would offer a backup that cannot be restored.
    }
  }
  return backups.sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
}
