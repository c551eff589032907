import { type ComponentType, useEffect } from "react";
import { useLocation } from "react-router";
import { AccountSection } from "../../features/accounts/account-section.tsx";
import { DataExportButton } from "../../features/consent/data-export-button.tsx";
import { SearchSection } from "../../features/matching/search-section.tsx";
import { NonNegotiablesSection } from "../../features/non-negotiables/settings-section.tsx";
import { NotificationsSection } from "../../features/notifications/notifications-section.tsx";
import { PhotosSection } from "../../features/photos/photos-section.tsx";
import { ConnectionsSection } from "../../features/safety/connections-section.tsx";
import { PHOTOS_SECTION } from "../../lib/settings-return.ts";

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
  { id: PHOTOS_SECTION, Section: PhotosSection },
  { id: "non-negotiables", Section: NonNegotiablesSection },
  { id: "search", Section: SearchSection },
  { id: "connections", Section: ConnectionsSection },
  { id: "notifications", Section: NotificationsSection },
  { id: "account", Section: AccountSection },
  { id: "your-data", Section: YourDataSection },
];

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

/**
 * Settings' sections below the form, all in this one chunk: they arrive and appear together, in
 * one render (as separate lazy chunks each was fetched only after the one before it had arrived,
 * and every arrival rendered the ones before it again), and a section asked for
 * (BringSectionIntoView) is scrolled to where it finally stands.
 */
export default function SettingsSections() {
  return (
    <>
      {SECTIONS.map(({ id, Section }) => (
        <div key={id} id={id}>
          <Section />
        </div>
      ))}
      <BringSectionIntoView />
    </>
  );
}
