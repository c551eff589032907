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

export function registerServiceWorker(): void {
  if (!("serviceWorker" in navigator) || import.meta.env.DEV) return;
  const start = async () => {
    const registration = await navigator.serviceWorker.register("/sw.js", { scope: "/" });
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
  };
  // After the page has loaded, so the worker's downloads never compete with the page's own.
  if (document.readyState === "complete") void start().catch(() => undefined);
  else window.addEventListener("load", () => void start().catch(() => undefined), { once: true });
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
