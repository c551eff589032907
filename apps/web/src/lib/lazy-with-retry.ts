import { type ComponentType, type LazyExoticComponent, lazy } from "react";

/** Tries at a chunk before its screen gives up and shows the error (app/shell/screen-error.tsx). */
const ATTEMPTS = 4;

/** Resolves once the browser is online (at once when it already is). */
function whenOnline(): Promise<void> {
  if (navigator.onLine) return Promise.resolve();
  return new Promise((resolve) => window.addEventListener("online", () => resolve(), { once: true }));
}

/**
 * A lazy screen that can also be loaded without being drawn: `load` starts (or joins) the download
 * of its chunk and resolves once it has ended, never rejecting (a screen whose chunk failed reports
 * it when drawn); `settled` says whether it has ended, arrived or given up: drawn then, the screen
 * or its error shows at once.
 */
export type LoadableLazy<P extends object> = LazyExoticComponent<ComponentType<P>> & {
  load: () => Promise<void>;
  settled: () => boolean;
};

/**
 * React.lazy for a screen's chunk that survives a dropped connection: a download that fails (the
 * person went offline just then, or the network hiccuped) is tried again once the browser is
 * online, 1 s × attempt later, up to ATTEMPTS times, instead of taking the screen down.
 */
export function lazyWithRetry<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LoadableLazy<P> {
  let download: Promise<{ default: ComponentType<P> }> | undefined;
  let settled = false;
  const downloadOnce = () => {
    download ??= (async () => {
      for (let attempt = 1; ; attempt += 1) {
        try {
          const chunk = await load();
          settled = true;
          return chunk;
        } catch (error) {
          if (attempt === ATTEMPTS) {
            settled = true;
            throw error;
          }
          await whenOnline();
          await new Promise((resolve) => setTimeout(resolve, 1_000 * attempt));
        }
      }
    })();
    return download;
  };
  return Object.assign(lazy(downloadOnce), {
    load: () =>
      downloadOnce().then(
        () => {},
        () => {},
      ),
    settled: () => settled,
  });
}
