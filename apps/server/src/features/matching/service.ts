import type { MatchConfirmationOutput, MatchView } from "@sams-web/domain/matching/contracts";
import {
  distanceBand,
  inMatchCooldown,
  type MatchStatus,
  maySetFree,
  PHOTO_VALIDATION_MIN_SCORE,
  searchBlocker,
} from "@sams-web/domain/matching/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import type { FastifyBaseLogger } from "fastify";
import pLimit from "p-limit";
import * as z from "zod";
import type { Database } from "../../db/client.ts";
import { AppError } from "../../platform/http/errors.ts";
import { LlmInvalidOutput } from "../../platform/llm/structured-call.ts";
import type { Mailer } from "../../platform/mail/mailer.ts";
import type { MatchStep, Metrics } from "../../platform/metrics/metrics.ts";
import type { Notices } from "../../platform/notices/notices.ts";
import type { RealtimeBus } from "../../platform/realtime/bus.ts";
import { inSpan } from "../../platform/telemetry/spans.ts";
import { settleFollowupStage } from "../chat/mutations.ts";
import { loadNonNegotiablesOf, NO_NON_NEGOTIABLES } from "../non-negotiables/data.ts";
import {
  countLiveMatches,
  findAges,
  findMatch,
  findNarratives,
  findPreliminaryCandidates,
  findProfile,
  findSearch,
  milesTo,
  zipExists,
} from "./data.ts";
import { introductionMail, mutualMatchMail } from "./mail.ts";
import {
  claimSearch,
  finishSearch,
  insertPair,
  type MatchSide,
  pairFrozen,
  rewriteNarrative,
  saveCandidates,
  TransitionError,
  updatePair,
} from "./mutations.ts";
import type { Narrative, NarrativeWriter } from "./narrative/narrative.ts";
import { type DealbreakerQuestion, type MatchPerson, readPerson } from "./scoring/dealbreakers.ts";
import { explainFit, sharedInterestsWith } from "./scoring/explanation.ts";
import { decidePair, judgePair, type PairDecision, type PairVerdict } from "./scoring/pair-verdict.ts";
import { retrieveTopK } from "./scoring/retrieval.ts";
import type { Scorer } from "./scoring/scorer.ts";

export interface MatchingDeps {
  db: Database;
  bus: RealtimeBus;
  writer: NarrativeWriter;
  scorer: Scorer;
  /** How many of the preliminary candidates the scorer judges. */
  topK: number;
  /** How many pairs are judged at once (a language model answers slowly but in parallel). */
  scoringConcurrency: number;
  /** The mail platform; introductions go out through it (SMTP_URL or the outbox). */
  mailer: Mailer;
  /** Where a person's news is told (email by their choices, Web Push); absent in unit-level tests. */
  notices?: Pick<Notices, "tell">;
  /** The address the product is reached at, for the links in its emails. */
  publicUrl: string;
  /** Where a failure that must not fail the request is reported. */
  log?: Pick<FastifyBaseLogger, "error">;
  now: () => number;
  /** Schedules the durable completion of a search (jobs.ts); absent in unit-level tests. */
  enqueueSearch?: (userId: string) => Promise<void>;
  /** Schedules the durable completion of a follow-up 'answered' (jobs.ts); absent in unit-level tests. */
  enqueueFollowups?: (userId: string, candidateId: string) => Promise<void>;
  /** Told of searches and of the steps match records reach (the metrics and insights count them). */
  metrics?: Pick<Metrics, "searchStarted" | "searchFinished" | "matchStep">;
}

/** The funnel step a match record reaches when it takes a status (the others count as no step). */
const STEP_OF_STATUS: Partial<Record<MatchStatus, MatchStep>> = {
  followupsAnswered: "followupsAnswered",
  photoValidation: "photoReview",
  accepted: "kept",
  connected: "connected",
};

export interface SearchResult {
  photoValidation: number;
  followupsQueued: number;
  no: number;
}

export class MatchingService {
  constructor(private readonly deps: MatchingDeps) {}

  // ── Narrative ──────────────────────────────────────────────────────────────────────────

  async generateNarrative(userId: string): Promise<Narrative> {
    return rewriteNarrative(this.deps.db, this.deps.writer, userId);
  }

  private async narrativesFor(userIds: readonly string[]): Promise<Map<string, Narrative>> {
    const found = await findNarratives(this.deps.db, userIds);
    for (const id of userIds) if (!found.has(id)) found.set(id, await this.generateNarrative(id));
    return found;
  }

  /**
   * People as the matcher judges them: narrative, quick answers, and what Sam read from their
   * dealbreakers. A reading they never confirmed (an interview from before the read-back) is read
   * afresh from their words, and only asks.
   */
  private async peopleFor(userIds: readonly string[]): Promise<Map<string, MatchPerson>> {
    const narratives = await this.narrativesFor(userIds);
    const stored = await loadNonNegotiablesOf(this.deps.db, userIds);
    const ages = await findAges(this.deps.db, userIds, new Date(this.deps.now()));
    const people = new Map<string, MatchPerson>();
    for (const id of userIds) {
      const narrative = narratives.get(id) as Narrative;
      const own = stored.get(id) ?? NO_NON_NEGOTIABLES;
      const age = ages.get(id) ?? null;
      people.set(
        id,
        own.readingConfirmed
          ? { narrative, facts: own.facts, reading: own.reading, readingConfirmed: true, age }
          : { ...readPerson(narrative, own.facts, narrative.dealbreakers, age), readingConfirmed: false },
      );
    }
    return people;
  }

  /**
   * Photo review's "you both love …": filled in for the candidates waiting for review, from both
   * narratives (a narrative missing on either side names nothing).
   */
  async withSharedInterests(userId: string, matches: MatchView[]): Promise<MatchView[]> {
    const reviewed = matches.filter((m) => m.status === "photoValidation");
    if (reviewed.length === 0) return matches;
    const narratives = await findNarratives(this.deps.db, [userId, ...reviewed.map((m) => m.id)]);
    const mine = narratives.get(userId);
    const sharedWith = mine ? sharedInterestsWith(mine) : null;
    return matches.map((m) => {
      const theirs = narratives.get(m.id);
      return m.status === "photoValidation" && sharedWith && theirs ? { ...m, sharedInterests: sharedWith(theirs) } : m;
    });
  }

  // ── Search: gate, claim, preliminary match ─────────────────────────────────────────────

  /** Begin Search gating, enforced here whatever the browser showed. */
  private async assertMaySearch(userId: string): Promise<void> {
    const { db, now } = this.deps;
    const profile = await findProfile(db, userId);
    if (!profile) throw new AppError("NOT_FOUND", "profileNotFound");
    const blocker = searchBlocker(
      {
        verified: profile.verified,
        chatComplete: profile.chatComplete,
        picturesUploaded: profile.picturesUploaded,
        zipCode: profile.zipCode,
        birthday: profile.birthday,
        status: profile.status as "active" | "unavailable",
        searchStarted: profile.searchStarted?.getTime() ?? null,
      },
      await countLiveMatches(db, userId),
      now(),
    );
    if (blocker) throw new AppError("FAILED_PRECONDITION", blocker);
    if (profile.zipCode && !(await zipExists(db, profile.zipCode))) {
      throw new AppError("INVALID_ARGUMENT", "zipNotFound");
    }
  }

  /**
   * Gate, claim (one search at a time, SEARCHES_PER_DAY a day), then the preliminary match. Returns the pool size, which stays on the server: the browser only learns whether
   * anyone was found. The
   * search's durable job is queued as soon as it is claimed, so a search whose request dies at
   * any later step is finished by the job (resumeSearch).
   */
  async preliminaryMatch(userId: string): Promise<{ candidates: number }> {
    const { db, bus, now } = this.deps;
    await this.assertMaySearch(userId);
    const refusal = await claimSearch(db, userId, new Date(now()));
    if (refusal === "inProgress") throw new AppError("FAILED_PRECONDITION", "searchInProgress");
    if (refusal === "dailyLimit") throw new AppError("RESOURCE_EXHAUSTED", "searchDailyLimit");
    this.deps.metrics?.searchStarted();
    await this.deps.enqueueSearch?.(userId);
    await bus.publish(userId, { topic: "search" });
    return { candidates: await this.findCandidates(userId) };
  }

  /** The claimed search's preliminary step; idempotent (only a search still in prelim moves on). */
  private findCandidates(userId: string): Promise<number> {
    return inSpan("search preliminary", {}, async () => {
      const { db, bus } = this.deps;
      await this.narrativesFor([userId]);
      const candidates = await findPreliminaryCandidates(db, userId);
      const startedAt = await saveCandidates(db, userId, candidates);
      // An empty pool ends the search here: nobody.
      if (startedAt && candidates.length === 0) this.searchEnded(startedAt, "nobody");
      await bus.publish(userId, { topic: "search" });
      return candidates.length;
    });
  }

  private searchEnded(startedAt: Date, result: "found" | "nobody"): void {
    this.deps.metrics?.searchFinished(result, Math.max(0, this.deps.now() - startedAt.getTime()) / 1000);
  }

  /** Counts the funnel steps of match records that took these statuses. */
  private countSteps(statuses: readonly MatchStatus[]): void {
    for (const status of statuses) {
      const step = STEP_OF_STATUS[status];
      if (step) this.deps.metrics?.matchStep(step);
    }
  }

  // ── Compatibility: retrieve, then rerank with the scorer ───────────────────────────────

  /** Throws (ZodError) when the scorer's answer is invalid: nothing is stored for the pair. */
  async verdict(person: MatchPerson, candidate: MatchPerson, miles?: number): Promise<PairVerdict> {
    return judgePair(this.deps.scorer, person, candidate, miles);
  }

  /**
   * Scores the top k of the preliminary pool (the triggeredMatchingAlgo callable) and writes both
   * sides of every pair. Idempotent:
   * run again after a crash it judges the same pairs the same way and inserts nothing twice;
   * run after the search finished it returns the stored result.
   */
  scoreCandidates(userId: string, options: { bySam?: boolean } = {}): Promise<SearchResult> {
    return inSpan("search scoring", {}, () => this.scoreChosen(userId, options));
  }

  private async scoreChosen(userId: string, options: { bySam?: boolean }): Promise<SearchResult> {
    const { db, bus, topK } = this.deps;
    const search = await findSearch(db, userId);
    if (!search || search.state === "prelim") throw new AppError("FAILED_PRECONDITION", "searchFailed");
    if (search.state === "done") return search.result ?? { photoValidation: 0, followupsQueued: 0, no: 0 };

    const narratives = await this.narrativesFor([userId, ...search.candidateIds]);
    const pool = search.candidateIds.map((id) => ({ id, narrative: narratives.get(id) as Narrative }));
    const chosen = retrieveTopK(narratives.get(userId) as Narrative, pool, topK);
    const people = await this.peopleFor([userId, ...chosen]);
    const person = people.get(userId) as MatchPerson;

    const result: SearchResult = { photoValidation: 0, followupsQueued: 0, no: 0 };
    const written: (readonly [MatchSide, MatchSide])[] = [];
    const miles = await milesTo(db, userId, chosen);
    await forEachLimited(chosen, this.deps.scoringConcurrency, async (candidateId) => {
      let verdict: PairVerdict;
      try {
        verdict = await this.verdict(person, people.get(candidateId) as MatchPerson, miles.get(candidateId));
      } catch (error) {
        // An invalid answer, caught by the scorer's own schema or by ours: nothing is stored.
        if (error instanceof z.ZodError || error instanceof LlmInvalidOutput) return;
        throw error;
      }
      const decision = decidePair(verdict);
      result[decision.status] += 1;
      const sides = pairSides(userId, candidateId, decision, {
        score: verdict.score,
        reason: explainFit(verdict, person.narrative, (people.get(candidateId) as MatchPerson).narrative),
        distanceBandMiles: distanceBand(miles.get(candidateId) ?? Number.POSITIVE_INFINITY),
      });
      if (!(await insertPair(db, sides))) return;
      // Found: each side Sam puts forward (to follow-ups or photo review), not a pair it ruled out.
      this.deps.metrics?.matchStep("found", sides.filter((side) => side.status !== "no").length);
      this.countSteps(sides.map((side) => side.status).filter((status) => status === "photoValidation"));
      written.push(sides);
      // Each pair is announced as soon as it is written, so the person's chat shows a candidate's
      // follow-ups or photos while the rest are still being scored. Only a pair the person will
      // see is announced to them: an event per pair set aside would count the candidates judged.
      if (sides[0].status !== "no") await bus.publish(userId, { topic: "matches" });
      await bus.publish(candidateId, { topic: "matches" });
      // The other side did not watch this search: they are told now, not when the last pair is
      // judged (a model can take minutes over a whole search).
      if (waitsOn(sides[1])) await this.tell({ userId: candidateId, kind: "newPeople", aboutId: userId });
    });
    const startedAt = await finishSearch(db, userId, result);
    if (startedAt)
      this.searchEnded(startedAt, result.photoValidation + result.followupsQueued > 0 ? "found" : "nobody");
    await bus.publish(userId, { topic: "matches" });
    await bus.publish(userId, { topic: "search" });
    // When Sam searched for them, the searcher did not watch either: told once the search is
    // over, of everyone it found.
    if (options.bySam) {
      for (const [mine] of written) {
        if (waitsOn(mine)) await this.tell({ userId, kind: "newPeople", aboutId: mine.candidateId });
      }
    }
    return result;
  }

  private async tell(notice: Parameters<Notices["tell"]>[0]): Promise<void> {
    await this.deps.notices?.tell(notice);
  }

  /**
   * The search job: finishes a claimed search from whichever step it stopped at (a request that
   * died with its server); a finished search is left as it is.
   */
  async resumeSearch(userId: string): Promise<void> {
    if ((await findSearch(this.deps.db, userId))?.state === "prelim") await this.findCandidates(userId);
    if ((await findSearch(this.deps.db, userId))?.state === "scoring") await this.scoreCandidates(userId);
  }

  // ── Photo review, follow-ups, confirmation ─────────────────────────────────────────────

  private async change(
    userId: string,
    candidateId: string,
    apply: Parameters<typeof updatePair>[3],
    options?: Parameters<typeof updatePair>[4],
  ) {
    try {
      const updated = await updatePair(this.deps.db, userId, candidateId, apply, options);
      if (!updated) throw new AppError("NOT_FOUND", "matchNotFound");
      this.countSteps(updated.steps);
      await this.deps.bus.publish(userId, { topic: "matches" });
      await this.deps.bus.publish(candidateId, { topic: "matches" });
      return updated;
    } catch (error) {
      if (error instanceof TransitionError) {
        throw new AppError("FAILED_PRECONDITION", "matchTransitionRefused");
      }
      throw error;
    }
  }

  /**
   * 'Set free' ends the pair for both, from photo review or later, until they are connected (the
   * pending match page offers it too). 'Keep in your web' waits for the other; when both kept each
   * other, both records become matchPending and each person gets one email saying a pending match
   * waits (the move to matchPending happens once, under the pair's lock, so the email does too).
   */
  async photoAction(userId: string, candidateId: string, action: "declined" | "accepted"): Promise<void> {
    let mutual = false;
    await this.change(userId, candidateId, async (mine, theirs) => {
      if (action === "declined") {
        if (!maySetFree(mine.status as MatchStatus)) throw new TransitionError(`${mine.status} → no`);
        return { mine: { path: ["no"] }, theirs: theirs && theirs.status !== "no" ? { path: ["no"] } : undefined };
      }
      if (mine.status !== "photoValidation") throw new TransitionError(`${mine.status} → ${action}`);
      if (theirs?.status === "accepted") {
        mutual = true;
        return { mine: { path: ["accepted", "matchPending"] }, theirs: { path: ["matchPending"] } };
      }
      return { mine: { path: ["accepted"] } };
    });
    if (mutual) await this.tellOfPendingMatch([userId, candidateId]);
  }

  /**
   * 'Someone kept you in their web', to each person: an email (unless they turned that kind off)
   * and a push. A mail server that is down gets it later (the mail platform's retries); news that
   * cannot even be queued is logged, never undoes the match.
   */
  private async tellOfPendingMatch(userIds: readonly [string, string]): Promise<void> {
    for (const [id, otherId] of [userIds, [userIds[1], userIds[0]] as const]) {
      const person = await findProfile(this.deps.db, id);
      if (!person) continue;
      const mail = mutualMatchMail({ name: person.displayName, email: person.email }, this.deps.publicUrl);
      if (this.deps.notices) {
        await this.tell({ userId: id, kind: "keptYou", aboutId: otherId, mail });
        continue;
      }
      try {
        await this.deps.mailer.send(mail);
      } catch (error) {
        this.deps.log?.error({ err: error }, "the pending-match email could not be sent");
      }
    }
  }

  /**
   * The person answered every follow-up question about this candidate ('answered'). Their
   * narrative is rewritten with the answers; once both sides have answered, the pair is scored
   * again and goes to photo review or ends. The step's durable job is queued first, so an
   * 'answered' whose request dies with the server is finished by the job (resumeFollowups).
   */
  async followupsAnswered(userId: string, candidateId: string): Promise<void> {
    const existing = await findMatch(this.deps.db, userId, candidateId);
    if (!existing) throw new AppError("NOT_FOUND", "matchNotFound");
    if (existing.status === "followupsAnswered") {
      // Already done (or nothing was asked of this person): only the stage may still need to move.
      await this.settleStage(userId);
      return;
    }
    if (existing.status !== "followupsQueued") throw new AppError("FAILED_PRECONDITION", "matchTransitionRefused");
    // Questions only ever leave the list, so this check cannot go stale before the change below.
    if (existing.followupQuestions.length > 0) throw new AppError("FAILED_PRECONDITION", "followupsRemain");
    await this.deps.enqueueFollowups?.(userId, candidateId);
    await this.completeFollowups(userId, candidateId);
  }

  /** The follow-up job's step: finishes an 'answered' left half-done; otherwise a no-op. */
  async resumeFollowups(userId: string, candidateId: string): Promise<void> {
    const match = await findMatch(this.deps.db, userId, candidateId);
    if (match?.status === "followupsQueued" && match.followupQuestions.length === 0) {
      await this.completeFollowups(userId, candidateId);
    } else {
      await this.settleStage(userId);
    }
  }

  private async completeFollowups(userId: string, candidateId: string): Promise<void> {
    await this.generateNarrative(userId);
    const pair = await this.peopleFor([userId, candidateId]);
    const person = pair.get(userId) as MatchPerson;
    const candidate = pair.get(candidateId) as MatchPerson;
    const verdict = await this.verdict(person, candidate);
    const reason = explainFit(verdict, person.narrative, candidate.narrative);
    let photosForThem = false;
    await this.change(userId, candidateId, async (mine, theirs, people) => {
      if (mine.status === "followupsAnswered") return {};
      if (mine.status !== "followupsQueued") throw new TransitionError(`${mine.status} → followupsAnswered`);
      // A frozen pair (someone suspended or hidden) finishes its questions but goes no further.
      if (theirs?.status !== "followupsAnswered" || pairFrozen(people)) {
        return { mine: { path: ["followupsAnswered"], followupQuestions: [] } };
      }
      const next: MatchStatus =
        !verdict.conflict && verdict.score >= PHOTO_VALIDATION_MIN_SCORE ? "photoValidation" : "no";
      photosForThem = next === "photoValidation";
      return {
        mine: { path: ["followupsAnswered", next], followupQuestions: [], score: verdict.score, reason },
        theirs: { path: [next], score: verdict.score, reason },
      };
    });
    // The other person answered earlier and left: their photos to review wait for them now.
    if (photosForThem) await this.tell({ userId: candidateId, kind: "newPeople", aboutId: userId });
    // This answer's narrative rewrite above is the regeneration the last one calls for.
    await this.settleStage(userId);
  }

  /** 'When no followupsQueued matches remain, the stage becomes followupsAnswered.' */
  private async settleStage(userId: string): Promise<void> {
    if (await settleFollowupStage(this.deps.db, userId)) await this.deps.bus.publish(userId, { topic: "profile" });
  }

  /**
   * 'Confirm and Connect'. The pending-match rules apply (an active profile, no accepted match in the last 30 days); when the other side
   * has confirmed too, both are connected, matchAccepted starts both cool-downs, and each gets an
   * email introducing the other.
   *
   * A person connects at most once per cool-down, however many confirmations arrive at once:
   * the rules are checked again with both profiles locked (updatePair's lockProfiles), and a
   * confirmation whose other side has connected with someone else since is not eligible.
   */
  async confirm(userId: string, candidateId: string): Promise<MatchConfirmationOutput> {
    const { db, now } = this.deps;
    const profile = await findProfile(db, userId);
    if (!profile) throw new AppError("NOT_FOUND", "profileNotFound");
    const mayConfirm = (person: typeof profile) => {
      if (person.status !== "active") throw new AppError("FAILED_PRECONDITION", "profileNotActive");
      if (inMatchCooldown(person.matchAccepted?.getTime() ?? null, now()))
        throw new AppError("FAILED_PRECONDITION", "matchCooldown");
    };
    mayConfirm(profile);
    let connected = false;
    await this.change(
      userId,
      candidateId,
      async (mine, theirs, people) => {
        const me = people.get(userId);
        if (!me) throw new AppError("NOT_FOUND", "profileNotFound");
        mayConfirm(me);
        if (mine.status !== "matchPending") throw new AppError("FAILED_PRECONDITION", "noEligibleMatches");
        if (theirs?.status === "confirmed") {
          const them = people.get(candidateId);
          // They connected with someone else since confirming this one: not eligible now.
          if (them && inMatchCooldown(them.matchAccepted?.getTime() ?? null, now())) {
            throw new AppError("FAILED_PRECONDITION", "noEligibleMatches");
          }
          connected = true;
          return { mine: { path: ["confirmed", "connected"] }, theirs: { path: ["connected"] }, connected: true };
        }
        return { mine: { path: ["confirmed"] } };
      },
      { lockProfiles: true },
    );
    if (!connected) return { message: MESSAGES.matchConfirmedWaiting, connected: false };
    const other = await findProfile(db, candidateId);
    if (other) {
      const me = { name: profile.displayName, email: profile.email };
      const them = { name: other.displayName, email: other.email };
      await this.deps.mailer.send(introductionMail({ to: me, other: them }));
      await this.deps.mailer.send(introductionMail({ to: them, other: me }));
    }
    await this.deps.bus.publish(userId, { topic: "profile" });
    await this.deps.bus.publish(candidateId, { topic: "profile" });
    // The other confirmed earlier and is likely away: a push says the introduction is on its way.
    await this.tell({ userId: candidateId, kind: "connected", aboutId: userId });
    return { message: MESSAGES.matchConnected, connected: true };
  }
}

/** Whether a freshly written side has something for its owner to do: questions, or photos. */
function waitsOn(side: MatchSide): boolean {
  return (side.status === "followupsQueued" && side.followupQuestions.length > 0) || side.status === "photoValidation";
}

/**
 * Both records of a freshly scored pair. Follow-up questions go to the person whose side was
 * unclear; a side with nothing to answer waits as followupsAnswered.
 */
function pairSides(
  userId: string,
  candidateId: string,
  decision: PairDecision,
  shared: Pick<MatchSide, "score" | "reason" | "distanceBandMiles">,
): [MatchSide, MatchSide] {
  const side = (
    owner: string,
    other: string,
    followupQuestions: string[],
    limitQuestions: DealbreakerQuestion[],
  ): MatchSide => ({
    userId: owner,
    candidateId: other,
    status:
      decision.status === "followupsQueued" && followupQuestions.length === 0 ? "followupsAnswered" : decision.status,
    ...shared,
    followupQuestions,
    limitQuestions,
  });
  return [
    side(userId, candidateId, decision.questionsForPerson, decision.limitsForPerson),
    side(candidateId, userId, decision.questionsForCandidate, decision.limitsForCandidate),
  ];
}

/**
 * Runs `task` over `items`, at most `limit` at a time (p-limit). After a failure no further item
 * does any work, and the items already running are awaited before the first error is thrown, so
 * nothing of this step writes after it has returned.
 */
async function forEachLimited<T>(items: readonly T[], limit: number, task: (item: T) => Promise<void>): Promise<void> {
  const queue = pLimit(limit);
  let failure: { error: unknown } | undefined;
  await Promise.all(
    items.map((item) =>
      queue(async () => {
        if (failure) return;
        try {
          await task(item);
        } catch (error) {
          failure ??= { error };
        }
      }),
    ),
  );
  if (failure) throw failure.error;
}
