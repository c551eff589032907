import { Link } from "react-router";
import { SpiderLogo } from "../../components/spider-logo.tsx";
import { paths } from "../../config/paths.ts";
import { useLoginPanel } from "../../lib/login-panel.ts";
import { useSession } from "../../lib/session.ts";

export function Header() {
  const session = useSession();
  const { openLoginPanel } = useLoginPanel();
  const { user } = session;
  return (
    <header className="border-b border-line bg-silk/90 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
        <Link to={paths.home} className="flex items-center gap-2 rounded-lg text-ink no-underline">
          <SpiderLogo className="h-10 w-10 shrink-0" />
          <span className="font-display text-xl font-semibold tracking-tight sm:text-2xl">Sam's Web</span>
        </Link>
        {/* A fixed-width slot, so the header does not jump when the session arrives. */}
        <div className="flex min-w-36 justify-end">
          {session.isPending ? (
            <span className="h-10 w-36 animate-pulse rounded-full bg-silk-deep" aria-hidden="true" />
          ) : user ? (
            <Link to={paths.settings} className="link truncate text-sm sm:text-base">
              Welcome, {user.name || "User"}!
            </Link>
          ) : (
            <button type="button" className="btn-primary text-sm" onClick={openLoginPanel}>
              Sign Up / Log In
            </button>
          )}
        </div>
      </div>
    </header>
  );
}
