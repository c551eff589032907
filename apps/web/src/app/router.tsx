import { INSIGHTS_PAGE_PATH } from "@sams-web/domain/insights/contracts";
import { MODERATION_PAGE_PATH } from "@sams-web/domain/safety/contracts";
import { type ReactNode, Suspense, startTransition, useEffect, useReducer } from "react";
import { Route, Routes } from "react-router";
import { PageFallback } from "../components/page-fallback.tsx";
import { paths } from "../config/paths.ts";
import { type LoadableLazy, lazyWithRetry } from "../lib/lazy-with-retry.ts";
import { useSession } from "../lib/session.ts";
import { AppShell } from "./shell/app-shell.tsx";

// Every screen but the home screen is its own chunk, so `/` loads only what it shows.
const HomePage = lazyWithRetry(() => import("../features/chat/home-page.tsx"));
const SettingsPage = lazyWithRetry(() => import("./pages/settings-page.tsx"));
const PhotoUploadPage = lazyWithRetry(() => import("../features/photos/photo-upload-page.tsx"));
const TermsPage = lazyWithRetry(() => import("../features/legal/terms-page.tsx"));
const PrivacyPage = lazyWithRetry(() => import("../features/legal/privacy-page.tsx"));
const FaqPage = lazyWithRetry(() => import("../features/legal/faq-page.tsx"));
const CaliforniaPrivacyPage = lazyWithRetry(() => import("../features/legal/california-privacy-page.tsx"));
const VerifyEmailPage = lazyWithRetry(() => import("../features/accounts/verify-email-page.tsx"));
const ResetPasswordPage = lazyWithRetry(() => import("../features/accounts/reset-password-page.tsx"));
const MatchConfirmationPage = lazyWithRetry(() => import("./pages/match-confirmation-page.tsx"));
const MatchOutcomePage = lazyWithRetry(() => import("../features/matching/match-outcome-page.tsx"));
const UnsubscribePage = lazyWithRetry(() => import("../features/notifications/unsubscribe-page.tsx"));
const YourWebPage = lazyWithRetry(() => import("../features/matching/your-web-page.tsx"));
const MatchMomentPage = lazyWithRetry(() => import("../features/matching/match-moment-page.tsx"));
const StoryPage = lazyWithRetry(() => import("../features/story/story-page.tsx"));
const AdminPage = lazyWithRetry(() => import("../features/safety/admin-page.tsx"));
// Its chunk alone carries the chart library.
const InsightsPage = lazyWithRetry(() => import("../features/insights/insights-page.tsx"));
const PrivacySettingsPage = lazyWithRetry(() => import("../features/consent/privacy-settings-page.tsx"));
const AccountDeletedPage = lazyWithRetry(() => import("../features/accounts/account-deleted-page.tsx"));
const NotFoundPage = lazyWithRetry(() => import("./not-found-page.tsx"));
const QueryLayout = lazyWithRetry(() => import("../lib/query-layout.tsx"));

/**
 * /settings, /photo-upload and the other pages of a signed-in person show the home screen to a guest. `fillsScreen`: the screen is taller
 * than the window, so its loading state is too (see PageFallback).
 */
function SignedInOnly({ page: Page, fillsScreen = false }: { page: LoadableLazy<object>; fillsScreen?: boolean }) {
  const session = useSession();
  const signedIn = session.user !== null;
  // The screen's chunk and the query layer's are loaded here, with the loading state shown until
  // both are there, rather than by a Suspense boundary: React holds back content that was loading
  // in a boundary until 300 ms after it last showed a loading state anywhere (its reveal
  // throttle), which delayed the screen by about that much once the session answered.
  // Read from the chunks themselves, not kept in state: React keeps this component (and its state)
  // when the person goes from one signed-in screen to another, whose chunk may not be here yet.
  const loaded = QueryLayout.settled() && Page.settled();
  const [, drawAgain] = useReducer((draws: number) => draws + 1, 0);
  useEffect(() => {
    if (!signedIn || loaded) return;
    let current = true;
    void Promise.all([QueryLayout.load(), Page.load()]).then(() => {
      // A background render: React.lazy still takes a moment to hand over a chunk that is already
      // here, which React waits out in a transition, where an ordinary update would show the
      // boundary's loading state (and start the throttle) for it.
      if (current) startTransition(drawAgain);
    });
    return () => {
      current = false;
    };
  }, [signedIn, loaded, Page]);
  const fallback = <PageFallback fillsScreen={fillsScreen} />;
  if (session.isPending) return fallback;
  if (!signedIn) return <HomePage />;
  if (!loaded) return fallback;
  return (
    <Suspense fallback={fallback}>
      <QueryLayout>
        <Page />
      </QueryLayout>
    </Suspense>
  );
}

/** A screen taller than the window (the legal pages): its loading state fills the window too. */
function TallScreen({ children }: { children: ReactNode }) {
  return <Suspense fallback={<PageFallback fillsScreen />}>{children}</Suspense>;
}

/** Screens with server data but open to guests too. */
function WithQueries({ children }: { children: ReactNode }) {
  return <QueryLayout>{children}</QueryLayout>;
}

/** Declarative routes: the data router would add ~10 KB gzip to the first page for nothing we use. */
export function AppRoutes() {
  return (
    <Routes>
      <Route element={<AppShell />}>
        <Route path={paths.home} element={<HomePage />} />
        <Route path={paths.settings} element={<SignedInOnly page={SettingsPage} fillsScreen />} />
        <Route path={paths.photoUpload} element={<SignedInOnly page={PhotoUploadPage} />} />
        <Route path={paths.yourWeb} element={<SignedInOnly page={YourWebPage} />} />
        <Route path={paths.itsAMatch} element={<SignedInOnly page={MatchMomentPage} />} />
        <Route path={paths.yourStory} element={<SignedInOnly page={StoryPage} fillsScreen />} />
        <Route
          path={paths.terms}
          element={
            <TallScreen>
              <TermsPage />
            </TallScreen>
          }
        />
        <Route
          path={paths.privacy}
          element={
            <TallScreen>
              <PrivacyPage />
            </TallScreen>
          }
        />
        <Route
          path={paths.faq}
          element={
            <TallScreen>
              <FaqPage />
            </TallScreen>
          }
        />
        <Route
          path={paths.californiaPrivacy}
          element={
            <TallScreen>
              <CaliforniaPrivacyPage />
            </TallScreen>
          }
        />
        <Route
          path={paths.verifyEmail}
          element={
            <WithQueries>
              <VerifyEmailPage />
            </WithQueries>
          }
        />
        <Route path={paths.accountDeleted} element={<AccountDeletedPage />} />
        <Route
          path={paths.resetPassword}
          element={
            <WithQueries>
              <ResetPasswordPage />
            </WithQueries>
          }
        />
        <Route
          path={paths.matchConfirmation}
          element={
            <WithQueries>
              <MatchConfirmationPage />
            </WithQueries>
          }
        />
        <Route
          path={paths.matchOutcome}
          element={
            <WithQueries>
              <MatchOutcomePage />
            </WithQueries>
          }
        />
        <Route
          path={paths.unsubscribe}
          element={
            <Suspense fallback={<PageFallback />}>
              <UnsubscribePage />
            </Suspense>
          }
        />
        <Route
          path={paths.privacySettings}
          element={
            <WithQueries>
              <PrivacySettingsPage />
            </WithQueries>
          }
        />
        <Route
          path={MODERATION_PAGE_PATH}
          element={
            <WithQueries>
              <AdminPage notFound={<NotFoundPage />} />
            </WithQueries>
          }
        />
        <Route
          path={INSIGHTS_PAGE_PATH}
          element={
            <WithQueries>
              <InsightsPage notFound={<NotFoundPage />} />
            </WithQueries>
          }
        />
        <Route path="*" element={<NotFoundPage />} />
      </Route>
    </Routes>
  );
}
