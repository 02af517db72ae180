import type { GameServerWire } from '#shared/schemas/game-servers';
import { ConfirmDialog } from '../../components/ui/confirm-dialog';
import { displayNameOf } from './game-server-rules';
import { useGameServerAdmin } from './use-game-server-admin';

/** Asks before deleting a query-only server or one gone from its panel (its audit entries stay). */
export function DeleteGameServerDialog({ server, onClose }: { server: GameServerWire | null; onClose: () => void }) {
  const { remove } = useGameServerAdmin();
  return (
    <ConfirmDialog
      open={server !== null}
      title="Delete Game Server"
      description={`Are you sure you want to delete ${server ? displayNameOf(server) : ''}? This action cannot be undone.`}
      actionLabel="Delete"
      onConfirm={() => {
        if (server) remove.mutate(server);
      }}
      onClose={onClose}
    />
  );
}
