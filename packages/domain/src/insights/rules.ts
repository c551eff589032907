// The moderators' insights: how the product works for people over the last days, in figures only
// (never a person). Aggregated by the server, drawn by the browser.

/** How many UTC days the insights cover, today included. */
export const INSIGHTS_DAYS = 90;

/** How long one computation of the insights is shown before the next (per server). */
export const INSIGHTS_CACHE_SECONDS = 60;

/**
 * The journey of a match record (one person's view of one candidate), step by step: Sam found the
 * pair, the person answered follow-up questions about them (only pairs Sam was unsure about), the
 * photo review showed them, the person kept them, and both connected.
 */
export const FUNNEL_STEPS = ["found", "followupsAnswered", "photoReview", "kept", "connected"] as const;
export type FunnelStep = (typeof FUNNEL_STEPS)[number];

export const FUNNEL_STEP_LABELS: Record<FunnelStep, string> = {
  found: "Pair found",
  followupsAnswered: "Follow-ups answered",
  photoReview: "Photo review",
  kept: "Kept",
  connected: "Connected",
};

/** The UTC days from `days - 1` days before `today` to `today`, oldest first, as YYYY-MM-DD. */
export function insightDays(today: Date, days = INSIGHTS_DAYS): string[] {
  const end = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  return Array.from({ length: days }, (_, i) => new Date(end - (days - 1 - i) * 86_400_000).toISOString().slice(0, 10));
}

/** The Monday (UTC) of the week holding `day` (YYYY-MM-DD), as YYYY-MM-DD. */
export function weekOf(day: string): string {
  const date = new Date(`${day}T00:00:00Z`);
  const sinceMonday = (date.getUTCDay() + 6) % 7;
  return new Date(date.getTime() - sinceMonday * 86_400_000).toISOString().slice(0, 10);
}
