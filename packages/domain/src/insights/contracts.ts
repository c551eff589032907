// The moderators' insights: paths and the answer's shape. Types only, free of zod.
import type { OutcomeBandSummary } from "../matching/rules.ts";
import { SITE_NAME } from "../shell/routes.ts";
import type { FunnelStep } from "./rules.ts";

/** The insights page: like any path that is no page (404, the not-found screen) to anyone but a moderator. */
export const INSIGHTS_PAGE_PATH = "/admin/insights";
/** The page's title (only a moderator's browser shows it). */
export const INSIGHTS_TITLE = `Insights — ${SITE_NAME}`;
/** The figures behind it: 404 to anyone who is not a moderator. */
export const INSIGHTS_PATH = "/api/admin/insights";

/** Counts per UTC day, in the order of InsightsResponse.days. */
export type DailyCounts = number[];

export interface InsightsResponse {
  /** The UTC days covered, oldest first (YYYY-MM-DD), INSIGHTS_DAYS of them, today last. */
  days: string[];
  /** When these figures were computed (ms timestamp); they are kept INSIGHTS_CACHE_SECONDS. */
  computedAt: number;
  daily: {
    signUps: DailyCounts;
    interviewsCompleted: DailyCounts;
    /** Searches whose scoring ended with somebody to look at, and with nobody. */
    searchesFound: DailyCounts;
    searchesNobody: DailyCounts;
    reports: DailyCounts;
    /** Moderation decisions, all actions together. */
    decisions: DailyCounts;
    /** Language model calls (Sam's replies, scoring, narratives together) and their tokens. */
    modelCalls: DailyCounts;
    modelTokens: DailyCounts;
  };
  /** Match records reaching each step over the days covered. */
  funnel: Record<FunnelStep, number>;
  /** Pairs connected per week (weeks start on Monday, UTC), oldest first. */
  connectionsByWeek: { week: string; connections: number }[];
  /** Connections made in the days covered, by score band, with the answers to "Did you meet?". */
  outcomesByBand: OutcomeBandSummary[];
}
