import { acceptAll, adTrackingEnabled, manageCookies, shouldShowBanner } from "@sams-web/domain/consent/rules";
import { useEffect, useId, useLayoutEffect, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { paths } from "../../config/paths.ts";
import { trackEvent } from "../../lib/analytics.ts";
import { setPreferences, useCookiePreferences } from "../../lib/cookie-preferences.ts";
import { useSession } from "../../lib/session.ts";

/** Ad tracking on: the pixel (loaded on demand, only then); off: removed and consent revoked. */
function useAdPixel(on: boolean): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (on) void import("./ad-pixel.ts").then((pixel) => pixel.enableAdPixel());
    else if (document.getElementById("ad-pixel-script") || "fbq" in window) {
      void import("./ad-pixel.ts").then((pixel) => pixel.disableAdPixel());
    }
  }, [on]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: one pixel page view per new path.
  useEffect(() => {
    if (on) void import("./ad-pixel.ts").then((pixel) => pixel.adPixelPageView());
  }, [pathname]);
}

let syncModule: Promise<typeof import("./consent-sync.ts")> | null = null;

/** Signed in: the choice lives on the profile too (sync code loaded only for signed-in people). */
function useProfileSync(userId: string | undefined): void {
  useEffect(() => {
    if (!userId) {
      void syncModule?.then((sync) => sync.stopProfileSync());
      return;
    }
    syncModule ??= import("./consent-sync.ts");
    const sync = syncModule;
    void sync.then((s) => s.startProfileSync(userId));
    // Another device may have changed the choice: look again when the person comes back.
    const onFocus = () => void sync.then((s) => s.reconcile().catch(() => {}));
    window.addEventListener("focus", onFocus);
    return () => window.removeEventListener("focus", onFocus);
  }, [userId]);
}

/** A first-party page view per route, while analytics consent is on. */
function usePageViews(analyticsOn: boolean): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (analyticsOn) trackEvent("page_view", pathname);
  }, [pathname, analyticsOn]);
}

/**
 * The banner is fixed, so nothing on the page moves when it appears; instead the page gets room
 * to scroll its last lines (the footer) above it, and focus scrolling keeps a focused control
 * clear of it (scroll-padding).
 */
function useRoomBelow(shown: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState(0);
  useLayoutEffect(() => {
    const element = ref.current;
    if (!shown || !element) return;
    // Measured when the observer reports, the first time right after the frame's own layout:
    // reading the height here would force the whole page's layout into the render that shows the
    // banner (the signed-in shell's, once the session answers), making that one task longer.
    const observer = new ResizeObserver(() => setHeight(element.offsetHeight));
    observer.observe(element);
    return () => observer.disconnect();
  }, [shown]);
  useEffect(() => {
    const root = document.documentElement;
    root.style.scrollPaddingBottom = shown ? `calc(${height}px + var(--bottom-nav-height, 0px))` : "";
    // What sticks to the bottom of the window (the chat's message box) sits above the banner.
    root.style.setProperty("--cookie-banner-height", shown ? `${height}px` : "0px");
    return () => {
      root.style.scrollPaddingBottom = "";
      root.style.removeProperty("--cookie-banner-height");
    };
  }, [shown, height]);
  return { ref, height };
}

/**
 * The 'Cookie Preferences' banner, rendered by the app shell on every
 * page. A non-modal dialog fixed to the bottom: the page stays usable and does not move.
 */
export function CookieBanner() {
  const prefs = useCookiePreferences();
  const { isPending, user } = useSession();
  const navigate = useNavigate();
  const titleId = useId();
  const textId = useId();
  useProfileSync(user?.id);
  usePageViews(prefs?.bannerDismissed === true && prefs.analytics);
  useAdPixel(adTrackingEnabled(prefs));
  // It waits for the session's first answer: a signed-in phone gets the bottom navigation then, and
  // a banner already on screen would jump up above it (a layout shift).
  const shown = shouldShowBanner(prefs) && !isPending;
  const room = useRoomBelow(shown);

  if (!shown) return null;
  return (
    <>
      <div aria-hidden="true" style={{ height: room.height }} />
      <div
        ref={room.ref}
        role="dialog"
        aria-modal="false"
        aria-labelledby={titleId}
        aria-describedby={textId}
        className="fixed inset-x-0 bottom-[var(--bottom-nav-height,0px)] z-40 border-t border-line bg-white/95 shadow-[0_-8px_24px_rgba(0,0,0,0.08)] backdrop-blur"
      >
        {/* Compact on a phone (smaller words, the buttons side by side): the page it covers until
            answered, Sam's greeting and the message box above it, keeps most of the screen. */}
        <div className="mx-auto flex max-w-5xl flex-col gap-2 px-4 py-3 sm:flex-row sm:items-center sm:gap-6 sm:px-6 sm:py-4">
          <div className="flex-1 text-xs leading-snug sm:text-sm sm:leading-normal">
            <h2 id={titleId} className="text-sm font-semibold sm:text-base">
              Cookie Preferences
            </h2>
            <p id={textId} className="mt-0.5 text-ink-soft sm:mt-1">
              We use necessary cookies to run Sam's Web. With your permission we also use analytics and ad-tracking
              cookies. Read more in our{" "}
              <Link className="link" to={paths.privacy}>
                Privacy Policy
              </Link>
              .
            </p>
          </div>
          <div className="flex gap-3 *:flex-1 *:whitespace-nowrap *:px-3 sm:*:flex-none sm:*:px-5">
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setPreferences(manageCookies(Date.now()));
                navigate(paths.privacySettings);
              }}
            >
              Manage Cookies
            </button>
            <button type="button" className="btn-primary" onClick={() => setPreferences(acceptAll(Date.now()))}>
              Accept All
            </button>
          </div>
        </div>
      </div>
    </>
  );
}
