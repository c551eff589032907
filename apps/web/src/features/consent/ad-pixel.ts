import { pixelMaySee } from "@sams-web/domain/consent/rules";
import { getConsentConfig } from "./first-page-api.ts";

// The social network's tracking pixel (Meta pixel), added only while ad tracking is on and only
// when the server has a pixel id (AD_PIXEL_ID). The vendor's usual snippet is an inline script,
// which our CSP forbids, so the same queue is set up here and the vendor script is added by URL.

const SCRIPT_ID = "ad-pixel-script";
const SCRIPT_SRC = "https://connect.facebook.net/en_US/fbevents.js";

type Fbq = ((...args: unknown[]) => void) & {
  queue?: unknown[][];
  loaded?: boolean;
  version?: string;
  /** The vendor's switch for its own page view on every history change (ours are counted below). */
  disablePushState?: boolean;
};
declare global {
  interface Window {
    fbq?: Fbq;
    _fbq?: Fbq;
  }
}

let pixelId: Promise<string | null> | null = null;
let wanted = false;

function fbq(...args: unknown[]): void {
  window.fbq?.(...args);
}

function installQueue(): void {
  if (window.fbq) return;
  const queue: unknown[][] = [];
  const stub: Fbq = (...args: unknown[]) => {
    queue.push(args);
  };
  stub.queue = queue;
  stub.loaded = true;
  stub.version = "2.0";
  window.fbq = stub;
  window._fbq = stub;
}

/**
 * 'Ad tracking on loads a social network tracking pixel' (nothing without a configured id). It
 * never sees an address with a secret in it (pixelMaySee): on such a page it waits, and loads with
 * the next clean page's view. It counts only the views we send: not its own on history changes
 * (disablePushState), nor automatic events such as button clicks (autoConfig off), which would
 * carry whatever address the page has then.
 */
export async function enableAdPixel(): Promise<void> {
  wanted = true;
  pixelId ??= getConsentConfig().then(
    (config) => config.adPixelId,
    () => null,
  );
  const id = await pixelId;
  if (!id || !wanted || document.getElementById(SCRIPT_ID) || !pixelMaySee(window.location)) return;
  installQueue();
  if (window.fbq) window.fbq.disablePushState = true;
  fbq("set", "autoConfig", false, id);
  fbq("consent", "grant");
  fbq("init", id);
  fbq("track", "PageView");
  const script = document.createElement("script");
  script.id = SCRIPT_ID;
  script.async = true;
  script.src = SCRIPT_SRC;
  // Blocked or offline: the queue just stays unsent; nothing else on the page depends on it.
  script.onerror = () => script.setAttribute("data-load-failed", "true");
  document.head.appendChild(script);
}

/** 'off removes it and revokes consent'. */
export function disableAdPixel(): void {
  wanted = false;
  if (window.fbq) fbq("consent", "revoke");
  document.getElementById(SCRIPT_ID)?.remove();
  window.fbq = undefined;
  window._fbq = undefined;
}

/**
 * A page view for the pixel when the route changes, unless the address carries a secret; the
 * first clean page after one the pixel waited on loads it (with its view).
 */
export function adPixelPageView(): void {
  if (!wanted || !pixelMaySee(window.location)) return;
  if (document.getElementById(SCRIPT_ID)) fbq("track", "PageView");
  else void enableAdPixel();
}
