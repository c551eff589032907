import type { MatchView } from "@sams-web/domain/matching/contracts";
import type { Profile } from "@sams-web/domain/profile/schemas";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";
import { useProfile } from "../profile/api.ts";
import { requirementsFor } from "../profile/requirements-checklist.tsx";
import { beginSearch, searchErrorMessage, useMatches } from "./api.ts";

/** Candidates waiting for the person in Sam's chat: follow-up questions or photos to review. */
function waitingInChat(matches: readonly MatchView[] | undefined): number {
  return (matches ?? []).filter((m) => m.status === "photoValidation" || m.status === "followupsQueued").length;
}

/** Begin Search's gate messages for everything still missing, in the order the gate checks them. */
const GATE_MESSAGE = {
  verified: MESSAGES.verifyEmailToSearch,
  interview: MESSAGES.completeOnboardingToSearch,
  photos: MESSAGES.uploadPicturesToSearch,
  zipCode: MESSAGES.enterZipToSearch,
  birthday: MESSAGES.enterBirthdayToSearch,
  status: MESSAGES.setStatusActiveToSearch,
} as const;

function missingFor(profile: Profile | undefined): string[] {
  if (!profile) return [];
  return requirementsFor(profile)
    .filter((requirement) => !requirement.done)
    .map((requirement) => GATE_MESSAGE[requirement.id]);
}

/** The settings sliders a search that found nobody offers to widen (their thumbs' ids). */
export const SLIDER_IDS = { searchRadius: "search-radius", oldestAge: "oldest-age" } as const;

/** Brings a slider on this page into view and into focus, ready for the arrow keys or a drag. */
function focusSlider(id: string) {
  const thumb = document.getElementById(id);
  thumb?.scrollIntoView({ block: "center", behavior: "smooth" });
  thumb?.focus({ preventScroll: true });
}

/** Begin Search and its message area, on the settings screen, with the way on from each ending. */
export function SearchSection() {
  // Settings loads the profile and shows its error; this section only reads what it has.
  const profile = useProfile({ loadedByPage: true });
  const [message, setMessage] = useState<string | null>(null);
  const [lastToday, setLastToday] = useState(false);
  const [busy, setBusy] = useState(false);
  // Each candidate is announced as soon as their pair is scored: the matches refetch live.
  const matches = useMatches({ enabled: busy });
  const [waitingAtStart, setWaitingAtStart] = useState<number | null>(null);
  useEffect(() => {
    if (busy && waitingAtStart === null && matches.data) setWaitingAtStart(waitingInChat(matches.data));
  }, [busy, waitingAtStart, matches.data]);
  // A new candidate is ready while the others are still being checked: Sam can show them now.
  const firstFound =
    busy &&
    message === MESSAGES.potentialMatchesChecking &&
    waitingAtStart !== null &&
    waitingInChat(matches.data) > waitingAtStart;
  // Everything Begin Search still needs, all at once (the server checks the same, first one first).
  const missing = missingFor(profile.data);

  async function onBegin() {
    setWaitingAtStart(null);
    setBusy(true);
    setLastToday(false);
    try {
      const ending = await beginSearch(setMessage);
      setMessage(ending.message);
      setLastToday(ending.lastToday);
    } catch (error) {
      setMessage(searchErrorMessage(error));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section aria-labelledby="search-heading" className="card mt-6">
      <h2 id="search-heading" className="text-xl font-semibold">
        Search
      </h2>
      <p role="status" aria-live="polite" className="mt-2 min-h-6 text-ink-soft">
        {message}
      </p>
      {((!busy && message === MESSAGES.potentialMatchesFound) || firstFound) && (
        <Link to={paths.home} className="btn-primary mt-3 inline-flex no-underline">
          Visit Sam
        </Link>
      )}
      {!busy && message === MESSAGES.searchWaitingForAnswers && (
        <Link to={paths.yourWeb} className="btn-secondary mt-3 inline-flex no-underline">
          See your web
        </Link>
      )}
      {!busy && message === MESSAGES.noPotentialMatches && lastToday && (
        <p className="mt-2 text-sm text-ink-soft">{MESSAGES.lastSearchToday}</p>
      )}
      {/* Widening helps only a search that can still run today; after the last one the line above says when. */}
      {!busy && message === MESSAGES.noPotentialMatches && !lastToday && (
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="button" className="btn-secondary" onClick={() => focusSlider(SLIDER_IDS.searchRadius)}>
            Widen the search radius
          </button>
          <button type="button" className="btn-secondary" onClick={() => focusSlider(SLIDER_IDS.oldestAge)}>
            Widen the age range
          </button>
        </div>
      )}
      {missing.length > 0 && (
        <div id="search-needs" className="mt-3 rounded-xl bg-amber-soft px-4 py-3 text-sm">
          <p className="font-semibold">{MESSAGES.searchNeeds}</p>
          <ul className="mt-1 list-disc pl-5">
            {missing.map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </div>
      )}
      <div>
        <button
          type="button"
          className="btn-primary mt-3"
          onClick={onBegin}
          disabled={busy || missing.length > 0}
          aria-describedby={missing.length > 0 ? "search-needs" : undefined}
        >
          Begin Search
        </button>
      </div>
    </section>
  );
}
