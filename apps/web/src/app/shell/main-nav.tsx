import { type ReactNode, Suspense } from "react";
import { NavLink } from "react-router";
import { paths } from "../../config/paths.ts";
import { lazyWithRetry } from "../../lib/lazy-with-retry.ts";

// What waits for the person in their web; loaded with the query layer, never on a guest's first page.
const WebNewsBadge = lazyWithRetry(() => import("../../features/matching/web-news-badge.tsx"));

function SamIcon() {
  return (
    <svg viewBox="0 0 24 24" className="h-6 w-6" aria-hidden="true" focusable="false">
      <path d="M12 2v5" stroke="currentColor" strokeWidth="1.5" />
      <g stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" fill="none">
        <path d="M8 12 3 9M8 14H2.5M8 16l-5 3M16 12l5-3M16 14h5.5M16 16l5 3" />
      </g>
      <ellipse cx="12" cy="15" rx="4.5" ry="5" fill="currentColor" />
      <circle cx="12" cy="9.5" r="3" fill="currentColor" />
    </svg>
  );
}

function WebIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-6 w-6"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.5"
    >
      <path d="M12 2v20M2 12h20M4.9 4.9l14.2 14.2M19.1 4.9 4.9 19.1" />
      <path d="M12 6.5 16 8l1.5 4-1.5 4-4 1.5L8 16l-1.5-4L8 8Z" />
      <path d="M12 10 13.4 10.6 14 12l-.6 1.4L12 14l-1.4-.6L10 12l.6-1.4Z" />
    </svg>
  );
}

function SettingsIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      className="h-6 w-6"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinecap="round"
    >
      <path d="M4 7h10M18 7h2M4 17h4M12 17h8" />
      <circle cx="16" cy="7" r="2" />
      <circle cx="10" cy="17" r="2" />
    </svg>
  );
}

const ITEMS: readonly { to: string; label: string; icon: ReactNode; end?: boolean }[] = [
  { to: paths.home, label: "Sam", icon: <SamIcon />, end: true },
  { to: paths.yourWeb, label: "Your web", icon: <WebIcon /> },
  { to: paths.settings, label: "Settings", icon: <SettingsIcon /> },
];

/**
 * The signed-in person's three places (Sam, Your web, Settings), the current one marked
 * (aria-current="page"). On a laptop they sit in the header; on a phone in a bar at the bottom of
 * the window, in reach of a thumb, which reserves its height (--bottom-nav-height, styles.css) so
 * it never covers the page's last lines, the cookie banner or the chat's message box.
 */
export function MainNav({ placement }: { placement: "header" | "bottom" }) {
  const bottom = placement === "bottom";
  return (
    <nav
      aria-label="Main"
      id={bottom ? "bottom-nav" : undefined}
      className={
        bottom
          ? "fixed inset-x-0 bottom-0 z-30 border-t border-line bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur md:hidden"
          : "hidden md:block"
      }
    >
      <ul className={bottom ? "mx-auto grid h-16 max-w-md grid-cols-3" : "flex items-center gap-1"}>
        {ITEMS.map((item) => (
          <li key={item.to} className={bottom ? "flex" : undefined}>
            <NavLink
              to={item.to}
              end={item.end}
              className={({ isActive }) =>
                bottom
                  ? `relative flex flex-1 flex-col items-center justify-center gap-0.5 text-xs font-semibold no-underline ${isActive ? "text-rose-deep" : "text-ink-soft"}`
                  : `relative inline-flex min-h-11 items-center gap-2 rounded-full px-3 text-sm font-semibold no-underline ${isActive ? "bg-rose-soft text-rose-deep" : "text-ink-soft hover:bg-silk-deep"}`
              }
            >
              {({ isActive }) => (
                <>
                  {bottom && item.icon}
                  <span>{item.label}</span>
                  {item.to === paths.yourWeb && (
                    <Suspense fallback={null}>
                      <WebNewsBadge />
                    </Suspense>
                  )}
                  {bottom && isActive && (
                    <span aria-hidden="true" className="absolute top-0 h-0.5 w-10 rounded-full bg-rose" />
                  )}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
