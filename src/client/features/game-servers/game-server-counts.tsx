import { useQuery } from '@tanstack/react-query';
import { Gamepad2 } from 'lucide-react';
import { GAME_TEXT } from '#shared/ui-messages';
import { gameServersCardQueryOptions } from '../../api/game-servers.api';
import { LoadFailedAlert } from '../../components/ui/load-failed-alert';
import { Skeleton } from '../../components/ui/skeleton';
import { serverAndPlayerCounts } from './game-server-rules';

/**
 * The game-server line of an AMP service card (SPEC section 2): '3 servers · 5 players', from the same
 * game-servers query as the section (card polling: 15 s, stale 10 s).
 */
export function GameServerCounts() {
  const { data, isError } = useQuery(gameServersCardQueryOptions());
  if (isError && !data) {
    return <LoadFailedAlert>{GAME_TEXT.cardLoadFailed}</LoadFailedAlert>;
  }
  if (!data) return <Skeleton className="h-5 w-40" aria-label="Loading game servers" />;
  return (
    <p className="flex items-center gap-2 text-sm text-muted-foreground" data-testid="game-server-counts">
      <Gamepad2 className="size-3.5 shrink-0" aria-hidden="true" />
      {serverAndPlayerCounts(data)}
    </p>
  );
}
