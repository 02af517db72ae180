import { z } from 'zod';

/** A backup's name: the UTC time it was made, `2026-11-26T17-42-55-123Z` (server: backups/backup-names.ts). */
export const BACKUP_NAME_PATTERN = /^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}-\d{3}Z$/;

export const BACKUP_MSG = {
  running: 'A backup is already running. Try again when it has finished.',
  notFound: 'Backup not found',
  badName: 'Not a backup name',
  deleted: 'Backup deleted',
} as const;

/**
 * PostgreSQL's own tools back up and restore its database; the dashboard's backups then hold only the uploads.
 * Shown on the Settings page and in README, so the two say the same.
 */
export const PG_DUMP_COMMAND = 'pg_dump --format=custom --file=homelab.dump "$DATABASE_URL"';
export const PG_RESTORE_COMMAND = 'pg_restore --clean --if-exists --no-owner --dbname="$DATABASE_URL" homelab.dump';

/** `/:name` of DELETE /api/backups/{name}: exactly a backup name, so nothing else can reach a path. */
export const backupNameParams = z.object({ name: z.string().regex(BACKUP_NAME_PATTERN, BACKUP_MSG.badName) });

export const backupWire = z.object({
  name: z.string(),
  createdAt: z.string(),
  /** Bytes of the database copy and the uploads together. */
  size: z.number(),
  /** 'full': database and uploads (SQLite); 'uploads-only': PostgreSQL, whose database pg_dump backs up. */
  kind: z.enum(['full', 'uploads-only']),
});
export type BackupWire = z.infer<typeof backupWire>;

/** GET /api/backups: the backups, newest first, and what the Settings page needs to explain them. */
export const backupListWire = z.object({
  database: z.enum(['sqlite', 'postgres']),
  /** BACKUP_SCHEDULE: 'daily' makes one a day; 'off' only on request. */
  schedule: z.enum(['daily', 'off']),
  backups: z.array(backupWire),
});
export type BackupListWire = z.infer<typeof backupListWire>;
