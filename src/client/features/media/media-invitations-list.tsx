import { useQuery } from '@tanstack/react-query';
import { mediaInvitationsQueryOptions } from '../../api/media.api';
import { Badge } from '../../components/ui/badge';
import { Skeleton } from '../../components/ui/skeleton';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The admins' list of recent invitations: who asked, for which address, when, and what plex.tv said. */
export function MediaInvitationsList() {
  const { data, isError, error } = useQuery(mediaInvitationsQueryOptions());
  if (isError && !data) {
    return (
      <p role="alert" className="text-sm text-destructive">
        {error.message}
      </p>
    );
  }
  if (!data) return <Skeleton className="h-16" aria-label="Loading invitations" />;
  if (data.length === 0) return <p className="text-sm text-muted-foreground">No invitations yet.</p>;
  return (
    <ul className="grid max-h-80 gap-2 overflow-y-auto" aria-label="Recent invitations" data-testid="media-invitations">
      {data.map((invitation) => (
        <li key={invitation.id} className="grid min-w-0 gap-1 rounded-lg border p-3 text-sm">
          <div className="flex min-w-0 flex-wrap items-center gap-2">
            <span className="min-w-0 truncate font-medium">{invitation.email}</span>
            <Badge variant={invitation.result === 'sent' ? 'secondary' : 'destructive'}>
              {invitation.result === 'sent' ? 'Sent' : 'Failed'}
            </Badge>
          </div>
          <p className="text-xs text-muted-foreground">
            {invitation.invitedBy ? `by ${invitation.invitedBy.username}` : 'by a deleted account'} ·{' '}
            <time dateTime={invitation.createdAt}>{dateFormat.format(new Date(invitation.createdAt))}</time>
          </p>
          {invitation.message ? (
            <p className="text-xs break-words text-muted-foreground">{invitation.message}</p>
          ) : null}
        </li>
      ))}
    </ul>
  );
}
