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

/** How long the browser may wait for an idle moment before the worker is registered anyway. */
const IDLE_REGISTRATION_TIMEOUT_MS = 10_000;

/**
 * Registers the worker once the page has loaded and the browser is idle: its first install
 * downloads and stores the app shell, work that must not hold up a phone while the person starts
 * reading and tapping. Push (which needs the worker) registers it at once (`serviceWorkerReady`).
 */
export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const start = () => void register().catch(() => undefined);
  const whenIdle = () =>
    "requestIdleCallback" in window
      ? window.requestIdleCallback(start, { timeout: IDLE_REGISTRATION_TIMEOUT_MS })
      : setTimeout(start, 0);
  if (document.readyState === "complete") whenIdle();
  else window.addEventListener("load", whenIdle, { once: true });
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
