import type { MatchView } from "@sams-web/domain/matching/contracts";
import { firstNameOf } from "@sams-web/domain/matching/rules";
import { waitingGreeting } from "@sams-web/domain/notifications/messages";
import { useEffect, useRef } from "react";
import { useSession } from "../../lib/session.ts";

/** What waits for the person among their matches: questions to answer, photos to review. */
function waitingNews(matches: readonly MatchView[]) {
  return {
    questions: matches.some((m) => m.status === "followupsQueued" && m.followup_questions.length > 0),
    photos: matches.some((m) => m.status === "photoValidation"),
  };
}

/**
 * Sam's line when the person opens the chat to news (what the email or the push told them of):
 * what waits, as it stood when the chat opened. It goes once they have written to Sam, or once
 * nothing waits any more. `bringIntoView` is false while a photo review waits above the
 * conversation: the chat opens there, and the greeting must not pull the page away from it.
 */
export function WaitingGreeting({
  matches,
  written,
  bringIntoView,
}: {
  matches: readonly MatchView[] | undefined;
  written: boolean;
  bringIntoView: boolean;
}) {
  const { user } = useSession();
  const atOpening = useRef<string | null | undefined>(undefined);
  if (atOpening.current === undefined && matches) {
    atOpening.current = waitingGreeting(user ? firstNameOf(user.name) : null, waitingNews(matches));
  }
  const stillWaiting = matches ? waitingNews(matches) : { questions: false, photos: false };
  const shown = Boolean(atOpening.current) && !written && (stillWaiting.questions || stillWaiting.photos);
  // The matches may load after the conversation has scrolled to its end: the greeting, which
  // arrives below it, brings itself into view above the message box (and the cookie banner).
  const line = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (shown && bringIntoView) line.current?.scrollIntoView?.({ block: "nearest" });
  }, [shown, bringIntoView]);
  if (!shown) return null;
  return (
    <p ref={line} role="status" className="mr-8 scroll-mb-28 rounded-2xl border border-rose/40 bg-rose-soft px-4 py-3">
      <span className="font-semibold text-rose-deep">Sam:</span> {atOpening.current}
    </p>
  );
}
