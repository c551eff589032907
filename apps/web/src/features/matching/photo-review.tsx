// Above the signed-in chat (member-chat.tsx's chunk, not the guest's first page): no zod here.
import type { CandidateSummary, MatchView } from "@sams-web/domain/matching/contracts";
import { keptNotice, setFreeQuestion } from "@sams-web/domain/matching/messages";
import { describeDistance } from "@sams-web/domain/matching/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useQueryClient } from "@tanstack/react-query";
import { type PointerEvent, useRef, useState } from "react";
import { Link } from "react-router";
import { paths } from "../../config/paths.ts";
import { useSession } from "../../lib/session.ts";
import { SafetyActions } from "../safety/safety-actions.tsx";
import { matchesQueryOptions, type PhotoAction, reviewPhotoMatch, useMatches } from "./api.ts";

/** The photoValidation candidates with photos, top score first: photo review shows the first. */
function candidatesToReview(matches: readonly MatchView[], hidden: ReadonlySet<string>): MatchView[] {
  const eligible = matches.filter((m) => m.status === "photoValidation" && !hidden.has(m.id) && m.photos.length > 0);
  return [...eligible].sort((a, b) => b.score - a.score);
}

/** How far a finger must travel sideways on a photo to move to the next one. */
const SWIPE_MIN_PX = 40;

/** The photo review shown above the conversation; it appears live when a search finishes. */
export function PhotoReview() {
  const { user } = useSession();
  return user ? <SignedInPhotoReview /> : null;
}

/** What the review says once a choice is made: what happens next, and where to see it. */
interface Notice {
  text: string;
  /** After Keep: Your web shows where the pair stands; after a mutual keep, the pending match. */
  link?: { to: string; label: string };
}

function SignedInPhotoReview() {
  const { data } = useMatches();
  const queryClient = useQueryClient();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const waiting = candidatesToReview(data ?? [], hidden);
  const candidate = waiting[0];
  const noticeLine = notice && (
    <div role="status" className="card mx-auto mb-6 w-full max-w-md">
      <p>{notice.text}</p>
      {notice.link && (
        <Link to={notice.link.to} className="btn-secondary mt-3 inline-flex no-underline">
          {notice.link.label}
        </Link>
      )}
    </div>
  );
  if (!candidate) return noticeLine || null;

  async function act(action: PhotoAction) {
    if (!candidate) return;
    const { id, firstName } = candidate;
    // The candidate leaves the list at once; the server's change arrives over the live channel.
    setFailed(false);
    setHidden((current) => new Set(current).add(id));
    try {
      await reviewPhotoMatch(id, action);
      if (action === "declined") {
        setNotice({ text: MESSAGES.matchSetFree });
        return;
      }
      // They may have kept this person already: then it is a pending match, said as such.
      const matches = await queryClient.fetchQuery({ ...matchesQueryOptions(), staleTime: 0 });
      const mutual = matches.find((m) => m.id === id)?.status === "matchPending";
      setNotice(
        mutual
          ? {
              text: MESSAGES.mutualMatchNotice,
              link: { to: paths.matchConfirmation, label: MESSAGES.mutualMatchLink },
            }
          : { text: keptNotice(firstName), link: { to: paths.yourWeb, label: "See your web" } },
      );
    } catch {
      // Nothing changed on the server: the candidate comes back, with a word about why.
      setFailed(true);
      setHidden((current) => {
        const next = new Set(current);
        next.delete(id);
        return next;
      });
    }
  }

  /** Blocked or reported: the candidate is gone for good, and the sentence says what happens next. */
  function onSafety(message: string) {
    if (!candidate) return;
    setNotice({ text: message });
    setHidden((current) => new Set(current).add(candidate.id));
  }

  return (
    <>
      {noticeLine}
      <CandidatePhotos
        key={candidate.id}
        candidate={candidate}
        remaining={waiting.length}
        onAction={(action) => {
          setNotice(null);
          void act(action);
        }}
        onSafety={onSafety}
        failed={failed}
      />
    </>
  );
}

/** "Robin, 31 · within 10 miles". */
function whoTheyAre(candidate: CandidateSummary): string {
  const name = candidate.age === null ? candidate.firstName : `${candidate.firstName}, ${candidate.age}`;
  return `${name} · ${describeDistance(candidate.distanceBandMiles)}`;
}

function CandidatePhotos({
  candidate,
  remaining,
  onAction,
  onSafety,
  failed,
}: {
  candidate: MatchView;
  /** How many candidates wait for review, this one included. */
  remaining: number;
  onAction: (action: PhotoAction) => void;
  onSafety: (message: string) => void;
  failed: boolean;
}) {
  const { photos } = candidate;
  const [index, setIndex] = useState(0);
  const [confirmingSetFree, setConfirmingSetFree] = useState(false);
  const count = photos.length;
  const step = (delta: number) => setIndex((i) => (i + delta + count) % count);
  const swipeStart = useRef<number | null>(null);
  const onPointerDown = (event: PointerEvent) => {
    if (event.pointerType === "touch") swipeStart.current = event.clientX;
  };
  const onPointerUp = (event: PointerEvent) => {
    const start = swipeStart.current;
    swipeStart.current = null;
    if (start === null || count < 2) return;
    const moved = event.clientX - start;
    if (Math.abs(moved) >= SWIPE_MIN_PX) step(moved < 0 ? 1 : -1);
  };

  return (
    <section aria-label="Photo review" className="card mx-auto mb-6 w-full max-w-md">
      <div className="mb-3 flex items-baseline justify-between gap-3">
        <h2 className="text-xl font-semibold">{whoTheyAre(candidate)}</h2>
        <p className="shrink-0 text-sm text-ink-soft">{remaining === 1 ? "1 to review" : `${remaining} to review`}</p>
      </div>
      {count > 1 && (
        <div className="mb-2 flex gap-1" aria-hidden="true">
          {photos.map((photo, i) => (
            <span key={photo} className={`h-1 flex-1 rounded-full ${i === index ? "bg-rose" : "bg-line"}`} />
          ))}
        </div>
      )}
      <div className="relative touch-pan-y" onPointerDown={onPointerDown} onPointerUp={onPointerUp}>
        <img
          draggable={false}
          src={photos[index]}
          alt={`Your potential match, ${index + 1} of ${count}`}
          className="aspect-square w-full rounded-lg object-cover"
        />
        {count > 1 && (
          <>
            <button
              type="button"
              aria-label="Previous photo"
              onClick={() => step(-1)}
              className="absolute top-1/2 left-2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-silk/85 text-2xl"
            >
              ‹
            </button>
            <button
              type="button"
              aria-label="Next photo"
              onClick={() => step(1)}
              className="absolute top-1/2 right-2 flex h-11 w-11 -translate-y-1/2 items-center justify-center rounded-full bg-silk/85 text-2xl"
            >
              ›
            </button>
          </>
        )}
      </div>
      <div className="mt-3 flex flex-wrap items-center gap-2">
        <p className="rounded-full bg-rose-soft px-3 py-1 text-sm font-semibold text-rose-deep">
          {candidate.score}% compatible
        </p>
        {candidate.sharedInterests.length > 0 && (
          <>
            <span className="text-sm text-ink-soft">You both love</span>
            <ul aria-label="What you both love" className="flex flex-wrap gap-2">
              {candidate.sharedInterests.map((interest) => (
                <li key={interest} className="rounded-full border border-line px-3 py-1 text-sm">
                  {interest}
                </li>
              ))}
            </ul>
          </>
        )}
      </div>
      {candidate.about && (
        <figure className="mt-3">
          <figcaption className="text-sm font-semibold text-ink-soft">
            About {candidate.firstName}, in Sam's words
          </figcaption>
          <blockquote className="mt-1 border-l-4 border-rose pl-3">{candidate.about}</blockquote>
        </figure>
      )}
      {candidate.reason && (
        <p className="mt-3">
          <span className="font-semibold text-rose-deep">Sam:</span> {candidate.reason}
        </p>
      )}
      {failed && (
        <p role="alert" className="mt-3 text-center text-rose-deep">
          {MESSAGES.photoReviewFailed}
        </p>
      )}
      {/* Set free ends the pair for good: asked once. */}
      {confirmingSetFree ? (
        <div className="mt-4 rounded-xl border border-line p-3">
          <p>{setFreeQuestion(candidate.firstName)}</p>
          <div className="mt-3 flex justify-between gap-3">
            <button type="button" className="btn-secondary" onClick={() => setConfirmingSetFree(false)}>
              Cancel
            </button>
            <button type="button" className="btn-primary" onClick={() => onAction("declined")}>
              Set free
            </button>
          </div>
        </div>
      ) : (
        <div className="mt-4 flex justify-between gap-3">
          <button type="button" className="btn-secondary" onClick={() => setConfirmingSetFree(true)}>
            Set free
          </button>
          <button type="button" className="btn-primary" onClick={() => onAction("accepted")}>
            Keep in your web
          </button>
        </div>
      )}
      <SafetyActions personId={candidate.id} firstName={candidate.firstName} onDone={onSafety} />
    </section>
  );
}
