import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { ServiceChangeWire, ServiceWire } from '#shared/schemas/service';
import { GAME_SERVERS_QUERY_KEY } from '../../api/game-servers.api';
import { SERVICES_QUERY_KEY } from '../../api/services.api';
import { USER_QUERY_KEY } from '../../api/session.queries';

/** A refused stream (401, 429) or a server that went away: try again after this long. */
const RECONNECT_AFTER_CLOSE_MS = 10_000;

/** The service as the change shows it: `failure` is replaced too, and absent when the change has none (up). */
function changed(service: ServiceWire, change: ServiceChangeWire): ServiceWire {
  const next: ServiceWire = { ...service, status: change.status, lastChecked: change.lastChecked };
  if (change.failure === undefined) delete next.failure;
  else next.failure = change.failure;
  return next;
}

/**
 * Pushed changes wait this long to be written together. A storm of them (a host going down, thousands of new
 * services checked for the first time) then costs one pass over the list and one render of the grid per batch
 * instead of one per service, and a change still shows well within a second.
 */
const APPLY_AFTER_MS = 100;

/** Writes pushed status changes into the cached services list (no refetch); the last change of a service wins. */
export function applyServiceChanges(queryClient: QueryClient, changes: readonly ServiceChangeWire[]): void {
  const byId = new Map(changes.map((change) => [change.id, change]));
  queryClient.setQueryData<ServiceWire[]>(SERVICES_QUERY_KEY, (list) =>
    list?.map((service) => {
      const change = byId.get(service.id);
      return change ? changed(service, change) : service;
    }),
  );
}

const isMediaQuery = (key: readonly unknown[]) => String(key[0]).startsWith('/api/services/plex');

function refetchEverythingLive(queryClient: QueryClient): void {
  void queryClient.invalidateQueries({ queryKey: SERVICES_QUERY_KEY });
  void queryClient.invalidateQueries({ queryKey: GAME_SERVERS_QUERY_KEY });
  void queryClient.invalidateQueries({ predicate: (query) => isMediaQuery(query.queryKey) });
}

/**
 * Follows GET /api/events while the dashboard is open: service status changes are written into the cache as they
 * arrive; game-server and media events make those queries fetch again. SPEC's polling stays as the fallback.
 * EventSource reconnects dropped streams by itself (with Last-Event-ID); after a refusal it is closed for good,
 * so this reconnects later, refetches what it may have missed, and re-reads the user (a 401 signs the page out).
 */
export function useLiveUpdates(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (typeof EventSource === 'undefined') return;
    let source: EventSource | null = null;
    let reconnect: ReturnType<typeof setTimeout> | undefined;
    let stopped = false;
    let pending: ServiceChangeWire[] = [];
    let applyTimer: ReturnType<typeof setTimeout> | undefined;
    const applyPending = () => {
      applyTimer = undefined;
      const changes = pending;
      pending = [];
      applyServiceChanges(queryClient, changes);
    };

    const connect = (isReconnect: boolean) => {
      source = new EventSource('/api/events', { withCredentials: true });
      if (isReconnect) source.addEventListener('open', () => refetchEverythingLive(queryClient), { once: true });
      source.addEventListener('service', (event) => {
        pending.push(JSON.parse((event as MessageEvent<string>).data) as ServiceChangeWire);
        applyTimer ??= setTimeout(applyPending, APPLY_AFTER_MS);
      });
      source.addEventListener('game-servers', () => {
        void queryClient.invalidateQueries({ queryKey: GAME_SERVERS_QUERY_KEY });
      });
      source.addEventListener('media', () => {
        void queryClient.invalidateQueries({ predicate: (query) => isMediaQuery(query.queryKey) });
      });
      // The server could not replay what this client missed (a restart, or too long away).
      source.addEventListener('resync', () => refetchEverythingLive(queryClient));
      source.addEventListener('error', () => {
        if (stopped || source?.readyState !== EventSource.CLOSED) return;
        void queryClient.invalidateQueries({ queryKey: USER_QUERY_KEY });
        reconnect = setTimeout(() => connect(true), RECONNECT_AFTER_CLOSE_MS);
      });
    };

    connect(false);
    return () => {
      stopped = true;
      clearTimeout(reconnect);
      clearTimeout(applyTimer);
      source?.close();
    };
  }, [queryClient]);
}
