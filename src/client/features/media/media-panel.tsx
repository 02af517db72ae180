import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Clapperboard, Info, ServerOff, Tv } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { Link } from 'wouter';
import { isAdminRole } from '#shared/permissions';
import { MEDIA_MSG, type MediaDetailsWire, type MediaLibraryWire } from '#shared/schemas/media';
import {
  mediaDetailsQueryOptions,
  mediaServerQueryOptions,
  mediaSummaryQueryOptions,
  myMediaInvitationsQueryOptions,
} from '../../api/media.api';
import { Label } from '../../components/ui/label';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert';
import { Skeleton } from '../../components/ui/skeleton';
import { Switch } from '../../components/ui/switch';
import { useSession } from '../../hooks/use-session';
import { JoinInvitationDialog } from './join-invitation-dialog';
import { formatCount, MEDIA_TEXT, summaryLine } from './media-text';
import { StreamList } from './stream-list';
import { useMediaAutoRefresh } from './use-media-auto-refresh';

/** SPEC section 3: the placeholder libraries while the details load. */
const PLACEHOLDER_LIBRARIES: readonly MediaLibraryWire[] = [
  { title: 'Movies', type: 'movie', count: 0 },
  { title: 'TV Shows', type: 'show', count: 0 },
];

function LibraryCounts({
  libraries,
  isPlaceholder,
}: {
  libraries: readonly MediaLibraryWire[];
  isPlaceholder?: boolean;
}) {
  if (libraries.length === 0) return null;
  return (
    <ul
      className="flex flex-wrap gap-1.5"
      aria-label={MEDIA_TEXT.libraries}
      data-testid="media-libraries"
      data-placeholder={isPlaceholder ? 'true' : undefined}
    >
      {libraries.map((library) => {
        const Icon = library.type === 'movie' ? Clapperboard : Tv;
        return (
          <li
            key={`${library.type}-${library.title}`}
            className="inline-flex max-w-full min-w-0 items-center gap-1.5 rounded-md border bg-background/60 px-2 py-0.5 text-xs"
          >
            <Icon className="size-3.5 shrink-0 text-muted-foreground" aria-hidden="true" />
            <span className="truncate">{library.title}</span>
            <span className="font-semibold tabular-nums">{formatCount(library.count)}</span>
          </li>
        );
      })}
    </ul>
  );
}

/** The compact summary line from helper call one; 'Failed to load Plex info' when it cannot be read. */
function SummaryLine({ isServerDown }: { isServerDown: boolean }) {
  const { data, isError } = useQuery(mediaSummaryQueryOptions());
  // The details poll more often: once they say the server is down, an older summary would contradict them.
  if (isServerDown) return null;
  if (isError && !data) {
    return <LoadFailedAlert className="gap-1.5 text-xs">{MEDIA_MSG.loadFailedShort}</LoadFailedAlert>;
  }
  if (!data) return <Skeleton className="h-4 w-44" aria-label="Loading media summary" />;
  if (!data.status) return null;
  return (
    <p className="text-xs text-muted-foreground tabular-nums" data-testid="media-summary">
      {summaryLine(data)}
    </p>
  );
}

function Notice({ icon, children, isAlert }: { icon: ReactNode; children: ReactNode; isAlert?: boolean }) {
  return (
    <div
      role={isAlert ? 'alert' : undefined}
      className="flex items-start gap-2 text-sm [&>svg]:mt-0.5 [&>svg]:size-4 [&>svg]:shrink-0"
    >
      {icon}
      <div className="grid min-w-0 gap-0.5">{children}</div>
    </div>
  );
}

/** What the details say: not configured, offline with its reason, or online with streams and libraries. */
function DetailsBody({
  details,
  receivedAt,
  isAdmin,
  showAdminMessages,
}: {
  details: MediaDetailsWire;
  receivedAt: number;
  isAdmin: boolean;
  showAdminMessages: boolean;
}) {
  if (!details.status && details.error === MEDIA_MSG.notConfigured) {
    return (
      <Notice icon={<Info className="text-muted-foreground" />}>
        <p data-testid="media-not-configured">{MEDIA_MSG.notConfigured}</p>
        {isAdmin ? (
          <Link href="/settings#media" className="text-sm text-primary underline-offset-4 hover:underline">
            {MEDIA_TEXT.setUpInSettings}
          </Link>
        ) : null}
      </Notice>
    );
  }
  if (!details.status) {
    return (
      <Notice icon={<ServerOff className="text-destructive" />} isAlert>
        <p className="font-medium">{MEDIA_MSG.offline}</p>
        {details.error ? (
          <p className="text-xs break-words text-muted-foreground" data-testid="media-offline-reason">
            <span className="font-medium text-foreground">
              {isAdmin ? MEDIA_TEXT.errorDetails : MEDIA_TEXT.reason}:
            </span>{' '}
            {details.error}
          </p>
        ) : null}
      </Notice>
    );
  }
  let streams: ReactNode = null;
  if (isAdmin && details.streams.length > 0) {
    streams = <StreamList streams={details.streams} receivedAt={receivedAt} />;
  } else if (!isAdmin && details.activeStreamCount > 0) {
    streams = (
      <p className="text-sm" data-testid="media-stream-count">
        {MEDIA_TEXT.activeStreams(details.activeStreamCount)}
      </p>
    );
  } else if (isAdmin && showAdminMessages) {
    streams = <p className="text-sm text-muted-foreground">{MEDIA_TEXT.noActivePlayers}</p>;
  }
  return (
    <>
      {streams}
      <LibraryCounts libraries={details.libraries} />
    </>
  );
}

/** The card's auto-refresh switch (remembered in the browser). */
function AutoRefreshSwitch({ isOn, onChange }: { isOn: boolean; onChange: (isOn: boolean) => void }) {
  const id = useId();
  return (
    // ml-auto: stays at the right end whether or not the summary line is beside it.
    <div className="ml-auto flex items-center gap-2">
      <Label htmlFor={id} className="text-xs font-normal text-muted-foreground">
        {MEDIA_TEXT.autoRefresh}
      </Label>
      <Switch
        id={id}
        checked={isOn}
        onCheckedChange={onChange}
        className="h-5 w-9 [&>span]:size-4 [&>span]:data-[state=checked]:translate-x-4"
      />
    </div>
  );
}

/**
 * The media-server part of its service card (SPEC section 2): summary line, stream activity, library counts and
 * Join. Stream details reach admins only (the server sends none below admin); admin-only messages such as
 * 'No active players' follow the admin controls toggle.
 */
export function MediaPanel({ showAdminMessages }: { showAdminMessages: boolean }) {
  const { user } = useSession();
  const isAdmin = user !== null && isAdminRole(user.role);
  const [isAutoRefreshOn, setIsAutoRefreshOn] = useMediaAutoRefresh();
  const details = useQuery(mediaDetailsQueryOptions(isAutoRefreshOn));
  const server = useQuery(mediaServerQueryOptions());
  const invitations = useQuery(myMediaInvitationsQueryOptions());

  let body: ReactNode;
  if (details.data) {
    body = (
      <DetailsBody
        details={details.data}
        receivedAt={details.dataUpdatedAt}
        isAdmin={isAdmin}
        showAdminMessages={showAdminMessages}
      />
    );
  } else if (details.isError) {
    body = (
      <Notice icon={<AlertTriangle className="text-destructive" />} isAlert>
        <p>{MEDIA_MSG.loadFailed}</p>
      </Notice>
    );
  } else {
    body = (
      <div className="grid gap-2" aria-busy="true" aria-label="Loading media server" data-testid="media-loading">
        <Skeleton className="h-4 w-3/4" />
        <Skeleton className="h-1.5 w-full" />
        <LibraryCounts libraries={PLACEHOLDER_LIBRARIES} isPlaceholder />
      </div>
    );
  }

  const isOnline = details.data?.status === true;
  const serverInfo = server.data;
  let join: ReactNode = null;
  if (serverInfo?.configured && serverInfo.invitations) {
    join = <JoinInvitationDialog invitations={invitations.data ?? []} />;
  } else if (serverInfo?.configured && !serverInfo.invitations) {
    join = (
      <p className="text-xs text-muted-foreground" data-testid="media-no-invitations">
        {MEDIA_MSG.invitationsUnsupported}
      </p>
    );
  }

  return (
    <section
      className="grid min-w-0 gap-3 rounded-lg border bg-background/50 p-3"
      aria-label={MEDIA_TEXT.panelLabel}
      data-testid="media-panel"
      data-online={isOnline ? 'true' : 'false'}
    >
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <SummaryLine isServerDown={details.data?.status === false} />
        <AutoRefreshSwitch isOn={isAutoRefreshOn} onChange={setIsAutoRefreshOn} />
      </div>
      {body}
      {join ? (
        <div className="flex flex-wrap items-center justify-between gap-2">
          {serverInfo?.name ? (
            <p className="min-w-0 truncate text-xs text-muted-foreground" data-testid="media-server-name">
              {[serverInfo.name, serverInfo.version].filter(Boolean).join(' · ')}
            </p>
          ) : null}
          {join}
        </div>
      ) : null}
    </section>
  );
}
