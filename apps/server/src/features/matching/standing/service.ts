import {
  SAM_SEARCH_INTERVAL_MS,
  SAM_SEARCH_MIN_GAP_MS,
  type SamSearchDecision,
  samSearchDecision,
} from "@sams-web/domain/matching/rules";
import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../../../db/client.ts";
import { AppError } from "../../../platform/http/errors.ts";
import type { MatchingService } from "../service.ts";
import { findSearchState } from "./data.ts";
import { claimDueStandingSearches, dropStandingSearch, scheduleStandingSearch } from "./mutations.ts";

/** How long a claimed standing search waits for its job before another sweep hands it out again. */
export const STANDING_SEARCH_LEASE_MS = 60 * 60 * 1000;
/** People handed to the search queue per sweep (every minute): far above the day's average need. */
export const STANDING_SWEEP_BATCH = 1000;

export interface StandingSearchDeps {
  db: Database;
  /** The search's own entry points, the same steps Begin Search drives. */
  matching: Pick<MatchingService, "preliminaryMatch" | "scoreCandidates">;
  /** Queues one person's search (jobs.ts). */
  enqueue: (userId: string) => Promise<void>;
  log?: Pick<FastifyBaseLogger, "info" | "warn">;
  now: () => number;
}

/**
 * Sam's own searches: a person who is Still Looking has a standing search, run by Sam about once
 * a day at their time of day (when they first became searchable), without anyone pressing Begin
 * Search. Each run is a search like any other: the same gate, the same claim (one at a time, and
 * counted in the daily allowance), the same steps, the same answer to nobody but the person.
 */
export class StandingSearches {
  constructor(private readonly deps: StandingSearchDeps) {}

  /** The sweep: hands every person whose standing search is due to the search queue. */
  async sweep(): Promise<number> {
    const now = new Date(this.deps.now());
    const due = await claimDueStandingSearches(this.deps.db, now, STANDING_SEARCH_LEASE_MS, STANDING_SWEEP_BATCH);
    for (const userId of due) await this.deps.enqueue(userId);
    return due.length;
  }

  /** One person's standing search (the search job): search now, later, or stop. */
  async run(userId: string): Promise<SamSearchDecision> {
    const { db, now } = this.deps;
    const startedAt = now();
    const state = await findSearchState(db, userId);
    if (!state) return "stop";
    const decision = samSearchDecision(state.gate, state.liveMatches, startedAt);
    if (decision === "stop") {
      await dropStandingSearch(db, userId);
      return decision;
    }
    if (decision === "search") await this.search(userId, startedAt);
    // The next one a day after this one, or after the person's own search that made this one early.
    const { searchStarted } = state.gate;
    const recent = searchStarted !== null && startedAt - searchStarted < SAM_SEARCH_MIN_GAP_MS;
    const base = decision === "later" && recent ? searchStarted : startedAt;
    await scheduleStandingSearch(db, userId, new Date(base + SAM_SEARCH_INTERVAL_MS));
    return decision;
  }

  private async search(userId: string, startedAt: number): Promise<void> {
    const { matching } = this.deps;
    try {
      const { candidates } = await matching.preliminaryMatch(userId);
      if (candidates > 0) await matching.scoreCandidates(userId, { bySam: true });
    } catch (error) {
      // The gate or the day's allowance said no (a search by hand took today's last one, say):
      // Sam tries again tomorrow, as he would anyway.
      if (error instanceof AppError) {
        this.deps.log?.info({ userId, reason: error.message }, "Sam's search did not start");
        return;
      }
      // A claimed search that failed part way is finished by the search's own durable job.
      const state = await findSearchState(this.deps.db, userId).catch(() => null);
      if (state?.gate.searchStarted != null && state.gate.searchStarted >= startedAt) {
        this.deps.log?.warn({ err: error, userId }, "Sam's search failed part way; its job will finish it");
        return;
      }
      throw error;
    }
  }
}
