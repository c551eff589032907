import { ANALYTICS_EVENTS_PATH } from "@sams-web/domain/consent/contracts";
import { analyticsEnabled, isExpired } from "@sams-web/domain/consent/rules";
import { analyticsEventSchema, cookiePreferencesSchema } from "@sams-web/domain/consent/schemas";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import { AppError } from "../../platform/http/errors.ts";
import { requiredJsonBody } from "../../platform/http/zod-schemas.ts";
import { getPrivacySettings } from "../consent/data.ts";
import { insertAnalyticsEvent } from "./mutations.ts";
import { createVisitorHasher } from "./visitor-hash.ts";

/**
 * First-party analytics, collected only with the visitor's consent. An event is stored only when
 * the browser says analytics consent is on and, for a signed-in person, their stored choice
 * agrees: a stale tab cannot collect after opting out.
 */
const analytics: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, sessions } = app;
  const hashVisitor = createVisitorHasher(db);

  app.post(
    ANALYTICS_EVENTS_PATH,
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { body: requiredJsonBody(analyticsEventSchema) },
    },
    async (request, reply) => {
      const event = request.body;
      if (!event.consent.analytics) throw new AppError("PERMISSION_DENIED", "analyticsConsentMissing");
      const user = await sessions.optionalUser(request);
      if (user) {
        const stored = cookiePreferencesSchema.safeParse(await getPrivacySettings(db, user.id));
        const now = Date.now();
        const allowed = stored.success && !isExpired(stored.data, now) && analyticsEnabled(stored.data);
        if (!allowed) throw new AppError("PERMISSION_DENIED", "analyticsConsentMissing");
      }
      const now = new Date();
      await insertAnalyticsEvent(db, {
        name: event.name,
        path: event.path,
        visitorHash: await hashVisitor(request.ip, String(request.headers["user-agent"] ?? ""), now),
      });
      return reply.code(204).send();
    },
  );
};

export const analyticsFeature = fp(analytics, {
  name: "analytics",
  dependencies: ["db", "sessions", "rate-limit", "zod-schemas"],
  encapsulate: true,
});
