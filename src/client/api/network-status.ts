// Whether the app can reach the server. The evidence is gathered where API answers arrive (api/http.client):
// a live answer proves the server answered, a network failure or an answer the service worker took from its
// cache (public/sw.js marks those) proves it did not. Kept in module state, so what a request learns before the
// notice is on screen is not lost. The browser's online flag counts too, but it is not enough: it stays true
// when the server or the LAN path to it is down, so while the server is unreachable a probe asks again.

/** The header public/sw.js adds to an API answer it serves from its cache (keep both sides in step). */
export const FROM_CACHE_HEADER = 'x-homelab-from-cache';

/** How often the probe asks while the server is unreachable. */
export const PROBE_INTERVAL_MS = 5_000;
/** A cheap answer every visitor may read; the service worker serves it from its cache when offline. */
const PROBE_URL = '/api/settings';

type Listener = () => void;
const listeners = new Set<Listener>();
let isServerUnreachable = false;

function notify(): void {
  for (const listener of listeners) listener();
}

function setUnreachable(next: boolean): void {
  if (next === isServerUnreachable) return;
  isServerUnreachable = next;
  notify();
}

/** Records what an API answer says about the server: reached, unless the service worker's cache answered. */
export function noteApiAnswer(response: Response): void {
  setUnreachable(response.headers.has(FROM_CACHE_HEADER));
}

/** Records that an API request failed at the network level. */
export function noteServerUnreachable(): void {
  setUnreachable(true);
}

let isProbing = false;
async function probe(): Promise<void> {
  if (!isServerUnreachable || isProbing) return;
  isProbing = true;
  try {
    noteApiAnswer(await fetch(PROBE_URL, { credentials: 'include', cache: 'no-store' }));
  } catch {
    // Still unreachable; the next probe asks again.
  } finally {
    isProbing = false;
  }
}

function handleOnline(): void {
  // Queries refetch on reconnect and report again; until then assume the server is back with the network.
  isServerUnreachable = false;
  notify();
}

let probeTimer: ReturnType<typeof setInterval> | null = null;

/**
 * Subscribes to connectivity changes. While anyone listens, the browser's online/offline events are watched
 * and the probe runs (it sends nothing while the server is reachable).
 */
export function subscribeNetworkStatus(listener: Listener): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('online', handleOnline);
    window.addEventListener('offline', notify);
    probeTimer = setInterval(() => void probe(), PROBE_INTERVAL_MS);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('online', handleOnline);
      window.removeEventListener('offline', notify);
      if (probeTimer !== null) clearInterval(probeTimer);
      probeTimer = null;
    }
  };
}

/** True while the browser says it is offline or the server can't be reached. */
export function isOfflineNow(): boolean {
  return !navigator.onLine || isServerUnreachable;
}
