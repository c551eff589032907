// Above the signed-in chat (member-chat.tsx's chunk, not the guest's first page): no zod here.
import type { MatchView } from "@sams-web/domain/matching/contracts";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useState } from "react";
import { useSession } from "../../lib/session.ts";
import { type PhotoAction, reviewPhotoMatch, useMatches } from "./api.ts";

/** The top-scoring photoValidation candidate with photos, which photo review shows first. */
function topCandidate(matches: readonly MatchView[], hidden: ReadonlySet<string>): MatchView | null {
  const eligible = matches.filter((m) => m.status === "photoValidation" && !hidden.has(m.id) && m.photos.length > 0);
  return [...eligible].sort((a, b) => b.score - a.score)[0] ?? null;
}

/** The photo review shown above the conversation; it appears live when a search finishes. */
export function PhotoReview() {
  const { user } = useSession();
  return user ? <SignedInPhotoReview /> : null;
}

function SignedInPhotoReview() {
  const { data } = useMatches();
  const [hidden, setHidden] = useState<ReadonlySet<string>>(new Set());
  const [failed, setFailed] = useState(false);
  const candidate = topCandidate(data ?? [], hidden);
  if (!candidate) return null;

  async function act(action: PhotoAction) {
    if (!candidate) return;
    const id = candidate.id;
    // The candidate leaves the list at once; the server's change arrives over the live channel.
    setFailed(false);
    setHidden((current) => new Set(current).add(id));
    try {
      await reviewPhotoMatch(id, action);
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

  return <CandidatePhotos key={candidate.id} photos={candidate.photos} onAction={act} failed={failed} />;
}

function CandidatePhotos({
  photos,
  onAction,
  failed,
}: {
  photos: string[];
  onAction: (action: PhotoAction) => void;
  failed: boolean;
}) {
  const [index, setIndex] = useState(0);
  const count = photos.length;
  const step = (delta: number) => setIndex((i) => (i + delta + count) % count);

  return (
    <section aria-label="Photo review" className="card mx-auto mb-6 w-full max-w-md">
      {count > 1 && (
        <div className="mb-2 flex gap-1" aria-hidden="true">
          {photos.map((photo, i) => (
            <span key={photo} className={`h-1 flex-1 rounded-full ${i === index ? "bg-rose" : "bg-line"}`} />
          ))}
        </div>
      )}
      <div className="relative">
        <img
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
              className="absolute top-1/2 left-2 -translate-y-1/2 rounded-full bg-silk/80 px-3 py-1 text-xl"
            >
              ‹
            </button>
            <button
              type="button"
              aria-label="Next photo"
              onClick={() => step(1)}
              className="absolute top-1/2 right-2 -translate-y-1/2 rounded-full bg-silk/80 px-3 py-1 text-xl"
            >
              ›
            </button>
          </>
        )}
      </div>
      {failed && (
        <p role="alert" className="mt-3 text-center text-rose-deep">
          {MESSAGES.photoReviewFailed}
        </p>
      )}
      <div className="mt-4 flex justify-between gap-3">
        <button type="button" className="btn-secondary" onClick={() => onAction("declined")}>
          Set free
        </button>
        <button type="button" className="btn-primary" onClick={() => onAction("accepted")}>
          Keep in your web
        </button>
      </div>
    </section>
  );
}
