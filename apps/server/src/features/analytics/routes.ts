import { ANALYTICS_EVENTS_PATH } from "@sams-web/domain/consent/contracts";
import { analyticsEnabled, isExpired } from "@sams-web/domain/consent/rules";
import { analyticsEventSchema, cookiePreferencesSchema } from "@sams-web/domain/consent/schemas";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import type { FeatureContext } from "../../app.ts";
import { AppError } from "../../platform/http/errors.ts";
import { getPrivacySettings } from "../consent/data.ts";
import { insertAnalyticsEvent } from "./mutations.ts";
import { createVisitorHasher } from "./visitor-hash.ts";

/**
 * First-party analytics (SPEC.md section 7: "Analytics collection is switched on or off according
 * to consent"). An event is stored only when the browser says analytics consent is on and, for a
 * signed-in person, their stored choice agrees: a stale tab cannot collect after opting out.
 */
export function registerAnalyticsRoutes({ app, db, sessions }: FeatureContext): void {
  const hashVisitor = createVisitorHasher();

  app.post(
    ANALYTICS_EVENTS_PATH,
    { config: { rateLimit: { max: 120, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const event = analyticsEventSchema.parse(request.body);
      if (!event.consent.analytics) throw new AppError("PERMISSION_DENIED", MESSAGES.analyticsConsentMissing);
      const user = await sessions.optionalUser(request);
      if (user) {
        const stored = cookiePreferencesSchema.safeParse(await getPrivacySettings(db, user.id));
        const now = Date.now();
        const allowed = stored.success && !isExpired(stored.data, now) && analyticsEnabled(stored.data);
        if (!allowed) throw new AppError("PERMISSION_DENIED", MESSAGES.analyticsConsentMissing);
      }
      const now = new Date();
      await insertAnalyticsEvent(db, {
        name: event.name,
        path: event.path,
        visitorHash: hashVisitor(request.ip, String(request.headers["user-agent"] ?? ""), now),
      });
      return reply.code(204).send();
    },
  );
}
