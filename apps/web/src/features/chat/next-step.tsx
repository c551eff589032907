import { MATCH_MOMENT_PARAM } from "@sams-web/domain/matching/contracts";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";
import { usePendingMatch, useYourWeb } from "../matching/api.ts";
import { useProfile } from "../profile/api.ts";
import { requirementsFor } from "../profile/requirements-checklist.tsx";

/** A note from Sam below the conversation, with the link to act on it. */
function SamNote({ text, to, label }: { text: string; to: string; label: string }) {
  return (
    <div role="status" className="mr-8 rounded-2xl border border-rose/40 bg-rose-soft px-4 py-3">
      <p>
        <span className="font-semibold text-rose-deep">Sam:</span> {text}
      </p>
      <Link to={to} className="btn-primary mt-3 inline-flex no-underline">
        {label}
      </Link>
    </div>
  );
}

/**
 * What to do next, once the interview is over: a match not seen yet, then a pending match (both
 * kept each other); nothing while Sam's questions or photos wait (they are on this screen);
 * someone who is still answering Sam's questions; else whatever Begin Search still needs (photos,
 * then the rest of Settings), else the search itself. Follow-up mode has its own questions to
 * answer, so it shows only a match or a pending match.
 */
export function NextStep({ interviewComplete, inFollowups }: { interviewComplete: boolean; inFollowups: boolean }) {
  const enabled = interviewComplete || inFollowups;
  const pending = usePendingMatch({ enabled });
  const web = useYourWeb({ enabled });
  const profile = useProfile();
  const entries = web.data?.entries ?? [];
  const unseen = entries.find((entry) => entry.stage === "connected" && !entry.momentSeen && entry.person);
  if (unseen?.person) {
    return (
      <SamNote
        text={`${MESSAGES.matchMomentTitle} ${unseen.person.firstName} confirmed too.`}
        to={`${paths.itsAMatch}?${new URLSearchParams({ [MATCH_MOMENT_PARAM]: unseen.person.id })}`}
        label={`See your match with ${unseen.person.firstName}`}
      />
    );
  }
  if (pending.data?.match) {
    return <SamNote text={MESSAGES.mutualMatchNotice} to={paths.matchConfirmation} label={MESSAGES.mutualMatchLink} />;
  }
  if (!interviewComplete || !profile.data || !web.data) return null;
  if (entries.some((entry) => entry.stage === "photosToReview" || entry.stage === "questionsForYou")) return null;
  if (entries.some((entry) => entry.stage === "waitingForThem")) {
    return <SamNote text={MESSAGES.waitingForAnswersNotice} to={paths.yourWeb} label="See your web" />;
  }
  const missing = requirementsFor(profile.data).filter((requirement) => !requirement.done);
  if (missing.some((requirement) => requirement.id === "photos")) {
    return <SamNote text={MESSAGES.nextStepPhotos} to={paths.photoUpload} label={MESSAGES.nextStepPhotosLink} />;
  }
  return (
    <SamNote
      text={missing.length > 0 ? MESSAGES.nextStepSettings : MESSAGES.nextStepSearch}
      to={paths.settings}
      label={MESSAGES.nextStepSettingsLink}
    />
  );
}
