import { queryOptions } from '@tanstack/react-query';
import { POLL } from '#shared/constants';
import type {
  CreateQueryServerBody,
  GameQueryTypeWire,
  GameServerActionName,
  GameServerAuditWire,
  GameServerRequestWire,
  GameServerWire,
  PatchGameServerBody,
} from '#shared/schemas/game-servers';
import type { UploadResultWire } from '#shared/schemas/upload';
import { apiJson } from './http.client';
import { uploadImageFile } from './upload.api';

/** Query key of the game-server list (SPEC section 7: GET /api/game-servers). */
export const GAME_SERVERS_QUERY_KEY = ['/api/game-servers'] as const;

const fetchGameServers = () => apiJson<GameServerWire[]>('GET', '/api/game-servers');

/** The dashboard's list: polled every 10 s, fresh for 5 s, 3 retries (SPEC section 9). */
export function gameServersQueryOptions() {
  return queryOptions({
    queryKey: GAME_SERVERS_QUERY_KEY,
    queryFn: fetchGameServers,
    refetchInterval: POLL.gameServersDashboardMs,
    staleTime: POLL.gameServersDashboardStaleMs,
    retry: POLL.gameServersDashboardRetries,
  });
}

/**
 * A card's view of the same list: polled every 15 s, fresh for 10 s (SPEC section 9). It shares the list's cache
 * entry, and TanStack Query restarts an observer's interval whenever the entry updates, so while the section polls
 * every 10 s no card ever fires a request of its own: any number of cards never multiplies the calls.
 */
export function gameServersCardQueryOptions() {
  return queryOptions({
    queryKey: GAME_SERVERS_QUERY_KEY,
    queryFn: fetchGameServers,
    refetchInterval: POLL.gameServersCardMs,
    staleTime: POLL.gameServersCardStaleMs,
  });
}

/** POST /api/game-servers/{instanceId}/{action}; the answer's message says what was asked of the panel. */
export function runGameServerAction(instanceId: string, action: GameServerActionName): Promise<{ message: string }> {
  return apiJson<{ message: string }>('POST', `/api/game-servers/${encodeURIComponent(instanceId)}/${action}`);
}

/** POST /api/game-servers/request {game}: mailed to the administrators. */
export function requestGameServer(game: string): Promise<{ message: string }> {
  return apiJson<{ message: string }>('POST', '/api/game-servers/request', { game });
}

/** Query key of the admins' list of requests. */
export const GAME_SERVER_REQUESTS_QUERY_KEY = ['/api/game-servers/requests'] as const;

/** The stored requests (admins), fetched while their dialog is open. */
export function gameServerRequestsQueryOptions(isEnabled: boolean) {
  return queryOptions({
    queryKey: GAME_SERVER_REQUESTS_QUERY_KEY,
    queryFn: () => apiJson<GameServerRequestWire[]>('GET', '/api/game-servers/requests'),
    enabled: isEnabled,
    staleTime: 0,
  });
}

/** PATCH /api/game-servers/requests/{id} {done}. */
export function setGameServerRequestDone(id: number, done: boolean): Promise<GameServerRequestWire> {
  return apiJson<GameServerRequestWire>('PATCH', `/api/game-servers/requests/${id}`, { done });
}

/** The action audit (admins, newest first), fetched while its dialog is open. */
export function gameServerAuditQueryOptions(isEnabled: boolean) {
  return queryOptions({
    queryKey: ['/api/game-servers/actions'] as const,
    queryFn: () => apiJson<GameServerAuditWire[]>('GET', '/api/game-servers/actions'),
    enabled: isEnabled,
    staleTime: 0,
  });
}

/** The gamedig game ids a query-only server may use (admins); the list never changes while the app runs. */
export function gameQueryTypesQueryOptions(isEnabled: boolean) {
  return queryOptions({
    queryKey: ['/api/game-servers/query-types'] as const,
    queryFn: () => apiJson<GameQueryTypeWire[]>('GET', '/api/game-servers/query-types'),
    enabled: isEnabled,
  });
}

/** POST /api/game-servers: adds a query-only server (admins). */
export function createQueryServer(body: CreateQueryServerBody): Promise<GameServerWire> {
  return apiJson<GameServerWire>('POST', '/api/game-servers', body);
}

/** PATCH /api/game-servers/{id}: the admin fields. */
export function updateGameServer(id: number, body: PatchGameServerBody): Promise<GameServerWire> {
  return apiJson<GameServerWire>('PATCH', `/api/game-servers/${id}`, body);
}

/** DELETE /api/game-servers/{id}: query-only or missing servers. */
export function deleteGameServer(id: number): Promise<{ message: string }> {
  return apiJson<{ message: string }>('DELETE', `/api/game-servers/${id}`);
}

/** POST /api/upload/game as multipart with image, type, instanceId and id (SPEC section 7): sets the server's icon. */
export function uploadGameIcon(
  file: File,
  server: Pick<GameServerWire, 'id' | 'instanceId'>,
): Promise<UploadResultWire> {
  return uploadImageFile(file, 'game', { instanceId: server.instanceId, id: String(server.id) });
}
