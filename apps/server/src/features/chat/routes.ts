import { CURRENT_CONVERSATION_PATH, IMPORT_CONVERSATION_PATH } from "@sams-web/domain/chat-api";
import { callSamApiInputSchema, importConversationInputSchema } from "@sams-web/domain/chat-contracts";
import type { FeatureContext } from "../../app.ts";
import type { Brain } from "../../platform/llm/brain.ts";
import { createBrain } from "../../platform/llm/create-brain.ts";
import { createGuestSigner } from "./guest-signature.ts";
import { ChatLimiter } from "./limits.ts";
import { createChatService } from "./service.ts";

/** A whole guest history of the longest allowed size fits in this. */
const IMPORT_BODY_LIMIT = 2 * 1_048_576;

/** Sam's interview: callSamApi, the signed-in person's conversation, and the guest transfer. */
export function registerChatRoutes(context: FeatureContext, brain: Brain = createBrain(context.config)): void {
  const { app, db, bus, callables, sessions, config, botcheck, auth } = context;
  const guestSigner = createGuestSigner(auth.options.secret);
  const service = createChatService({ db, bus, brain, log: app.log, guestSigner });
  const limiter = new ChatLimiter({
    perMinute: config.CHAT_MESSAGES_PER_MINUTE,
    perDay: config.CHAT_MESSAGES_PER_DAY,
    ipPerMinute: config.CHAT_IP_MESSAGES_PER_MINUTE,
    ipPerDay: config.CHAT_IP_MESSAGES_PER_DAY,
  });

  callables.register("callSamApi", {
    input: callSamApiInputSchema,
    handler: async (data, { request }) => {
      const user = await sessions.optionalUser(request);
      // A guest is anyone with a browser: each guest message carries a solved proof of work.
      if (!user) await botcheck.require(request);
      const release = limiter.acquire(user?.id ?? null, request.ip);
      try {
        return await service.reply(user?.id ?? null, data);
      } finally {
        release();
      }
    },
  });

  app.get(CURRENT_CONVERSATION_PATH, async (request) => {
    const user = await sessions.requireUser(request);
    return service.current(user.id);
  });

  app.post(
    IMPORT_CONVERSATION_PATH,
    { bodyLimit: IMPORT_BODY_LIMIT, config: { rateLimit: { max: 10, timeWindow: "1 minute" } } },
    async (request) => {
      const user = await sessions.requireUser(request);
      const input = importConversationInputSchema.parse(request.body ?? {});
      return service.importGuest(user.id, input);
    },
  );
}
