import { BACKUP_NAME_PATTERN } from '#shared/schemas/backups';

/**
 * A backup's name is the UTC time it was made, to the millisecond, in a form safe for any file system:
 * `2026-11-26T17-42-55-123Z`. The name is the only part of a request that reaches a path (DELETE
 * /api/backups/{name}), so it is checked against this exact pattern: no dots, slashes or anything else.
 *
 * The name of a backup made at `date`.
 */
export function backupNameFor(date: Date): string {
  return date.toISOString().replace(/[:.]/g, '-');
}

/** The time a backup name stands for, or null when the text is not exactly a backup name. */
export function parseBackupName(name: string): Date | null {
  if (!BACKUP_NAME_PATTERN.test(name)) return null;
  // 2026-11-26T17-42-55-123Z -> 2026-11-26T17:42:55.123Z
  const date = new Date(`${name.slice(0, 13)}:${name.slice(14, 16)}:${name.slice(17, 19)}.${name.slice(20)}`);
  // Rejects impossible dates (2026-02-31) that Date would roll over.
  return Number.isNaN(date.getTime()) || backupNameFor(date) !== name ? null : date;
}

/** True when `name` is exactly a backup name. */
export function isBackupName(name: string): boolean {
  return parseBackupName(name) !== null;
}
