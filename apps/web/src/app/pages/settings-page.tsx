import { MESSAGES } from "@sams-web/domain/shared/messages";
import { Suspense, useDeferredValue } from "react";
import { useLocation, useNavigate } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { paths } from "../../config/paths.ts";
import { useProfile } from "../../features/profile/api.ts";
import { SettingsForm } from "../../features/profile/settings-form.tsx";
import { AfterFirstPaint } from "../../lib/after-first-paint.tsx";
import { lazyWithRetry } from "../../lib/lazy-with-retry.ts";
import { settingsCloseSteps } from "../../lib/settings-return.ts";

// The sections below the form come as one chunk of their own (settings-sections.tsx), fetched
// with all it needs once the form (what a phone shows first) is on screen: the form is drawn in
// one task and the sections in another once they are there, instead of the whole page in one long
// task that holds the main thread while the person tries to tap, and their chunks and requests do
// not compete with the form's.
const SettingsSections = lazyWithRetry(() => import("./settings-sections.tsx"));
const sectionsLoading = <div aria-hidden="true" className="card h-96 animate-pulse bg-white/60" />;

/**
 * What the page shows while the profile is on the way: the settings cards' outline, taller than a
 * screen, so nothing below it is in view while the form is missing and nothing visible moves when
 * it arrives.
 */
function SettingsSkeleton() {
  return (
    <div role="status" aria-live="polite" className="min-h-dvh space-y-6">
      <span className="sr-only">Loading your settings…</span>
      {["h-96", "h-64", "h-80"].map((height) => (
        <div key={height} aria-hidden="true" className={`card ${height} animate-pulse bg-white/60`} />
      ))}
    </div>
  );
}

/**
 * Close: back to wherever the person opened Settings from (Your web, Your story, the chat), past
 * any visit to the photo upload page made from here (settings-return.ts); opened straight from an
 * address or a fresh tab, there is nowhere back to go, so it goes to Sam. The navigation bar
 * already reaches every place; this is the way back.
 */
function CloseSettings() {
  const navigate = useNavigate();
  const location = useLocation();
  const steps = settingsCloseSteps(location);
  return (
    <button
      type="button"
      className="btn-secondary"
      aria-label="Close settings"
      onClick={() => (steps === null ? navigate(paths.home) : navigate(-steps))}
    >
      Close
    </button>
  );
}

/** /settings: the profile's own settings, then each feature's section. */
export default function SettingsPage() {
  const profile = useProfile();
  // The form is drawn as a background render, which React splits into short slices, instead of
  // one long task the moment the profile arrives; the skeleton stays until it is ready.
  const data = useDeferredValue(profile.data);
  if (!data && !profile.isError) {
    return (
      <PageLayout title="Your Settings">
        <SettingsSkeleton />
      </PageLayout>
    );
  }
  return (
    <PageLayout title="Your Settings">
      <div className="space-y-6">
        {data ? (
          <SettingsForm profile={data} />
        ) : (
          <p role="alert" className="text-danger">
            {MESSAGES.searchDataLoadFailed}
          </p>
        )}
        <AfterFirstPaint fallback={sectionsLoading}>
          <Suspense fallback={sectionsLoading}>
            <SettingsSections />
          </Suspense>
        </AfterFirstPaint>
        <CloseSettings />
      </div>
    </PageLayout>
  );
}
