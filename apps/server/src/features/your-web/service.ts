import type { WebEntry, YourWebResponse } from "@sams-web/domain/matching/contracts";
import { WEB_STAGES, webStageOf, webStageShowsPerson } from "@sams-web/domain/matching/rules";
import type { WebRow } from "./data.ts";

/**
 * One pair as the page shows it, saying only what the person may know of the other at that
 * stage: nobody is named or pictured before photo review; the percentage shows from the pending
 * match on (as its page does); an email address only once both confirmed.
 */
export function toWebEntry(row: WebRow): WebEntry | null {
  const stage = webStageOf({ status: row.status, followupQuestions: row.followupQuestions });
  if (stage === null) return null;
  const named = webStageShowsPerson(stage);
  const connected = stage === "connected";
  return {
    stage,
    person: named
      ? {
          id: row.candidateId,
          firstName: row.firstName,
          age: row.age,
          photo: row.photo,
          distanceBandMiles: row.distanceBandMiles,
        }
      : null,
    score: stage === "pendingMatch" || stage === "confirmedWaiting" || connected ? row.score : null,
    email: connected ? row.email : null,
    connectedAt: connected ? (row.connectedAt?.getTime() ?? null) : null,
    momentSeen: connected ? row.momentSeenAt !== null : true,
  };
}

/** The page's entries: by stage (WEB_STAGES), best score first within one, newest connection first. */
export function yourWebOf(me: YourWebResponse["me"], rows: readonly WebRow[]): YourWebResponse {
  const order = (entry: WebEntry) => WEB_STAGES.indexOf(entry.stage);
  const scored = rows
    .map((row) => ({ row, entry: toWebEntry(row) }))
    .filter((item): item is { row: WebRow; entry: WebEntry } => item.entry !== null)
    .sort(
      (a, b) =>
        order(a.entry) - order(b.entry) ||
        (b.entry.connectedAt ?? 0) - (a.entry.connectedAt ?? 0) ||
        b.row.score - a.row.score ||
        a.row.candidateId.localeCompare(b.row.candidateId),
    );
  return { me, entries: scored.map((item) => item.entry) };
}
