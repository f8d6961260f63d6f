// fairyboard's service worker. It keeps every file the page needs in a cache named after the
// build (pkg/offline-assets.js, written by scripts/offline.mjs), so after one visit the page
// plays with the network gone. Network first: while the server answers, the page always gets
// the server's current files, so an old cache never hides a new build; the cache answers only
// when the network fails. Each asset is fetched with its build-time SHA-256, so a cache
// holds one build's files or is not made at all.

importScripts('pkg/offline-assets.js');

const { version, assets } = self.fairyboardOffline;
const PREFIX = 'fairyboard-';
const CACHE = `${PREFIX}${version}`;

self.addEventListener('install', (event) => {
  event.waitUntil((async () => {
    const cache = await caches.open(CACHE);
    await cache.addAll(assets.map((a) => new Request(a.url, { cache: 'reload', integrity: a.integrity })));
    await self.skipWaiting();
  })());
});

self.addEventListener('activate', (event) => {
  event.waitUntil((async () => {
    for (const name of await caches.keys()) {
      if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
    }
    await self.clients.claim();
  })());
});

self.addEventListener('fetch', (event) => {
  const request = event.request;
  if (request.method !== 'GET' || new URL(request.url).origin !== self.location.origin) return;
  event.respondWith(networkElseCache(request));
});

async function networkElseCache(request) {
  try {
    return await fetch(request);
  } catch (offline) {
    // caches.match, not caches.open: a worker being replaced must not make its old cache again.
    const options = { cacheName: CACHE, ignoreSearch: true };
    const hit = await caches.match(request, options)
      || (request.mode === 'navigate' ? await caches.match('./', options) : undefined);
    if (hit) return hit;
    throw offline;
  }
}
