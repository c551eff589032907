import type { InsightsResponse } from "@sams-web/domain/insights/contracts";
import {
  FUNNEL_STEPS,
  type FunnelStep,
  INSIGHTS_CACHE_SECONDS,
  insightDays,
  weekOf,
} from "@sams-web/domain/insights/rules";
import { outcomesByBand } from "@sams-web/domain/matching/rules";
import type { Database } from "../../db/client.ts";
import type { TallyName } from "../../platform/metrics/tallies.ts";
import {
  connectionsPerDay,
  type DayCount,
  decisionsPerDay,
  outcomesPerScore,
  reportsPerDay,
  signUpsPerDay,
  talliesSince,
} from "./data.ts";

const FUNNEL_TALLIES: Record<FunnelStep, TallyName> = {
  found: "match_found",
  followupsAnswered: "match_followups_answered",
  photoReview: "match_photo_review",
  kept: "match_kept",
  connected: "match_connected",
};

/** Counts laid out on `days`, 0 for a day with none. */
function onDays(days: readonly string[], counts: readonly DayCount[]): number[] {
  const byDay = new Map<string, number>();
  for (const { day, count } of counts) byDay.set(day, (byDay.get(day) ?? 0) + count);
  return days.map((day) => byDay.get(day) ?? 0);
}

export interface InsightsServiceDeps {
  db: Database;
  /** Adds this instance's waiting tallies first, so the figures include the last seconds here. */
  flushTallies: () => Promise<void>;
  now?: () => Date;
}

/**
 * The insights, computed at most once per INSIGHTS_CACHE_SECONDS on this instance: any number of
 * moderators (or one pressing reload) share one computation, and a failed one is not kept.
 */
export function createInsightsService({ db, flushTallies, now = () => new Date() }: InsightsServiceDeps) {
  let cached: { at: number; figures: Promise<InsightsResponse> } | null = null;

  async function compute(): Promise<InsightsResponse> {
    await flushTallies();
    const at = now();
    const days = insightDays(at);
    const fromDay = days[0] ?? "";
    const from = new Date(`${fromDay}T00:00:00Z`);
    const [signUps, reports, decisions, connections, tallies, outcomes] = await Promise.all([
      signUpsPerDay(db, from),
      reportsPerDay(db, from),
      decisionsPerDay(db, from),
      connectionsPerDay(db, from),
      talliesSince(db, fromDay),
      outcomesPerScore(db, from),
    ]);
    const tally = (...names: TallyName[]) =>
      onDays(
        days,
        tallies.filter((row) => (names as string[]).includes(row.name)),
      );
    const total = (name: TallyName) =>
      tallies.filter((row) => row.name === name).reduce((sum, row) => sum + row.count, 0);

    const weeks = [...new Set(days.map(weekOf))];
    const perWeek = new Map<string, number>();
    for (const { day, count } of connections) perWeek.set(weekOf(day), (perWeek.get(weekOf(day)) ?? 0) + count);

    return {
      days,
      computedAt: at.getTime(),
      daily: {
        signUps: onDays(days, signUps),
        interviewsCompleted: tally("interview_completed"),
        searchesFound: tally("search_found"),
        searchesNobody: tally("search_nobody"),
        reports: onDays(days, reports),
        decisions: onDays(days, decisions),
        modelCalls: tally("model_calls_reply", "model_calls_scorer", "model_calls_narrative"),
        modelTokens: tally("model_tokens_reply", "model_tokens_scorer", "model_tokens_narrative"),
      },
      funnel: Object.fromEntries(FUNNEL_STEPS.map((step) => [step, total(FUNNEL_TALLIES[step])])) as Record<
        FunnelStep,
        number
      >,
      connectionsByWeek: weeks.map((week) => ({ week, connections: perWeek.get(week) ?? 0 })),
      outcomesByBand: outcomesByBand(outcomes),
    };
  }

  return {
    /** The figures, computed now or at most INSIGHTS_CACHE_SECONDS ago. */
    read(): Promise<InsightsResponse> {
      const at = now().getTime();
      if (!cached || at - cached.at >= INSIGHTS_CACHE_SECONDS * 1000) {
        const figures = compute();
        cached = { at, figures };
        // A failure is answered once, then forgotten: the next request tries again.
        figures.catch(() => {
          if (cached?.figures === figures) cached = null;
        });
      }
      return cached.figures;
    },
  };
}
