import { documentTitle } from "@sams-web/domain/shell/routes";
import { Suspense, useEffect } from "react";
import { Outlet, useLocation } from "react-router";
import { PageFallback } from "../../components/page-fallback.tsx";
import { CookieBanner } from "../../features/consent/cookie-banner.tsx";
import { useSession } from "../../lib/session.ts";
import { Footer } from "./footer.tsx";
import { Header } from "./header.tsx";
import { LoginPanelProvider } from "./login-panel-provider.tsx";
import { MainNav } from "./main-nav.tsx";
import { OfflineBanner } from "./offline-banner.tsx";
import { ScreenErrorBoundary } from "./screen-error.tsx";
import { UpdateBanner } from "./update-banner.tsx";

/** A new page starts at its top, as a full page load would. */
function useScrollToTopOnNavigate(pathname: string): void {
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect exists to run on each new path.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);
}

/** Each page names itself in the browser tab and history ("Settings — Sam's Web"). */
function useDocumentTitle(pathname: string): void {
  useEffect(() => {
    document.title = documentTitle(pathname);
  }, [pathname]);
}

export function AppShell() {
  const { pathname } = useLocation();
  const { user } = useSession();
  useScrollToTopOnNavigate(pathname);
  useDocumentTitle(pathname);
  return (
    <LoginPanelProvider>
      <div className="flex min-h-dvh flex-col pb-[var(--bottom-nav-height)]">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-4 focus:top-4 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2"
        >
          Skip to content
        </a>
        <UpdateBanner />
        <OfflineBanner />
        <Header />
        {/* At least a screen tall, so the footer starts below the first view and a page whose
            content arrives late (Sam's chat, a lazy screen) pushes nothing visible down. */}
        <main id="main" className="flex min-h-dvh flex-1 flex-col">
          <ScreenErrorBoundary key={pathname}>
            <Suspense fallback={<PageFallback />}>
              <Outlet />
            </Suspense>
          </ScreenErrorBoundary>
        </main>
        <Footer />
        <CookieBanner />
        {user && <MainNav placement="bottom" />}
      </div>
    </LoginPanelProvider>
  );
}
