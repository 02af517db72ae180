import type { GameServerWire } from '#shared/schemas/game-servers';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '../../components/ui/alert-dialog';
import { displayNameOf } from './game-server-rules';
import { useGameServerAdmin } from './use-game-server-admin';

/** Asks before deleting a query-only server or one gone from its panel (its audit entries stay). */
export function DeleteGameServerDialog({ server, onClose }: { server: GameServerWire | null; onClose: () => void }) {
  const { remove } = useGameServerAdmin();
  return (
    <AlertDialog
      open={server !== null}
      onOpenChange={(open) => {
        if (!open) onClose();
      }}
    >
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle>Delete Game Server</AlertDialogTitle>
          <AlertDialogDescription>
            Are you sure you want to delete {server ? displayNameOf(server) : ''}? This action cannot be undone.
          </AlertDialogDescription>
        </AlertDialogHeader>
        <AlertDialogFooter>
          <AlertDialogCancel>Cancel</AlertDialogCancel>
          <AlertDialogAction
            onClick={() => {
              if (server) remove.mutate(server);
            }}
          >
            Delete
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
