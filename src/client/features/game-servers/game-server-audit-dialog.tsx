import { useQuery } from '@tanstack/react-query';
import { CheckCircle2, XCircle } from 'lucide-react';
import type { GameServerAuditWire } from '#shared/schemas/game-servers';
import { gameServerAuditQueryOptions } from '../../api/game-servers.api';
import { AdminListDialog } from './admin-list-dialog';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function whoOf(entry: GameServerAuditWire): string {
  if (entry.isAutomatic) return 'Auto start';
  return entry.username ?? 'Deleted user';
}

/** Every start, stop and restart (who, which server, what, result and the panel's reason), newest first. */
export function GameServerAuditDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data, isError } = useQuery(gameServerAuditQueryOptions(open));
  return (
    <AdminListDialog
      open={open}
      onClose={onClose}
      title="Action Log"
      description="Game server starts, stops and restarts, newest first."
      items={data}
      isError={isError}
      errorText="Failed to load the action log"
      emptyText="No actions yet"
      testId="game-server-audit"
    >
      {(entries) =>
        entries.map((entry) => (
          <li key={entry.id} className="flex items-start gap-3 rounded-lg border p-3" data-testid="audit-entry">
            {entry.isSuccess ? (
              <CheckCircle2 className="mt-0.5 size-4 shrink-0 text-emerald-500" aria-label="Succeeded" />
            ) : (
              <XCircle className="mt-0.5 size-4 shrink-0 text-destructive" aria-label="Failed" />
            )}
            <div className="grid min-w-0 flex-1 gap-0.5">
              <p className="text-sm break-words">
                <span className="font-medium capitalize">{entry.action}</span> {entry.serverName}
              </p>
              <p className="text-xs text-muted-foreground">
                {whoOf(entry)} · {WHEN.format(new Date(entry.createdAt))}
              </p>
              {entry.reason ? <p className="text-xs break-words text-destructive">{entry.reason}</p> : null}
            </div>
          </li>
        ))
      }
    </AdminListDialog>
  );
}
