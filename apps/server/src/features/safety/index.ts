import { CONNECTIONS_PATH, MODERATION_QUEUE_PATH } from "@sams-web/domain/safety/contracts";
import { isModerator, type ModerationAction } from "@sams-web/domain/safety/rules";
import { moderationInputSchema, reportInputSchema, safetyPersonInputSchema } from "@sams-web/domain/safety/schemas";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../../platform/http/errors.ts";
import type { SessionUser } from "../../platform/sessions/session-resolver.ts";
import { queuePhotoSweeps } from "../photos/jobs.ts";
import { accountOf, listConnections, moderationQueue } from "./data.ts";
import { suspendedMail } from "./mail.ts";
import { block, moderate, report, unmatch } from "./mutations.ts";
import { createReporterKeys } from "./reporter-keys.ts";

/** What the moderator reads once a decision is recorded. */
const DONE: Record<ModerationAction, string> = {
  dismiss: MESSAGES.moderationDismissed,
  suspend: MESSAGES.moderationSuspended,
  restore: MESSAGES.moderationRestored,
};

/**
 * "Not this person" at any point (unmatch, block, report), the connections a person can still
 * unmatch, and the moderation that acts on reports. Moderators are ADMIN_EMAILS; to anyone else
 * every moderation route answers as if it did not exist.
 */
const safety: FastifyPluginAsync = async (app) => {
  const { db, config, sessions, callables, mailer, auth, bus } = app;
  const reporterKeys = createReporterKeys(auth.options.secret);

  /** Both sides' open tabs drop the other person at once (photo review, pending match, Your web). */
  async function tellBoth(me: string, other: string): Promise<void> {
    await bus.publish(me, { topic: "matches" });
    await bus.publish(other, { topic: "matches" });
  }

  /** The signed-in moderator, or the same 404 an unknown route or callable gets. */
  async function requireModerator(request: FastifyRequest, notFound: AppError): Promise<SessionUser> {
    const user = await sessions.optionalUser(request);
    if (!user || !isModerator(user, config.ADMIN_EMAILS)) throw notFound;
    return user;
  }

  app.get(CONNECTIONS_PATH, async (request) => {
    const user = await sessions.requireUser(request);
    return { connections: await listConnections(db, user.id) };
  });

  app.get(MODERATION_QUEUE_PATH, async (request, reply) => {
    await requireModerator(request, new AppError("NOT_FOUND", "noRoute", `No route for GET ${MODERATION_QUEUE_PATH}`));
    reply.header("cache-control", "no-store");
    return { entries: await moderationQueue(db, config.ADMIN_EMAILS) };
  });

  callables.register("unmatchPerson", {
    input: safetyPersonInputSchema,
    handler: async ({ personId }, { request }) => {
      const user = await sessions.requireUser(request);
      await unmatch(db, user.id, personId);
      await tellBoth(user.id, personId);
      return { message: MESSAGES.unmatched };
    },
  });

  callables.register("blockPerson", {
    input: safetyPersonInputSchema,
    handler: async ({ personId }, { request }) => {
      const user = await sessions.requireUser(request);
      await block(db, user.id, personId);
      await tellBoth(user.id, personId);
      return { message: MESSAGES.blocked };
    },
  });

  callables.register("reportPerson", {
    input: reportInputSchema,
    handler: async ({ personId, reason, text }, { request }) => {
      const user = await sessions.requireUser(request);
      await report(
        db,
        user.id,
        personId,
        { reason, text },
        { now: new Date(), address: request.ip, keys: reporterKeys },
      );
      app.metrics.report(reason);
      await tellBoth(user.id, personId);
      return { message: MESSAGES.reportReceived };
    },
  });

  callables.register("moderatePerson", {
    input: moderationInputSchema,
    handler: async ({ subjectId, action, reason }, { request }) => {
      const moderator = await requireModerator(
        request,
        new AppError("NOT_FOUND", "noSuchCallable", "There is no callable named moderatePerson."),
      );
      const outcome = await moderate(db, moderator.id, subjectId, { action, reason }, new Date(), config.ADMIN_EMAILS);
      if (!outcome.taken) {
        if (outcome.why === "notFound") throw new AppError("NOT_FOUND", "personNotFound");
        throw new AppError(
          "FAILED_PRECONDITION",
          outcome.why === "moderator" ? "moderatorNotSuspended" : "moderationStale",
        );
      }
      app.metrics.moderation(action);
      // The sessions it ended end their event streams too.
      for (const userId of outcome.signedOut) {
        sessions.ended(userId);
        await bus.publish(userId, { topic: "session" });
      }
      // The photo files the closed flags were keeping go (the daily sweep catches a lost one).
      await queuePhotoSweeps(app.jobs, outcome.photoOwners).catch((error: unknown) => {
        app.log.error({ err: error, userId: subjectId }, "could not queue the sweep of flagged photo files");
      });
      if (action === "suspend") {
        const account = await accountOf(db, subjectId);
        // A mail server that is down gets the mail later (the mail platform's retries); the
        // decision stands even if the mail cannot be queued: the log says who was not told.
        if (account) {
          await mailer.send(suspendedMail(account)).catch((error: unknown) => {
            app.log.error({ err: error, userId: subjectId }, "could not send the suspension email");
          });
        }
      }
      return { message: DONE[action] };
    },
  });
};

export const safetyFeature = fp(safety, {
  name: "safety",
  dependencies: ["config", "db", "jobs", "realtime", "sessions", "callables", "mailer", "zod-schemas", "metrics"],
  encapsulate: true,
});
