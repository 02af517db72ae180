import { queryOptions } from '@tanstack/react-query';
import type { MessageWire } from '#shared/schemas/common';
import type { BackupListWire, BackupWire } from '#shared/schemas/backups';
import { apiJson } from './http.client';

export const BACKUPS_QUERY_KEY = ['/api/backups'] as const;

/** GET /api/backups (admins): the backups, newest first, the database kind and the schedule. */
export function backupsQueryOptions() {
  return queryOptions({
    queryKey: BACKUPS_QUERY_KEY,
    queryFn: () => apiJson<BackupListWire>('GET', '/api/backups'),
  });
}

/** POST /api/backups: makes one now (409 while one runs). */
export function createBackup(): Promise<BackupWire> {
  return apiJson<BackupWire>('POST', '/api/backups');
}

/** DELETE /api/backups/{name}. */
export function deleteBackup(name: string): Promise<MessageWire> {
  return apiJson<MessageWire>('DELETE', `/api/backups/${encodeURIComponent(name)}`);
}
