import { acceptAll, type CookiePreferences, defaultToggles, withChange } from "@sams-web/domain/consent/rules";
import type { PrivacyRequestKind } from "@sams-web/domain/privacy/contracts";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useEffect, useId, useState } from "react";
import { Link } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { ToggleSwitch } from "../../components/toggle-switch.tsx";
import { paths } from "../../config/paths.ts";
import { getPreferences, setPreferences, useCookiePreferences } from "../../lib/cookie-preferences.ts";
import { formatDayAndTime } from "../../lib/dates.ts";
import { useSession } from "../../lib/session.ts";
import { useCreatePrivacyRequest, usePrivacyRequests, useProfileConsent } from "./api.ts";
import { getBrowserId } from "./browser-id.ts";

const REQUEST_LABELS: Record<PrivacyRequestKind, string> = {
  optOut: "Opt-out of sale or sharing",
  limit: "Limit use of sensitive personal information",
};

function Toggle({
  label,
  description,
  checked,
  onChange,
}: {
  label: string;
  description: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-6 py-4">
      <div>
        <label htmlFor={id} className="font-medium">
          {label}
        </label>
        <p id={`${id}-description`} className="mt-1 text-sm text-ink-soft">
          {description}
        </p>
      </div>
      <ToggleSwitch id={id} checked={checked} onCheckedChange={onChange} aria-describedby={`${id}-description`} />
    </div>
  );
}

/** What the toggles show: the stored choice, else the privacy page's defaults (defaultToggles). */
function shownToggles(prefs: CookiePreferences | null): { analytics: boolean; adTracking: boolean } {
  return prefs ?? defaultToggles("privacyPage");
}

/** Opting out of sale or sharing also switches off the ad pixel, the one place we share. */
function optOutOfSharing(): void {
  const prefs = getPreferences();
  setPreferences(withChange(prefs, { ...shownToggles(prefs), adTracking: false, bannerDismissed: true }, Date.now()));
}

function RequestButtons() {
  const { user } = useSession();
  const owner = user?.id ?? getBrowserId();
  const [answer, setAnswer] = useState<{ text: string; failed: boolean } | null>(null);
  const requests = usePrivacyRequests(owner);
  const submit = useCreatePrivacyRequest(owner, {
    onSuccess: (request, kind) => {
      setAnswer({ text: `${request.message} (${formatDayAndTime(request.createdAt)})`, failed: false });
      if (kind === "optOut") optOutOfSharing();
    },
    onError: () => setAnswer({ text: MESSAGES.privacyRequestFailed, failed: true }),
  });
  const list = requests.data?.requests ?? [];

  return (
    <section aria-labelledby="california-requests" className="card mt-8">
      <h2 id="california-requests" className="text-xl font-semibold">
        California privacy requests
      </h2>
      <p className="mt-2 text-sm text-ink-soft">
        We do not sell your personal information. You can still ask us not to sell or share it, and to limit the use of
        sensitive personal information.{" "}
        {user ? "Requests are tied to your account." : "Requests are tied to this browser."}
      </p>
      <div className="mt-4 flex flex-wrap gap-3">
        <button
          type="button"
          className="btn-secondary"
          disabled={submit.isPending}
          onClick={() => submit.mutate("optOut")}
        >
          Submit Opt-Out Request
        </button>
        <button
          type="button"
          className="btn-secondary"
          disabled={submit.isPending}
          onClick={() => submit.mutate("limit")}
        >
          Submit Limit Request
        </button>
      </div>
      <p role="status" className={`mt-3 min-h-6 text-sm ${answer?.failed ? "text-danger" : "text-moss"}`}>
        {answer?.text}
      </p>
      {list.length > 0 && (
        <div className="mt-4">
          <h3 className="text-base font-semibold">Your requests</h3>
          <ul aria-label="Your requests" className="mt-2 space-y-1 text-sm">
            {list.map((request) => (
              <li key={request.id}>
                {REQUEST_LABELS[request.kind]}: received and answered{" "}
                <time dateTime={new Date(request.createdAt).toISOString()}>{formatDayAndTime(request.createdAt)}</time>
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

/**
 * Signed in, the profile copy may change on another device; the live 'consent' topic refetches
 * it here, and the sync applies it if it is newer.
 */
function useProfileCopy(): void {
  const { user } = useSession();
  const profileCopy = useProfileConsent(user?.id);
  const updatedAt = profileCopy.dataUpdatedAt;
  useEffect(() => {
    if (user && updatedAt > 0) void import("./consent-sync.ts").then((sync) => sync.reconcile().catch(() => {}));
  }, [user, updatedAt]);
}

export default function PrivacySettingsPage() {
  const prefs = useCookiePreferences();
  useProfileCopy();
  const shown = shownToggles(prefs);
  // A toggle is a full choice: the other toggle keeps what it shows, and the banner is answered.
  const change = (toggle: "analytics" | "adTracking", on: boolean) =>
    setPreferences(withChange(prefs, { ...shown, [toggle]: on, bannerDismissed: true }, Date.now()));

  return (
    <PageLayout
      title="Privacy Settings"
      intro="Choose which optional cookies Sam's Web may use. Necessary cookies keep you signed in and are always on. Your choice lasts one year."
    >
      <section aria-labelledby="cookie-choices" className="card">
        <h2 id="cookie-choices" className="text-xl font-semibold">
          Cookies
        </h2>
        <div className="divide-y divide-line">
          <Toggle
            label="Analytics cookies"
            description="Count page views on our own server, without your IP address, so we can improve the service."
            checked={shown.analytics}
            onChange={(on) => change("analytics", on)}
          />
          <Toggle
            label="Ad-tracking cookies"
            description="Let our social network's tracking pixel measure our ads. Off removes it and revokes consent."
            checked={shown.adTracking}
            onChange={(on) => change("adTracking", on)}
          />
        </div>
        <button type="button" className="btn-primary mt-4" onClick={() => setPreferences(acceptAll(Date.now()))}>
          Accept All Cookies
        </button>
      </section>

      <RequestButtons />

      <nav aria-label="Privacy documents" className="mt-8 flex gap-5">
        <Link className="link" to={paths.privacy}>
          Privacy Policy
        </Link>
        <Link className="link" to={paths.californiaPrivacy}>
          California Privacy Statement
        </Link>
      </nav>
    </PageLayout>
  );
}
