import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, EyeOff, Pencil, Trash2 } from 'lucide-react';
import { useRef, useState } from 'react';
import { LAZY_LOAD_THRESHOLD } from '#shared/constants';
import type { GameServerWire } from '#shared/schemas/game-servers';
import { GAME_TEXT } from '#shared/ui-messages';
import { gameServersCardQueryOptions } from '../../api/game-servers.api';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Skeleton } from '../../components/ui/skeleton';
import { useInView } from '../../hooks/use-in-view';
import { StatusBadge } from '../service-card/service-badges';
import { CopyAddressButton } from './copy-address-button';
import { GameServerControls } from './game-server-controls';
import { GameServerIcon } from './game-server-icon';
import { GameServerMetrics } from './game-server-metrics';
import { displayNameOf, hasControls } from './game-server-rules';

export interface GameServerCardProps {
  server: GameServerWire;
  onlineColor: string;
  offlineColor: string;
  /** Admins see the hidden and missing badges and the last error. */
  isAdmin: boolean;
  /** Icon upload, Edit and Delete: admins with the admin controls shown (Ctrl/Cmd+H). */
  showAdminControls: boolean;
  onEdit: (server: GameServerWire) => void;
  onDelete: (server: GameServerWire) => void;
}

/** Query servers and servers gone from their panel may be deleted (the server refuses the others). */
function canDelete(server: GameServerWire): boolean {
  return server.provider === 'query' || server.missing;
}

/**
 * One game server (SPEC section 2). Lazy: the body renders only once 10% of the card has been on screen, with a
 * pulse placeholder before; once seen it stays.
 */
export function GameServerCard(props: GameServerCardProps) {
  const ref = useRef<HTMLElement>(null);
  const isInView = useInView(ref, LAZY_LOAD_THRESHOLD);
  const [hasBeenSeen, setHasBeenSeen] = useState(isInView);
  // Derived state set during render (React's pattern): no extra paint with the placeholder.
  if (isInView && !hasBeenSeen) setHasBeenSeen(true);
  const name = displayNameOf(props.server);
  return (
    <article
      ref={ref}
      aria-label={name}
      data-testid="game-server-card"
      data-instance-id={props.server.instanceId}
      className="flex flex-col overflow-hidden rounded-xl border bg-card text-card-foreground shadow-sm"
    >
      {hasBeenSeen ? (
        <GameServerCardBody {...props} />
      ) : (
        <Skeleton className="h-48 rounded-none" data-testid="game-server-card-placeholder" aria-label={name} />
      )}
    </article>
  );
}

function GameServerCardBody({
  server: listed,
  onlineColor,
  offlineColor,
  isAdmin,
  showAdminControls,
  onEdit,
  onDelete,
}: GameServerCardProps) {
  // The card's own view of the list (SPEC section 9: 15 s, stale 10 s); the section's copy until it answers.
  const { data, isError } = useQuery({
    ...gameServersCardQueryOptions(),
    select: (servers) => servers.find((server) => server.id === listed.id),
  });
  const server = data ?? listed;
  const name = displayNameOf(server);

  return (
    <div className="flex flex-1 flex-col gap-3 p-4">
      <div className="flex items-start gap-3">
        <GameServerIcon server={server} name={name} canUpload={showAdminControls} />
        <div className="grid min-w-0 flex-1 gap-1.5 pt-0.5">
          <h3 className="truncate text-base leading-tight font-semibold tracking-tight" title={name}>
            {name}
          </h3>
          <div className="flex flex-wrap items-center gap-1.5">
            {server.show_status_badge ? (
              <StatusBadge isOnline={server.status} onlineColor={onlineColor} offlineColor={offlineColor} />
            ) : null}
            {isAdmin && server.hidden ? (
              <Badge variant="outline" data-testid="hidden-badge">
                <EyeOff aria-hidden="true" />
                Hidden
              </Badge>
            ) : null}
            {isAdmin && server.missing ? (
              <Badge variant="destructive" data-testid="missing-badge">
                {GAME_TEXT.missingFromPanel}
              </Badge>
            ) : null}
            {server.provider === 'query' ? <Badge variant="secondary">Query only</Badge> : null}
          </div>
        </div>
      </div>

      {isError ? (
        <p role="alert" className="flex items-center gap-2 text-sm font-medium text-destructive">
          <AlertTriangle className="size-4 shrink-0" aria-hidden="true" />
          {GAME_TEXT.cardLoadFailed}
        </p>
      ) : null}
      {isAdmin && server.lastError ? (
        <p
          className="flex min-w-0 items-start gap-2 rounded-md bg-destructive/10 px-2 py-1.5 text-xs break-words text-destructive"
          data-testid="game-server-last-error"
        >
          <AlertTriangle className="mt-px size-3.5 shrink-0" aria-hidden="true" />
          <span className="min-w-0">{server.lastError}</span>
        </p>
      ) : null}

      <GameServerMetrics server={server} />

      {hasControls(server) ? <GameServerControls server={server} /> : null}

      {server.address || showAdminControls ? (
        <div className="mt-auto flex flex-wrap items-center gap-2 border-t border-border/70 pt-3">
          {server.address ? <CopyAddressButton address={server.address} serverName={name} /> : null}
          {showAdminControls ? (
            <div className="ml-auto flex gap-2">
              <Button variant="outline" size="sm" aria-label={`Edit ${name}`} onClick={() => onEdit(server)}>
                <Pencil aria-hidden="true" />
                Edit
              </Button>
              {canDelete(server) ? (
                <Button
                  variant="outline"
                  size="sm"
                  aria-label={`Delete ${name}`}
                  className="text-destructive hover:bg-destructive hover:text-destructive-foreground"
                  onClick={() => onDelete(server)}
                >
                  <Trash2 aria-hidden="true" />
                  Delete
                </Button>
              ) : null}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
