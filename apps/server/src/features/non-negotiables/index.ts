import {
  NON_NEGOTIABLES_PATH,
  type NonNegotiablesResponse,
  type ReadingItem,
} from "@sams-web/domain/non-negotiables/contracts";
import { factsSchema, nonNegotiablesUpdateSchema, readingSchema } from "@sams-web/domain/non-negotiables/schemas";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod";
import { optionalJsonBody } from "../../platform/http/zod-schemas.ts";
import { loadNonNegotiables, type StoredNonNegotiables } from "./data.ts";
import { changeNonNegotiables } from "./mutations.ts";

const responseSchema = z.object({
  facts: factsSchema,
  reading: readingSchema,
  pending: readingSchema.nullable(),
}) satisfies z.ZodType<NonNegotiablesResponse>;

function toResponse(stored: StoredNonNegotiables): NonNegotiablesResponse {
  return { facts: stored.facts, reading: stored.reading, pending: stored.pending };
}

/**
 * Settings' "Non-negotiables": the signed-in person reads their quick questions' answers and what
 * Sam read from their words, changes the answers and takes readings out. Nobody else's are ever
 * read or written here: the person is the session's.
 */
const nonNegotiablesRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, bus, sessions } = app;

  app.get(NON_NEGOTIABLES_PATH, { schema: { response: { 200: responseSchema } } }, async (request, reply) => {
    const user = await sessions.requireUser(request);
    reply.header("cache-control", "no-store");
    return toResponse(await loadNonNegotiables(db, user.id));
  });

  app.put(
    NON_NEGOTIABLES_PATH,
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      preValidation: sessions.signedIn,
      schema: { body: optionalJsonBody(nonNegotiablesUpdateSchema), response: { 200: responseSchema } },
    },
    async (request, reply) => {
      const user = await sessions.requireUser(request);
      const removed = new Set(request.body.removed ?? []);
      const keep = (items: ReadingItem[]) => items.filter((item) => !removed.has(item.id));
      const saved = await changeNonNegotiables(db, user.id, (current) => ({
        ...current,
        facts: request.body.facts,
        reading: removed.size > 0 ? keep(current.reading) : current.reading,
      }));
      await bus.publish(user.id, { topic: "profile" });
      reply.header("cache-control", "no-store");
      return toResponse(saved);
    },
  );
};

export const nonNegotiablesFeature = fp(nonNegotiablesRoutes, {
  name: "non-negotiables",
  dependencies: ["db", "realtime", "sessions", "rate-limit", "zod-schemas"],
  encapsulate: true,
});
