import { useQuery } from '@tanstack/react-query';
import { Archive, Trash2 } from 'lucide-react';
import { useState } from 'react';
import { PG_DUMP_COMMAND, PG_RESTORE_COMMAND, type BackupWire } from '#shared/schemas/backups';
import { backupsQueryOptions } from '../../api/backups.api';
import { Button } from '../../components/ui/button';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { Skeleton } from '../../components/ui/skeleton';
import { SettingsSection } from '../settings/settings-section';
import { BACKUPS_TEXT } from './backups-text';
import { useCreateBackup, useDeleteBackup } from './use-backups';

const WHEN_FORMAT = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function formatSize(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.max(1, Math.round(bytes / 1024))} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

function Command({ text }: { text: string }) {
  return <code className="block overflow-x-auto rounded-md bg-muted px-3 py-2 font-mono text-xs">{text}</code>;
}

function BackupRow({ backup, onDelete }: { backup: BackupWire; onDelete: (backup: BackupWire) => void }) {
  const when = WHEN_FORMAT.format(new Date(backup.createdAt));
  return (
    <li className="flex items-center justify-between gap-3 py-2">
      <div className="grid min-w-0 gap-0.5">
        <span className="truncate text-sm font-medium">{when}</span>
        <span className="text-xs text-muted-foreground">
          {backup.kind === 'full' ? BACKUPS_TEXT.kindFull : BACKUPS_TEXT.kindUploads} · {formatSize(backup.size)}
        </span>
      </div>
      <Button variant="ghost" size="icon" aria-label={BACKUPS_TEXT.deleteLabel(when)} onClick={() => onDelete(backup)}>
        <Trash2 aria-hidden="true" />
      </Button>
    </li>
  );
}

/** The Settings page's 'Backups' card: the list, "Back up now", delete with a confirmation, and PostgreSQL's way. */
export function BackupsSection() {
  const { data, isError, error } = useQuery(backupsQueryOptions());
  const create = useCreateBackup();
  const remove = useDeleteBackup();
  const [doomed, setDoomed] = useState<BackupWire | null>(null);

  return (
    <SettingsSection id="backups" icon={<Archive />} title={BACKUPS_TEXT.title} description={BACKUPS_TEXT.description}>
      {data ? (
        <div className="grid gap-4">
          <div className="flex flex-wrap items-center justify-between gap-3">
            <p className="text-sm text-muted-foreground">
              {data.schedule === 'daily' ? BACKUPS_TEXT.scheduleDaily : BACKUPS_TEXT.scheduleOff}
            </p>
            <Button onClick={() => create.mutate()} disabled={create.isPending}>
              {create.isPending ? BACKUPS_TEXT.backingUp : BACKUPS_TEXT.backUpNow}
            </Button>
          </div>
          {data.database === 'postgres' ? (
            <div className="grid gap-2 rounded-lg border p-3 text-sm">
              <p>{BACKUPS_TEXT.postgresNote}</p>
              <Command text={PG_DUMP_COMMAND} />
              <p>{BACKUPS_TEXT.postgresRestore}</p>
              <Command text={PG_RESTORE_COMMAND} />
            </div>
          ) : null}
          {data.backups.length === 0 ? (
            <p className="text-sm text-muted-foreground">{BACKUPS_TEXT.empty}</p>
          ) : (
            <ul className="divide-y" aria-label={BACKUPS_TEXT.title}>
              {data.backups.map((backup) => (
                <BackupRow key={backup.name} backup={backup} onDelete={setDoomed} />
              ))}
            </ul>
          )}
          <p className="text-xs text-muted-foreground">{BACKUPS_TEXT.restoreHint}</p>
        </div>
      ) : isError ? (
        <p role="alert" className="text-sm text-destructive">
          {error.message}
        </p>
      ) : (
        <div className="grid gap-3" aria-busy="true" aria-label={BACKUPS_TEXT.loading}>
          <Skeleton className="h-10" />
          <Skeleton className="h-10" />
        </div>
      )}
      <ConfirmDialog
        open={doomed !== null}
        title={BACKUPS_TEXT.deleteTitle}
        description={doomed ? BACKUPS_TEXT.deleteDescription(WHEN_FORMAT.format(new Date(doomed.createdAt))) : ''}
        actionLabel={BACKUPS_TEXT.deleteAction}
        onConfirm={() => {
          if (doomed) remove.mutate(doomed.name);
          setDoomed(null);
        }}
        onClose={() => setDoomed(null)}
      />
    </SettingsSection>
  );
}
