import {
  CONSENT_CONFIG_PATH,
  CONSENT_PATH,
  type ConsentConfigResponse,
  type ConsentResponse,
} from "@sams-web/domain/consent/contracts";
import { cookiePreferencesSchema, putConsentSchema } from "@sams-web/domain/consent/schemas";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod";
import { requiredJsonBody } from "../../platform/http/zod-schemas.ts";
import { getPrivacySettings } from "./data.ts";
import { setPrivacySettings } from "./mutations.ts";

const consentConfigResponseSchema = z.object({
  adPixelId: z.string().nullable(),
}) satisfies z.ZodType<ConsentConfigResponse>;

const consentResponseSchema = z.object({
  preferences: cookiePreferencesSchema.nullable(),
}) satisfies z.ZodType<ConsentResponse>;

/**
 * Cookie preferences: the settings the browser needs (the ad pixel id), and the signed-in
 * person's choice on their profile (privacySettings), which tells their other tabs when it changes.
 */
const consent: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, bus, config } = app;

  app.get(CONSENT_CONFIG_PATH, { schema: { response: { 200: consentConfigResponseSchema } } }, async () => ({
    adPixelId: config.AD_PIXEL_ID ?? null,
  }));

  app.get(CONSENT_PATH, { schema: { response: { 200: consentResponseSchema } } }, async (request) => {
    const user = await sessions.requireUser(request);
    // A copy that no longer parses (written by hand, or by a broken client) counts as none.
    const parsed = cookiePreferencesSchema.safeParse(await getPrivacySettings(db, user.id));
    return { preferences: parsed.success ? parsed.data : null };
  });

  app.put(
    CONSENT_PATH,
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      preValidation: sessions.signedIn,
      schema: { body: requiredJsonBody(putConsentSchema), response: { 200: consentResponseSchema } },
    },
    async (request) => {
      const user = await sessions.requireUser(request);
      const { preferences } = request.body;
      await setPrivacySettings(db, user.id, preferences);
      await bus.publish(user.id, { topic: "consent" });
      return { preferences };
    },
  );
};

export const consentFeature = fp(consent, {
  name: "consent",
  dependencies: ["config", "db", "realtime", "sessions", "rate-limit", "zod-schemas"],
  encapsulate: true,
});
