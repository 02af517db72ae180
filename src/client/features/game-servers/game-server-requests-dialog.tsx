import { useQuery } from '@tanstack/react-query';
import { Check, RotateCcw } from 'lucide-react';
import { gameServerRequestsQueryOptions } from '../../api/game-servers.api';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { AdminListDialog } from './admin-list-dialog';
import { useSetRequestDone } from './use-game-server-admin';

const WHEN = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The users' game-server requests (admins), as the server lists them; each can be marked done or reopened. */
export function GameServerRequestsDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { data, isError } = useQuery(gameServerRequestsQueryOptions(open));
  const setDone = useSetRequestDone();
  return (
    <AdminListDialog
      open={open}
      onClose={onClose}
      title="Server Requests"
      description="Games users asked for through Request New Game Server."
      items={data}
      isError={isError}
      errorText="Failed to load requests"
      emptyText="No requests yet"
      testId="game-server-requests"
    >
      {(requests) =>
        requests.map((request) => {
          const isDone = request.doneAt !== null;
          return (
            <li
              key={request.id}
              className="flex flex-wrap items-center gap-x-3 gap-y-2 rounded-lg border p-3"
              data-testid="game-server-request"
            >
              <div className="grid min-w-0 flex-1 gap-0.5">
                <p className="truncate font-medium">{request.game}</p>
                <p className="text-xs text-muted-foreground">
                  {request.username ?? 'Deleted user'} · {WHEN.format(new Date(request.createdAt))}
                </p>
              </div>
              {isDone ? <Badge variant="secondary">Done</Badge> : null}
              <Button
                size="sm"
                variant={isDone ? 'ghost' : 'outline'}
                disabled={setDone.isPending}
                aria-label={`${isDone ? 'Reopen' : 'Mark done'}: ${request.game}`}
                onClick={() => setDone.mutate({ id: request.id, done: !isDone })}
              >
                {isDone ? <RotateCcw aria-hidden="true" /> : <Check aria-hidden="true" />}
                {isDone ? 'Reopen' : 'Mark done'}
              </Button>
            </li>
          );
        })
      }
    </AdminListDialog>
  );
}
