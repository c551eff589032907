import { Suspense } from "react";
import { Link } from "react-router";
import { SpiderLogo } from "../../components/spider-logo.tsx";
import { paths } from "../../config/paths.ts";
import { lazyWithRetry } from "../../lib/lazy-with-retry.ts";
import { useLoginPanel } from "../../lib/login-panel.ts";
import { useSession } from "../../lib/session.ts";
import { MainNav } from "./main-nav.tsx";

// Only a signed-in person can have a pending match; a guest's first page never loads this.
const PendingMatchBadge = lazyWithRetry(() => import("../../features/matching/pending-match-badge.tsx"));

export function Header() {
  const session = useSession();
  const { openLoginPanel } = useLoginPanel();
  const { user } = session;
  return (
    <header className="border-b border-line bg-silk/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to={paths.home} className="flex items-center gap-2 rounded-lg text-ink no-underline">
          <SpiderLogo className="h-10 w-10 shrink-0" />
          <span className="whitespace-nowrap font-display text-xl font-semibold tracking-tight sm:text-2xl">
            Sam's Web
          </span>
        </Link>
        {user && <MainNav placement="header" />}
        {/* A fixed-width slot, so the header does not jump when the session arrives. */}
        <div className="flex min-w-36 items-center justify-end gap-2">
          {session.isPending ? (
            <span className="h-10 w-36 animate-pulse rounded-full bg-silk-deep" aria-hidden="true" />
          ) : user ? (
            <>
              <Suspense fallback={null}>
                <PendingMatchBadge />
              </Suspense>
              <Link
                to={paths.settings}
                className="link inline-block max-w-[42vw] truncate py-3 align-middle text-sm leading-5 sm:max-w-none sm:text-base"
              >
                Welcome, {user.name || "User"}!
              </Link>
            </>
          ) : (
            <button type="button" className="btn-primary text-sm" onClick={() => openLoginPanel()}>
              Sign Up / Log In
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
