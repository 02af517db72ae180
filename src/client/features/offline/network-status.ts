import type { QueryClient } from '@tanstack/react-query';
import { isNetworkError } from '../../api/api-error';

// Whether the app can reach the server, from three signals: the browser's online flag, the service worker
// telling us it answered from its cache, and API queries failing (or succeeding) at the network level.

/** What public/sw.js posts to its pages after a network-first request (keep both sides in step). */
export const SW_NETWORK_MESSAGE = 'homelab-network';

// The service worker answers these from its cache when the network fails, so their success proves nothing.
const SW_FALLBACK_URLS = new Set(['/api/user', '/api/settings']);

type Listener = () => void;
const listeners = new Set<Listener>();
let isServerUnreachable = false;

function setUnreachable(next: boolean): void {
  if (next === isServerUnreachable) return;
  isServerUnreachable = next;
  for (const listener of listeners) listener();
}

function notify(): void {
  for (const listener of listeners) listener();
}

function isNetworkMessage(data: unknown): data is { type: string; ok: boolean } {
  return typeof data === 'object' && data !== null && (data as { type?: unknown }).type === SW_NETWORK_MESSAGE;
}

function watch(queryClient: QueryClient): () => void {
  const handleOnline = () => {
    setUnreachable(false);
    notify();
  };
  const handleMessage = (event: MessageEvent) => {
    if (isNetworkMessage(event.data)) setUnreachable(!event.data.ok);
  };
  window.addEventListener('online', handleOnline);
  window.addEventListener('offline', notify);
  navigator.serviceWorker?.addEventListener('message', handleMessage);
  const stopQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated') return;
    if (event.action.type === 'error' && isNetworkError(event.action.error)) setUnreachable(true);
    // The cache holds queries of every kind; our keys start with the URL (SPEC section 7's loader).
    const [url] = event.query.queryKey as readonly unknown[];
    if (event.action.type === 'success' && !SW_FALLBACK_URLS.has(String(url))) setUnreachable(false);
  });
  return () => {
    window.removeEventListener('online', handleOnline);
    window.removeEventListener('offline', notify);
    navigator.serviceWorker?.removeEventListener('message', handleMessage);
    stopQueries();
  };
}

/** Subscribes to connectivity changes; the browser and query watchers run while anyone listens. */
export function subscribeNetworkStatus(queryClient: QueryClient, listener: Listener): () => void {
  listeners.add(listener);
  const stop = listeners.size === 1 ? watch(queryClient) : null;
  return () => {
    listeners.delete(listener);
    stop?.();
  };
}

/** True while the browser says it is offline or the server can't be reached. */
export function isOfflineNow(): boolean {
  return !navigator.onLine || isServerUnreachable;
}
