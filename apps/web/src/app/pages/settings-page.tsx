import { MESSAGES } from "@sams-web/domain/shared/messages";
import { type ComponentType, Suspense, useDeferredValue, useEffect } from "react";
import { useLocation, useNavigate } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { paths } from "../../config/paths.ts";
import { DataExportButton } from "../../features/consent/data-export-button.tsx";
import { useProfile } from "../../features/profile/api.ts";
import { SettingsForm } from "../../features/profile/settings-form.tsx";
import { lazyWithRetry } from "../../lib/lazy-with-retry.ts";
import { settingsCloseSteps } from "../../lib/settings-return.ts";

// The sections below the form come as chunks of their own: the form (what a phone shows first) is
// drawn in one task and the sections in another once they are all there, instead of the whole
// page in one long task that holds the main thread while the person tries to tap.
const PhotosSection = lazyWithRetry(async () => ({
  default: (await import("../../features/photos/photos-section.tsx")).PhotosSection,
}));
const NonNegotiablesSection = lazyWithRetry(async () => ({
  default: (await import("../../features/non-negotiables/settings-section.tsx")).NonNegotiablesSection,
}));
const SearchSection = lazyWithRetry(async () => ({
  default: (await import("../../features/matching/search-section.tsx")).SearchSection,
}));
const ConnectionsSection = lazyWithRetry(async () => ({
  default: (await import("../../features/safety/connections-section.tsx")).ConnectionsSection,
}));
const NotificationsSection = lazyWithRetry(async () => ({
  default: (await import("../../features/notifications/notifications-section.tsx")).NotificationsSection,
}));
const AccountSection = lazyWithRetry(async () => ({
  default: (await import("../../features/accounts/account-section.tsx")).AccountSection,
}));

function YourDataSection() {
  return (
    <section aria-labelledby="your-data-heading" className="card">
      <h2 id="your-data-heading" className="text-xl font-semibold">
        Your data
      </h2>
      <div className="mt-4">
        <DataExportButton />
      </div>
    </section>
  );
}

/**
 * The sections below the profile's own settings, in the order the page shows them. Each feature
 * brings its section as a component with its own heading, loading and error states; a new one is
 * one line here. `id` is the section's anchor (/settings#account).
 */
const SECTIONS: readonly { id: string; Section: ComponentType }[] = [
  { id: "photos", Section: PhotosSection },
  { id: "non-negotiables", Section: NonNegotiablesSection },
  { id: "search", Section: SearchSection },
  { id: "connections", Section: ConnectionsSection },
  { id: "notifications", Section: NotificationsSection },
  { id: "account", Section: AccountSection },
  { id: "your-data", Section: YourDataSection },
];

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

/**
 * Opened as /settings#photos, or from a page that sends the person back to one section (router
 * state `settingsSection`, as the photo upload page does so the address stays /settings): that
 * section is brought into view once the sections are there (this renders with them).
 */
function BringSectionIntoView() {
  const location = useLocation();
  const state = location.state as { settingsSection?: unknown } | null;
  const section = typeof state?.settingsSection === "string" ? state.settingsSection : location.hash.slice(1);
  useEffect(() => {
    if (!section) return;
    // A frame later: the app shell brings each new page to its top in an effect that runs after this one.
    const frame = requestAnimationFrame(() => document.getElementById(section)?.scrollIntoView({ block: "start" }));
    return () => cancelAnimationFrame(frame);
  }, [section]);
  return null;
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
        {/* One boundary: the sections appear together, so a section asked for (BringSectionIntoView,
            rendered with them) is scrolled to where it finally stands. */}
        <Suspense fallback={<div aria-hidden="true" className="card h-96 animate-pulse bg-white/60" />}>
          {SECTIONS.map(({ id, Section }) => (
            <div key={id} id={id}>
              <Section />
            </div>
          ))}
          <BringSectionIntoView />
        </Suspense>
        <CloseSettings />
      </div>
    </PageLayout>
  );
}
