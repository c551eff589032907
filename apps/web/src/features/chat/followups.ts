import type { MatchView } from "@sams-web/domain/matching/contracts";

/**
 * Follow-up mode (the follow-up stages): the followupsQueued matches, best score
 * first, so the questions come in a steady order. Only question texts leave this module: the
 * chat never learns anything else about a candidate.
 */
function queued(matches: readonly MatchView[]): MatchView[] {
  return matches
    .filter((m) => m.status === "followupsQueued")
    .sort((a, b) => b.score - a.score || a.id.localeCompare(b.id));
}

/** The next question to ask, or null when no followupsQueued match has one. */
export function nextFollowupQuestion(matches: readonly MatchView[]): string | null {
  for (const match of queued(matches)) {
    const question = match.followup_questions[0];
    if (question) return question;
  }
  return null;
}

/** Matches whose last question was answered: each gets its 'answered' action. */
export function answeredMatchIds(matches: readonly MatchView[]): string[] {
  return queued(matches)
    .filter((m) => m.followup_questions.length === 0)
    .map((m) => m.id);
}
