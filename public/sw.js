// Minimal service worker: it only takes control so registration succeeds.
// Offline caching arrives in a later issue; until then every request goes to the network untouched.
self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});
