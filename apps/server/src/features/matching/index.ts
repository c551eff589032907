import { MATCH_OUTCOMES_PATH, MATCHES_PATH, PENDING_MATCH_PATH } from "@sams-web/domain/matching/contracts";
import { pendingMatchRule, SEARCHES_PER_DAY } from "@sams-web/domain/matching/rules";
import {
  followupsMatchInputSchema,
  matchConfirmationInputSchema,
  photoMatchInputSchema,
  recordMatchOutcomeInputSchema,
  searchStepInputSchema,
} from "@sams-web/domain/matching/schemas";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../platform/http/errors.ts";
import { findProfile, findSearch, listMatchesFor } from "./data.ts";
import { matchingEnqueuers, registerMatchingJobs, registerOutcomeJobs } from "./jobs.ts";
import { matchingModels } from "./models.ts";
import { createOutcomeSigner } from "./outcomes/outcome-links.ts";
import { OutcomeService } from "./outcomes/service.ts";
import { matchesResponseSchema, matchOutcomesResponseSchema, pendingMatchResponseSchema } from "./schemas.ts";
import { MatchingService } from "./service.ts";
import { queueSamSearch, registerSamSearchJobs } from "./standing/jobs.ts";
import { StandingSearches } from "./standing/service.ts";

/**
 * Matches as the person sees them, the pending match, the search steps the browser drives, and
 * what happened after a connection (Sam's question and its answer links).
 */
const matching: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, bus, config, sessions, callables, mailer, jobs, auth, metrics, notices } = app;
  const service = new MatchingService({
    db,
    bus,
    ...matchingModels(config, metrics.modelCall),
    topK: config.MATCHING_TOP_K,
    scoringConcurrency: config.MATCHING_SCORER_CONCURRENCY,
    mailer,
    notices,
    publicUrl: config.publicUrl,
    log: app.log,
    now: Date.now,
    ...matchingEnqueuers(jobs, config.MATCHING_RESUME_AFTER_SECONDS),
    metrics,
  });
  await registerMatchingJobs(jobs, service);
  const standing = new StandingSearches({
    db,
    matching: service,
    enqueue: (userId) => queueSamSearch(jobs, userId),
    log: app.log,
    now: Date.now,
  });
  await registerSamSearchJobs(jobs, standing);
  const outcomes = new OutcomeService({
    db,
    bus,
    mailer,
    notices,
    publicUrl: config.publicUrl,
    signer: createOutcomeSigner(auth.options.secret),
    log: app.log,
    now: Date.now,
  });
  await registerOutcomeJobs(jobs, outcomes);

  app.get(MATCHES_PATH, { schema: { response: { 200: matchesResponseSchema } } }, async (request) => {
    const user = await sessions.requireUser(request);
    return { matches: await service.withSharedInterests(user.id, await listMatchesFor(db, user.id)) };
  });

  app.get(PENDING_MATCH_PATH, { schema: { response: { 200: pendingMatchResponseSchema } } }, async (request) => {
    const user = await sessions.requireUser(request);
    const profile = await findProfile(db, user.id);
    if (!profile) throw new AppError("NOT_FOUND", "profileNotFound");
    const decision = pendingMatchRule(
      {
        status: profile.status === "active" ? "active" : "unavailable",
        matchAccepted: profile.matchAccepted?.getTime() ?? null,
      },
      await listMatchesFor(db, user.id),
      Date.now(),
    );
    if (decision.kind !== "match") {
      return { match: null, message: MESSAGES[decision.message], code: decision.message };
    }
    const { id, score, firstName, age, distanceBandMiles, reason, photos } = decision.match;
    return {
      match: { id, score, firstName, age, distanceBandMiles, reason, photo: photos[0] ?? null },
      message: null,
      code: null,
    };
  });

  app.get(MATCH_OUTCOMES_PATH, { schema: { response: { 200: matchOutcomesResponseSchema } } }, async (request) => {
    const user = await sessions.requireUser(request);
    return { questions: await outcomes.openQuestions(user.id) };
  });

  // An answer link works with no sign-in: its signed token says who answers, about whom, and what.
  callables.register("recordMatchOutcome", {
    input: recordMatchOutcomeInputSchema,
    handler: async ({ token }) => outcomes.record(token),
  });

  // Results never carry a count, nor a candidate's id, words or email.
  callables.register("triggeredGenerateNarrative", {
    input: searchStepInputSchema,
    handler: async (_data, { request }) => {
      const user = await sessions.requireUser(request);
      await service.generateNarrative(user.id);
      return { ok: true };
    },
  });

  // A search answers only whether someone was found, never how many: counts, stepped through
  // ZIP codes, radii or birthdays, would locate a stranger or reveal their age.
  callables.register("triggeredPrelimMatch", {
    input: searchStepInputSchema,
    handler: async (_data, { request }) => {
      const user = await sessions.requireUser(request);
      const { candidates } = await service.preliminaryMatch(user.id);
      // The person's own count, so an empty last search does not suggest trying again today.
      const search = await findSearch(db, user.id);
      const today = new Date().toISOString().slice(0, 10);
      const used = search?.searchesDay === today ? search.searchesThatDay : 0;
      return { found: candidates > 0, searchesLeftToday: Math.max(0, SEARCHES_PER_DAY - used) };
    },
  });

  callables.register("triggeredMatchingAlgo", {
    input: searchStepInputSchema,
    handler: async (_data, { request }) => {
      const result = await service.scoreCandidates((await sessions.requireUser(request)).id);
      // Queued candidates also lead to Sam: the follow-up questions come first, then the photos.
      return { found: result.photoValidation + result.followupsQueued > 0 };
    },
  });

  callables.register("triggeredPhotoMatch", {
    input: photoMatchInputSchema,
    handler: async ({ matchUid: candidateId, action }, { request }) => {
      const user = await sessions.requireUser(request);
      await service.photoAction(user.id, candidateId, action);
      return { ok: true };
    },
  });

  callables.register("triggeredFollowupsMatch", {
    input: followupsMatchInputSchema,
    handler: async ({ matchUid: candidateId }, { request }) => {
      const user = await sessions.requireUser(request);
      await service.followupsAnswered(user.id, candidateId);
      return { ok: true };
    },
  });

  callables.register("triggeredMatchConfirmation", {
    input: matchConfirmationInputSchema,
    handler: async ({ matchId: candidateId }, { request }) =>
      service.confirm((await sessions.requireUser(request)).id, candidateId),
  });
};

export const matchingFeature = fp(matching, {
  name: "matching",
  dependencies: [
    "config",
    "db",
    "realtime",
    "sessions",
    "callables",
    "mailer",
    "jobs",
    "zod-schemas",
    "metrics",
    "notices",
  ],
  encapsulate: true,
});
