// The insights page's texts (all ours).
import { INSIGHTS_CACHE_SECONDS, INSIGHTS_DAYS } from "./rules.ts";

export const INSIGHTS_MESSAGES = {
  insightsLoading: "Counting…",
  insightsLoadFailed: "We couldn't load the insights. Please try again.",
  insightsAbout: `The last ${INSIGHTS_DAYS} days, by UTC day, in counts only. Figures are at most ${INSIGHTS_CACHE_SECONDS} seconds old.`,
} as const;
