// The app's service worker: keeps the app shell and the last known session and settings so the dashboard
// opens without a network and says it is offline. Plain script (no build step) served from /sw.js.
//
// - /assets/* are content-hashed: cache-first, cached as they are fetched.
// - Page navigations: network-first; offline, the cached index.html (the client router picks the page).
// - GET /api/user, /api/settings and /api/services: network-first with the last good answer as offline fallback,
//   so the frame and the last known service list render. No other API call is ever cached, and logout empties
//   this cache (the service list is filtered per user).
// - Install precaches index.html, the assets it references and the route chunks its entry script names.
// - Bump CACHE_VERSION to drop every old cache on activate.

const CACHE_VERSION = 'v2';
const SHELL_CACHE = `homelab-shell-${CACHE_VERSION}`;
const API_CACHE = `homelab-api-${CACHE_VERSION}`;
const INDEX_KEY = '/index.html';
const STATIC_FILES = [
  '/theme-init.js',
  '/favicon.svg',
  '/manifest.webmanifest',
  '/icons/icon-192.png',
  '/icons/icon-512.png',
];
const API_FALLBACK_PATHS = new Set(['/api/user', '/api/settings', '/api/services']);
/** Marks an API answer served from the cache; must match FROM_CACHE_HEADER in src/client/api/network-status.ts. */
const FROM_CACHE_HEADER = 'x-homelab-from-cache';

const ASSET_REF = /\/?assets\/[\w.-]+\.(?:js|css)\b/g;

/** The /assets/ URLs a text (index.html or a script) refers to; source maps are skipped. */
function assetUrls(text) {
  const urls = new Set();
  for (const [match] of text.matchAll(ASSET_REF)) urls.add(match.startsWith('/') ? match : `/${match}`);
  return [...urls];
}

async function cacheIfOk(cache, url) {
  try {
    const response = await fetch(url, { cache: 'no-cache' });
    if (response.ok) await cache.put(url, response.clone());
    return response.ok ? response : null;
  } catch {
    return null;
  }
}

/**
 * Stores index.html and everything the app needs to start: the assets index.html links, plus the lazy route
 * chunks its entry scripts name (Vite lists them in the entry), and drops the assets of older builds.
 */
async function cacheShell(indexResponse) {
  const cache = await caches.open(SHELL_CACHE);
  const html = await indexResponse.clone().text();
  await cache.put(INDEX_KEY, indexResponse);
  const direct = assetUrls(html);
  const named = await Promise.all(
    direct.map(async (url) => {
      const response = await cacheIfOk(cache, url);
      return response && url.endsWith('.js') ? assetUrls(await response.text()) : [];
    }),
  );
  const chunks = [...new Set(named.flat())].filter((url) => !direct.includes(url));
  await Promise.all(chunks.map((url) => cacheIfOk(cache, url)));
  const wanted = new Set([...direct, ...chunks]);
  for (const request of await cache.keys()) {
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/assets/') && !wanted.has(pathname)) await cache.delete(request);
  }
}

self.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const index = await fetch('/', { cache: 'no-cache' });
      if (index.ok) await cacheShell(index);
      const cache = await caches.open(SHELL_CACHE);
      await Promise.all(STATIC_FILES.map((url) => cacheIfOk(cache, url)));
      await self.skipWaiting();
    })(),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const current = new Set([SHELL_CACHE, API_CACHE]);
      for (const name of await caches.keys()) {
        if (name.startsWith('homelab-') && !current.has(name)) await caches.delete(name);
      }
      await self.clients.claim();
    })(),
  );
});

/** A cached API answer marked as such, so the page knows the server did not answer (its offline notice). */
function markedFromCache(cached) {
  const headers = new Headers(cached.headers);
  headers.set(FROM_CACHE_HEADER, '1');
  return new Response(cached.body, { status: cached.status, statusText: cached.statusText, headers });
}

async function assetCacheFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  const cached = await cache.match(request);
  if (cached) return cached;
  const response = await fetch(request);
  if (response.ok) await cache.put(request, response.clone());
  return response;
}

async function navigationNetworkFirst(event) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(event.request);
    const isPage = response.ok && (response.headers.get('content-type') ?? '').includes('text/html');
    if (isPage) {
      // A changed index.html means a new build: refresh the shell in the background.
      const cached = await cache.match(INDEX_KEY);
      const changed = !cached || (await cached.text()) !== (await response.clone().text());
      if (changed) event.waitUntil(cacheShell(response.clone()));
    }
    return response;
  } catch (error) {
    const cached = await cache.match(INDEX_KEY);
    if (cached) return cached;
    throw error;
  }
}

async function apiNetworkFirst(event) {
  const cache = await caches.open(API_CACHE);
  try {
    const response = await fetch(event.request);
    // Keep only good answers; a 401 means signed out, so the stored session must go too.
    if (response.ok) await cache.put(event.request, response.clone());
    else if (response.status === 401 || response.status === 403) await cache.delete(event.request);
    return response;
  } catch (error) {
    const cached = await cache.match(event.request);
    if (cached) return markedFromCache(cached);
    throw error;
  }
}

async function staticNetworkFirst(request) {
  const cache = await caches.open(SHELL_CACHE);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(request, response.clone());
    return response;
  } catch (error) {
    const cached = await cache.match(request);
    if (cached) return cached;
    throw error;
  }
}

/** Logout: once the server has ended the session, the stored session and admin-only settings go too. */
async function logout(request) {
  const response = await fetch(request);
  if (response.ok) await caches.delete(API_CACHE);
  return response;
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method === 'POST' && url.origin === self.location.origin && url.pathname === '/api/logout') {
    event.respondWith(logout(request));
    return;
  }
  if (request.method !== 'GET') return;
  // Other origins (tracking scripts, remote service icons) are left to the browser.
  if (url.origin !== self.location.origin) return;
  if (request.mode === 'navigate') {
    // Only the client router's routes (no file extension, not the API) are the app shell's pages.
    const isAppRoute = !url.pathname.startsWith('/api/') && !/\.[a-z0-9]+$/i.test(url.pathname);
    if (isAppRoute) event.respondWith(navigationNetworkFirst(event));
  } else if (url.pathname.startsWith('/assets/')) {
    event.respondWith(assetCacheFirst(request));
  } else if (url.pathname.startsWith('/api/')) {
    if (API_FALLBACK_PATHS.has(url.pathname) && url.search === '') event.respondWith(apiNetworkFirst(event));
  } else if (STATIC_FILES.includes(url.pathname) || url.pathname.startsWith('/uploads/')) {
    // Static files and uploaded branding images: fresh when online, the last copy offline.
    event.respondWith(staticNetworkFirst(request));
  }
});
