import { YOUR_WEB_PATH } from "@sams-web/domain/matching/contracts";
import { matchMomentSeenInputSchema } from "@sams-web/domain/matching/schemas";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../platform/http/errors.ts";
import { findMe, listWebRows } from "./data.ts";
import { markMomentSeen } from "./mutations.ts";
import { yourWebResponseSchema } from "./schemas.ts";
import { yourWebOf } from "./service.ts";

/**
 * "Your web": everyone Sam is talking to the person about and where each stands, and the moment
 * that follows a connection. Each person reads only their own side of their own pairs.
 */
const yourWeb: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, bus, sessions, callables } = app;

  app.get(YOUR_WEB_PATH, { schema: { response: { 200: yourWebResponseSchema } } }, async (request, reply) => {
    const user = await sessions.requireUser(request);
    const me = await findMe(db, user.id);
    if (!me) throw new AppError("NOT_FOUND", "profileNotFound");
    // Holds another person's email address once connected: never kept by a shared cache.
    reply.header("cache-control", "no-store");
    return yourWebOf(me, await listWebRows(db, user.id));
  });

  callables.register("matchMomentSeen", {
    input: matchMomentSeenInputSchema,
    handler: async ({ matchId }, { request }) => {
      const user = await sessions.requireUser(request);
      // Seen already, or not a connection of theirs: nothing to record, and nothing said about it.
      if (await markMomentSeen(db, user.id, matchId, new Date())) await bus.publish(user.id, { topic: "matches" });
      return { ok: true };
    },
  });
};

export const yourWebFeature = fp(yourWeb, {
  name: "your-web",
  dependencies: ["db", "realtime", "sessions", "callables", "zod-schemas"],
  encapsulate: true,
});
