import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Gamepad2, ServerOff } from 'lucide-react';
import { useState } from 'react';
import { SECTION_MAX_HEIGHT_PX, STORAGE_KEYS } from '#shared/constants';
import type { GameServerWire } from '#shared/schemas/game-servers';
import { GAME_TEXT } from '#shared/ui-messages';
import { gameServersQueryOptions } from '../../api/game-servers.api';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Spinner } from '../../components/ui/spinner';
import { useSiteSettings } from '../../hooks/use-site-settings';
import { CollapsibleSection } from '../dashboard/collapsible-section';
import { EmptyState } from '../dashboard/empty-state';
import { DeleteGameServerDialog } from './delete-game-server-dialog';
import { EditGameServerDialog } from './edit-game-server-dialog';
import { GameServerAdminTools } from './game-server-admin-tools';
import { GameServerCard, type GameServerCardProps } from './game-server-card';
import { offlineToggleLabel, splitByStatus } from './game-server-rules';
import { RequestGameServerDialog } from './request-game-server-dialog';

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
function ServerLists({ servers, ...cardProps }: CardOptions & { servers: GameServerWire[] }) {
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

/**
 * The Game Servers section (SPEC section 2): collapsed by default, the list polled every 10 s, the Request New
 * Game Server dialog for everyone and the admin tools when the admin controls are shown.
 */
export function GameServersSection({ isAdmin, isAdminUiVisible }: { isAdmin: boolean; isAdminUiVisible: boolean }) {
  const showAdminControls = isAdmin && isAdminUiVisible;
  const { settings } = useSiteSettings();
  const { data, isPending, isError } = useQuery(gameServersQueryOptions());
  const [editing, setEditing] = useState<GameServerWire | null>(null);
  const [deleting, setDeleting] = useState<GameServerWire | null>(null);

  let content;
  if (isPending) {
    content = (
      <div className="flex flex-col items-center gap-3 py-12 text-sm text-muted-foreground">
        <Spinner className="size-6" label={GAME_TEXT.loading} />
        <p>{GAME_TEXT.loading}</p>
      </div>
    );
  } else if (isError && !data) {
    content = (
      <div role="alert">
        <EmptyState icon={<AlertTriangle />} title={GAME_TEXT.loadFailed} />
      </div>
    );
  } else if (data.length === 0) {
    content = <EmptyState icon={<ServerOff />} title={GAME_TEXT.noServers} />;
  } else {
    content = (
      <ServerLists
        servers={data}
        onlineColor={settings.onlineColor}
        offlineColor={settings.offlineColor}
        isAdmin={isAdmin}
        showAdminControls={showAdminControls}
        onEdit={setEditing}
        onDelete={setDeleting}
      />
    );
  }

  const onlineCount = data?.filter((server) => server.status).length ?? 0;
  return (
    <>
      <CollapsibleSection
        title="Game Servers"
        icon={<Gamepad2 />}
        storageKey={STORAGE_KEYS.serversExpanded}
        isOpenByDefault={false}
        badge={
          data && data.length > 0 ? (
            <Badge variant="secondary" aria-label={`${onlineCount} of ${data.length} servers online`}>
              {onlineCount}/{data.length}
            </Badge>
          ) : null
        }
        actions={
          <>
            {showAdminControls ? <GameServerAdminTools /> : null}
            <RequestGameServerDialog />
          </>
        }
      >
        {content}
      </CollapsibleSection>
      {showAdminControls ? (
        <>
          <EditGameServerDialog server={editing} onClose={() => setEditing(null)} />
          <DeleteGameServerDialog server={deleting} onClose={() => setDeleting(null)} />
        </>
      ) : null}
    </>
  );
}
