import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateQueryServerBody, GameServerWire, PatchGameServerBody } from '#shared/schemas/game-servers';
import { serverMessageOr } from '../../api/api-error';
import {
  createQueryServer,
  deleteGameServer,
  GAME_SERVER_REQUESTS_QUERY_KEY,
  GAME_SERVERS_QUERY_KEY,
  setGameServerRequestDone,
  updateGameServer,
} from '../../api/game-servers.api';
import { toast } from '../../hooks/use-toast';

function failureToast(title: string) {
  return (error: Error) => toast({ title, description: serverMessageOr(error, error.message), variant: 'destructive' });
}

/** The admins' game-server changes; each refetches the list so every card shows the result. */
export function useGameServerAdmin() {
  const queryClient = useQueryClient();
  const refetchList = () => queryClient.invalidateQueries({ queryKey: GAME_SERVERS_QUERY_KEY });

  const update = useMutation({
    mutationFn: ({ id, body }: { id: number; body: PatchGameServerBody }) => updateGameServer(id, body),
    onSuccess: () => toast({ title: 'Game server updated' }),
    onError: failureToast('Failed to update game server'),
    onSettled: refetchList,
  });
  const create = useMutation({
    mutationFn: (body: CreateQueryServerBody) => createQueryServer(body),
    onSuccess: () => toast({ title: 'Query server added' }),
    onError: failureToast('Failed to add query server'),
    onSettled: refetchList,
  });
  const remove = useMutation({
    mutationFn: (server: GameServerWire) => deleteGameServer(server.id),
    onSuccess: ({ message }) => toast({ title: message }),
    onError: failureToast('Failed to delete game server'),
    onSettled: refetchList,
  });
  return { update, create, remove };
}

/** Marks a request done or open again (admins). */
export function useSetRequestDone() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, done }: { id: number; done: boolean }) => setGameServerRequestDone(id, done),
    onError: failureToast('Failed to update request'),
    onSettled: () => queryClient.invalidateQueries({ queryKey: GAME_SERVER_REQUESTS_QUERY_KEY }),
  });
}
