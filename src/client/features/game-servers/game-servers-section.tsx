import { useQuery } from '@tanstack/react-query';
import { AlertTriangle, Gamepad2, ServerOff } from 'lucide-react';
import { useState } from 'react';
import { STORAGE_KEYS } from '#shared/constants';
import type { GameServerWire } from '#shared/schemas/game-servers';
import { GAME_TEXT } from '#shared/ui-messages';
import { gameServersQueryOptions } from '../../api/game-servers.api';
import { Badge } from '../../components/ui/badge';
import { Spinner } from '../../components/ui/spinner';
import { useSiteSettings } from '../../hooks/use-site-settings';
import { CollapsibleSection } from '../dashboard/collapsible-section';
import { EmptyState } from '../dashboard/empty-state';
import { LoadOnFirstPress, LoadWhen, lazyNamed, menuTriggerPress } from '../../components/load-when';
import { ManageButton } from './manage-button';
import { RequestServerButton } from './request-server-button';

// The section is closed by default: its cards, dialogs and admin tools load when they are first shown or opened.
const ServerLists = lazyNamed(() => import('./game-server-lists'), 'ServerLists');
const GameServerAdminTools = lazyNamed(() => import('./game-server-admin-tools'), 'GameServerAdminTools');
const RequestGameServerDialog = lazyNamed(() => import('./request-game-server-dialog'), 'RequestGameServerDialog');
const EditGameServerDialog = lazyNamed(() => import('./edit-game-server-dialog'), 'EditGameServerDialog');
const DeleteGameServerDialog = lazyNamed(() => import('./delete-game-server-dialog'), 'DeleteGameServerDialog');

function LoadingServers() {
  return (
    <div className="flex flex-col items-center gap-3 py-12 text-sm text-muted-foreground">
      <Spinner className="size-6" label={GAME_TEXT.loading} />
      <p>{GAME_TEXT.loading}</p>
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
    content = <LoadingServers />;
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
      <LoadWhen when fallback={<LoadingServers />}>
        <ServerLists
          servers={data}
          onlineColor={settings.onlineColor}
          offlineColor={settings.offlineColor}
          isAdmin={isAdmin}
          showAdminControls={showAdminControls}
          onEdit={setEditing}
          onDelete={setDeleting}
        />
      </LoadWhen>
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
            {showAdminControls ? (
              <LoadOnFirstPress button={(onPress) => <ManageButton {...menuTriggerPress(onPress)} />}>
                <GameServerAdminTools defaultOpen />
              </LoadOnFirstPress>
            ) : null}
            <LoadOnFirstPress button={(onPress) => <RequestServerButton onClick={onPress} />}>
              <RequestGameServerDialog defaultOpen />
            </LoadOnFirstPress>
          </>
        }
      >
        {content}
      </CollapsibleSection>
      {showAdminControls ? (
        <>
          <LoadWhen when={editing !== null}>
            <EditGameServerDialog server={editing} onClose={() => setEditing(null)} />
          </LoadWhen>
          <LoadWhen when={deleting !== null}>
            <DeleteGameServerDialog server={deleting} onClose={() => setDeleting(null)} />
          </LoadWhen>
        </>
      ) : null}
    </>
  );
}
