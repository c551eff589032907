import { useSyncExternalStore } from "react";

// Registers the service worker (built from src/service-worker/sw.ts) and says when a new release
// is installed and waiting: the shell then offers a reload, which lets it take over. Written out
// rather than imported from workbox-window: it is on the first page, whose bytes are counted.

let waiting: ServiceWorker | null = null;
const listeners = new Set<() => void>();

function setWaiting(worker: ServiceWorker | null): void {
  waiting = worker;
  for (const listener of listeners) listener();
}

let registering: Promise<ServiceWorkerRegistration> | null = null;

function register(): Promise<ServiceWorkerRegistration> {
  registering ??= navigator.serviceWorker.register("/sw.js", { scope: "/" }).then((registration) => {
    // With no worker in control yet, this is the first install: nothing is outdated.
    const offer = (worker: ServiceWorker | null) => {
      if (worker && navigator.serviceWorker.controller) setWaiting(worker);
    };
    offer(registration.waiting);
    registration.addEventListener("updatefound", () => {
      const installing = registration.installing;
      installing?.addEventListener("statechange", () => {
        if (installing.state === "installed") offer(installing);
      });
    });
    // A tab left open for days looks for a new release whenever it is looked at again.
    document.addEventListener("visibilitychange", () => {
      if (document.visibilityState === "visible") registration.update().catch(() => undefined);
    });
    return registration;
  });
  return registering;
}

/**
 * The page counts as loaded once no file or request has finished for this long: the window's load
 * event comes before a screen's own chunks and data (they load lazily), so on its own it would put
 * the worker's install and the manifest beside them.
 */
const NETWORK_QUIET_MS = 2_000;
/** At the latest this long after the load event, should the page never fall quiet. */
const LOADED_AT_THE_LATEST_MS = 20_000;
/** How long the browser may wait for an idle moment after that before the task runs anyway. */
const IDLE_TIMEOUT_MS = 10_000;

/** The web app manifest that vite-plugin-pwa writes (vite.config.ts). */
const MANIFEST_HREF = "/manifest.webmanifest";

/** Runs `task` once, after the page and its first screen have loaded, when the browser is idle. */
function afterFirstScreenLoaded(task: () => void): void {
  const run = () =>
    "requestIdleCallback" in window ? window.requestIdleCallback(task, { timeout: IDLE_TIMEOUT_MS }) : task();
  const watchNetwork = () => {
    if (!("PerformanceObserver" in window)) return run();
    const done = () => {
      observer.disconnect();
      clearTimeout(quiet);
      clearTimeout(latest);
      run();
    };
    // Every file or request that finishes starts the quiet moment again.
    const observer = new PerformanceObserver(() => {
      clearTimeout(quiet);
      quiet = setTimeout(done, NETWORK_QUIET_MS);
    });
    let quiet = setTimeout(done, NETWORK_QUIET_MS);
    const latest = setTimeout(done, LOADED_AT_THE_LATEST_MS);
    observer.observe({ type: "resource" });
  };
  if (document.readyState === "complete") watchNetwork();
  else window.addEventListener("load", watchNetwork, { once: true });
}

/**
 * Links the manifest and registers the worker once the page and its first screen have loaded.
 * Both only matter for installing the app and for what comes after this page, and both cost the
 * first screen if they start with it: a linked manifest is fetched at once, with its icon, beside
 * the page's own scripts on a phone's slow connection, and the worker's first install downloads
 * and stores the app shell. Push (which needs the worker) registers it at once
 * (`serviceWorkerReady`). The built page has no manifest link of its own (vite.config.ts).
 */
export function registerServiceWorker(): void {
  afterFirstScreenLoaded(() => {
    if (!document.querySelector('link[rel="manifest"]')) {
      const link = document.createElement("link");
      link.rel = "manifest";
      link.href = MANIFEST_HREF;
      document.head.append(link);
    }
    if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
    void register().catch(() => undefined);
  });
}

/** The active worker's registration, registering it now if it is not yet. */
export async function serviceWorkerReady(): Promise<ServiceWorkerRegistration> {
  await register();
  return navigator.serviceWorker.ready;
}

/** Lets the waiting release take over, then reloads into it. */
export function applyUpdate(): void {
  const worker = waiting;
  if (!worker) return;
  navigator.serviceWorker.addEventListener("controllerchange", () => window.location.reload(), { once: true });
  worker.postMessage({ type: "SKIP_WAITING" });
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a new release is installed and waits for a reload. */
export function useUpdateReady(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => waiting !== null,
    () => false,
  );
}
