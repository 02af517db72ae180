import { useState } from 'react';
import { SECTION_MAX_HEIGHT_PX } from '#shared/constants';
import type { GameServerWire } from '#shared/schemas/game-servers';
import { GAME_TEXT } from '#shared/ui-messages';
import { ServerOff } from 'lucide-react';
import { Button } from '../../components/ui/button';
import { EmptyState } from '../dashboard/empty-state';
import { GameServerCard, type GameServerCardProps } from './game-server-card';
import { offlineToggleLabel, splitByStatus } from './game-server-rules';

type CardOptions = Omit<GameServerCardProps, 'server'>;

function ServerGrid({ servers, testId, ...cardProps }: CardOptions & { servers: GameServerWire[]; testId: string }) {
  return (
    <ul className="grid grid-cols-1 gap-4 md:grid-cols-2 lg:grid-cols-3" data-testid={testId}>
      {servers.map((server) => (
        <li key={server.id} className="grid">
          <GameServerCard server={server} {...cardProps} />
        </li>
      ))}
    </ul>
  );
}

/** Online servers first; offline ones behind SPEC's toggle (hidden by default) in their own capped area. */
export function ServerLists({ servers, ...cardProps }: CardOptions & { servers: GameServerWire[] }) {
  const [isShowingOffline, setIsShowingOffline] = useState(false);
  const { online, offline } = splitByStatus(servers);
  return (
    <div className="grid gap-4">
      {online.length > 0 ? (
        <ServerGrid servers={online} testId="online-game-servers" {...cardProps} />
      ) : isShowingOffline ? null : (
        <EmptyState icon={<ServerOff />} title={GAME_TEXT.noOnlineServers} />
      )}
      {offline.length > 0 ? (
        <>
          <Button
            variant="outline"
            className="justify-self-center"
            aria-expanded={isShowingOffline}
            onClick={() => setIsShowingOffline(!isShowingOffline)}
          >
            {offlineToggleLabel(isShowingOffline, offline.length)}
          </Button>
          {isShowingOffline ? (
            // SPEC section 9: the offline area is capped at 2000 px too, and scrolls inside.
            <div className="overflow-y-auto" style={{ maxHeight: SECTION_MAX_HEIGHT_PX }}>
              <ServerGrid servers={offline} testId="offline-game-servers" {...cardProps} />
            </div>
          ) : null}
        </>
      ) : null}
    </div>
  );
}
