import {
  BACKUP_MSG,
  backupListWire,
  backupNameParams,
  backupWire,
  type BackupListWire,
  type BackupWire,
} from '#shared/schemas/backups';
import { messageWire } from '#shared/schemas/common';
import type { BackupInfo } from '../backups/create-backup.ts';
import { presentMessage } from '../presenters/message.presenter.ts';
import type { RouteContext } from './route-context.ts';

function presentBackup(backup: BackupInfo): BackupWire {
  return { name: backup.name, createdAt: backup.createdAt.toISOString(), size: backup.size, kind: backup.kind };
}

/** Backups of DATA_DIR (issue 15): list, make one now, delete one. Admins; an admin API key may list and make. */
export function backupsRoutes({ app, services }: RouteContext): void {
  const backups = services.backups;

  app.get(
    '/api/backups',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'The backups in the data folder, and the schedule', response: { 200: backupListWire } },
    },
    async (): Promise<BackupListWire> => ({
      database: backups.database,
      schedule: backups.schedule,
      backups: (await backups.list()).map(presentBackup),
    }),
  );

  app.post(
    '/api/backups',
    {
      config: { access: 'admin', apiKeyScope: 'admin' },
      schema: { summary: 'Make a backup now', response: { 201: backupWire } },
    },
    async (_request, reply) => {
      const made = await backups.create();
      return reply.status(201).send(presentBackup(made));
    },
  );

  app.delete(
    '/api/backups/:name',
    {
      config: { access: 'admin' },
      schema: { summary: 'Delete a backup', params: backupNameParams, response: { 200: messageWire } },
    },
    async (request) => {
      await backups.delete(request.params.name);
      return presentMessage(BACKUP_MSG.deleted);
    },
  );
}
