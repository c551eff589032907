import { STORY_CORRECTIONS_PATH, STORY_INTRO_PATH, STORY_PATH } from "@sams-web/domain/story/contracts";
import { STORY_CORRECTIONS_PER_HOUR } from "@sams-web/domain/story/rules";
import { storyCorrectionInputSchema, storyIntroInputSchema } from "@sams-web/domain/story/schemas";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { matchingModels } from "../matching/models.ts";
import { storyResponseSchema } from "./schemas.ts";
import { createStoryService } from "./service.ts";

/**
 * "Your story": the person's own narrative, their corrections, and "About me in Sam's words".
 * Every route reads and writes the signed-in person's own story only.
 */
const story: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, bus, config, sessions, dataExport } = app;
  const service = createStoryService({ db, bus, writer: matchingModels(config).writer, now: () => new Date() });
  dataExport.add((userId) => service.exportEntries(userId));
  const response = { 200: storyResponseSchema };
  const noStore = { "cache-control": "no-store" };

  app.get(STORY_PATH, { schema: { response } }, async (request, reply) => {
    const user = await sessions.requireUser(request);
    reply.headers(noStore);
    return service.view(user.id);
  });

  app.post(
    STORY_CORRECTIONS_PATH,
    {
      // Each correction rewrites the whole narrative (a model call when one is configured).
      config: { rateLimit: { max: STORY_CORRECTIONS_PER_HOUR, timeWindow: "1 hour" } },
      preValidation: sessions.signedIn,
      schema: { body: storyCorrectionInputSchema, response },
    },
    async (request, reply) => {
      const user = await sessions.requireUser(request);
      reply.headers(noStore);
      return service.correct(user.id, request.body.section, request.body.text);
    },
  );

  app.put(
    STORY_INTRO_PATH,
    {
      config: { rateLimit: { max: 60, timeWindow: "1 hour" } },
      preValidation: sessions.signedIn,
      schema: { body: storyIntroInputSchema, response },
    },
    async (request, reply) => {
      const user = await sessions.requireUser(request);
      reply.headers(noStore);
      return service.approve(user.id, request.body.text);
    },
  );

  app.delete(STORY_INTRO_PATH, { schema: { response } }, async (request, reply) => {
    const user = await sessions.requireUser(request);
    reply.headers(noStore);
    return service.withdraw(user.id);
  });
};

export const storyFeature = fp(story, {
  name: "story",
  dependencies: ["config", "db", "realtime", "sessions", "data-export", "rate-limit", "zod-schemas"],
  encapsulate: true,
});
