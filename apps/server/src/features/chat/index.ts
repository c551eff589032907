import { CURRENT_CONVERSATION_PATH, IMPORT_CONVERSATION_PATH } from "@sams-web/domain/chat/contracts";
import { callSamApiInputSchema, importConversationInputSchema } from "@sams-web/domain/chat/schemas";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { optionalJsonBody } from "../../platform/http/zod-schemas.ts";
import { createBrain } from "./brain/create-brain.ts";
import { createGuestSigner } from "./guest-signature.ts";
import { chatRateLimits, ReplyLock } from "./limits.ts";
import { currentConversationResponseSchema, importConversationResponseSchema } from "./schemas.ts";
import { createChatService } from "./service.ts";

/** A whole guest history of the longest allowed size fits in this. */
const IMPORT_BODY_LIMIT = 2 * 1_048_576;

/** Sam's interview: callSamApi, the signed-in person's conversation, and the guest transfer. */
const chat: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, bus, callables, sessions, config, botcheck, auth, metrics } = app;
  const guestSigner = createGuestSigner(auth.options.secret);
  const service = createChatService({
    db,
    bus,
    brain: createBrain(config, metrics.modelCall),
    log: app.log,
    guestSigner,
    onInterviewCompleted: metrics.interviewCompleted,
  });
  const replyLock = new ReplyLock();
  const checkRates = chatRateLimits(
    app,
    {
      perMinute: config.CHAT_MESSAGES_PER_MINUTE,
      perDay: config.CHAT_MESSAGES_PER_DAY,
      ipPerMinute: config.CHAT_IP_MESSAGES_PER_MINUTE,
      ipPerDay: config.CHAT_IP_MESSAGES_PER_DAY,
    },
    async (request) => (await sessions.optionalUser(request))?.id ?? null,
  );

  callables.register("callSamApi", {
    input: callSamApiInputSchema,
    handler: async (data, { request, streamText }) => {
      const user = await sessions.optionalUser(request);
      // A guest is anyone with a browser: each guest message carries a solved proof of work.
      if (!user) await botcheck.require(request);
      const release = replyLock.acquire(user?.id ?? null, request.ip);
      try {
        await checkRates(request);
        // A model's reply is passed on as it is written, so Sam starts typing on its first words.
        let sent = 0;
        const onDraft = streamText
          ? (textSoFar: string) => {
              streamText(textSoFar.slice(sent));
              sent = textSoFar.length;
            }
          : undefined;
        return await service.reply(user?.id ?? null, data, onDraft);
      } finally {
        release();
      }
    },
  });

  app.get(
    CURRENT_CONVERSATION_PATH,
    { schema: { response: { 200: currentConversationResponseSchema } } },
    async (request) => {
      const user = await sessions.requireUser(request);
      return service.current(user.id);
    },
  );

  app.post(
    IMPORT_CONVERSATION_PATH,
    {
      bodyLimit: IMPORT_BODY_LIMIT,
      config: { rateLimit: { max: 10, timeWindow: "1 minute" } },
      preValidation: sessions.signedIn,
      schema: {
        body: optionalJsonBody(importConversationInputSchema),
        response: { 200: importConversationResponseSchema },
      },
    },
    async (request) => {
      const user = await sessions.requireUser(request);
      return service.importGuest(user.id, request.body);
    },
  );
};

export const chatFeature = fp(chat, {
  name: "chat",
  dependencies: [
    "config",
    "db",
    "realtime",
    "sessions",
    "botcheck",
    "callables",
    "rate-limit",
    "zod-schemas",
    "metrics",
  ],
  encapsulate: true,
});
