import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** Tries at a chunk before its screen gives up and shows the error (app/shell/screen-error.tsx). */
const ATTEMPTS = 4;

/** Resolves once the browser is online (at once when it already is). */
function whenOnline(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
}

/**
 * React.lazy for a screen's chunk that survives a dropped connection: a download that fails (the
 * person went offline just then, or the network hiccuped) is tried again once the browser is
 * online, 1 s × attempt later, up to ATTEMPTS times, instead of taking the screen down.
 */
export function lazyWithRetry<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): LazyExoticComponent<ComponentType<P>> {
  return lazy(async () => {
    for (let attempt = 1; ; attempt += 1) {
      try {
        return await load();
      } catch (error) {
        if (attempt === ATTEMPTS) throw error;
        await whenOnline();
        await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
      }
    }
  });
}
