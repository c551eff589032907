/// <reference lib="webworker" />
// The service worker: the app opens offline, and Web Push shows Sam's news.
//
// What it caches is the app shell alone: the built page, scripts, styles and icons, listed at build
// time with their revisions (precache), plus any hashed screen chunk fetched later. It never answers
// from a cache for /api/: those answers hold a person's data, and go to the network every time.
// Pages are fetched from the network (a release reaches every tab at once); only offline does the
// cached shell answer, and show the offline banner.
import { ExpirationPlugin } from "workbox-expiration";
import { cleanupOutdatedCaches, matchPrecache, type PrecacheEntry, precacheAndRoute } from "workbox-precaching";
import { NavigationRoute, registerRoute } from "workbox-routing";
import { CacheFirst } from "workbox-strategies";
import { isPushPayload, type SwMessage } from "./messages.ts";

// __WB_MANIFEST: the precache list, written in at build time (vite-plugin-pwa, injectManifest).
declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: (PrecacheEntry | string)[] };

precacheAndRoute(self.__WB_MANIFEST);
cleanupOutdatedCaches();

// Any page: the network, else (offline) the precached shell. Addresses are never cached, so a
// token in a link (a verification or unsubscribe link, say) is not kept on the device.
registerRoute(
  new NavigationRoute(
    async ({ request }) => {
      try {
        return await fetch(request);
      } catch {
        return (await matchPrecache("/index.html")) ?? Response.error();
      }
    },
    { denylist: [/^\/api\//] },
  ),
);

// Screens' chunks outside the precache: their names carry a content hash, so a cached copy is
// never stale.
registerRoute(
  ({ url, sameOrigin }) => sameOrigin && url.pathname.startsWith("/assets/"),
  new CacheFirst({ cacheName: "screens", plugins: [new ExpirationPlugin({ maxEntries: 60 })] }),
);

// A new release waits until the person chooses to reload (the page's "new version" banner).
self.addEventListener("message", (event) => {
  const message = event.data as SwMessage | undefined;
  if (message?.type === "SKIP_WAITING") void self.skipWaiting();
});

// ── Web Push ─────────────────────────────────────────────────────────────────────────────

self.addEventListener("push", (event) => {
  let payload: unknown = null;
  try {
    payload = event.data?.json();
  } catch {
    payload = null;
  }
  if (!isPushPayload(payload)) return;
  event.waitUntil(
    self.registration.showNotification(payload.title, {
      body: payload.body,
      tag: payload.tag,
      icon: "/icons/icon-192.png",
      badge: "/icons/icon-192.png",
      data: { url: payload.url },
    }),
  );
});

// A tap opens the page the news is about: in a tab of ours that is already open, else a new one.
self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const path = (event.notification.data as { url?: unknown } | null)?.url;
  const target = new URL(typeof path === "string" && path.startsWith("/") ? path : "/", self.location.origin);
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const ours = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (ours) {
        await ours.focus();
        await ours.navigate(target.href).catch(() => undefined);
        return;
      }
      await self.clients.openWindow(target.href);
    })(),
  );
});
