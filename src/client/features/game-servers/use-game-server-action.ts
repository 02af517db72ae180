import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { GameServerActionName } from '#shared/schemas/game-servers';
import { GAME_TEXT } from '#shared/ui-messages';
import { serverMessageOr } from '../../api/api-error';
import { GAME_SERVERS_QUERY_KEY, runGameServerAction } from '../../api/game-servers.api';
import { toast } from '../../hooks/use-toast';
import { ACTION_TOAST } from './game-server-rules';

/**
 * Start, stop and restart for one server with SPEC section 8's toasts; the list refetches after every answer so
 * the card shows the new state. `pendingAction` names the action whose request is in flight.
 */
export function useGameServerAction(instanceId: string) {
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (action: GameServerActionName) => runGameServerAction(instanceId, action),
    onSuccess: ({ message }, action) => toast({ title: ACTION_TOAST[action], description: message }),
    onError: (error) =>
      toast({
        title: GAME_TEXT.actionErrorTitle,
        description: serverMessageOr(error, GAME_TEXT.actionFailed),
        variant: 'destructive',
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: GAME_SERVERS_QUERY_KEY }),
  });
  return {
    run: (action: GameServerActionName) => mutation.mutate(action),
    pendingAction: mutation.isPending ? mutation.variables : null,
  };
}
