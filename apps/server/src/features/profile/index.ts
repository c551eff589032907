import type { CookiePreferences } from "@sams-web/domain/consent/rules";
import { PROFILE_PATH, type ProfileResponse } from "@sams-web/domain/profile/contracts";
import { BIRTHDAY_CHANGES_PER_DAY, ZIP_CHANGES_PER_DAY } from "@sams-web/domain/profile/rules";
import { profileSchema, profileUpdateSchema } from "@sams-web/domain/profile/schemas";
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod";
import { AppError } from "../../platform/http/errors.ts";
import { optionalJsonBody } from "../../platform/http/zod-schemas.ts";
import { queueFirstSamSearch } from "../matching/standing/jobs.ts";
import { createProfileService } from "./service.ts";

/**
 * The profile as the API answers it. The stored privacy settings go out as they are: a copy that
 * no longer parses is the consent feature's to ignore, not a reason to fail the whole profile.
 */
const profileResponseSchema = z.object({
  profile: profileSchema.extend({ privacySettings: z.custom<CookiePreferences | null>() }),
}) satisfies z.ZodType<ProfileResponse>;

/** The signed-in person's profile: read it, and change the fields a person may change. */
const profile: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { sessions } = app;
  const service = createProfileService({
    db: app.db,
    bus: app.bus,
    onSearchable: (userId) => queueFirstSamSearch(app.jobs, userId, Date.now()),
  });
  const person = async (request: FastifyRequest) => (await sessions.requireUser(request)).id;
  const zipChange = app.limits([
    {
      name: "zip-change",
      per: "utc-day",
      max: ZIP_CHANGES_PER_DAY,
      key: person,
      refusal: () => new AppError("RESOURCE_EXHAUSTED", "zipChangeLimit"),
    },
  ]);
  const birthdayChange = app.limits([
    {
      name: "birthday-change",
      per: "utc-day",
      max: BIRTHDAY_CHANGES_PER_DAY,
      key: person,
      refusal: () => new AppError("RESOURCE_EXHAUSTED", "birthdayChangeDailyLimit"),
    },
  ]);

  app.get(PROFILE_PATH, { schema: { response: { 200: profileResponseSchema } } }, async (request, reply) => {
    const user = await sessions.requireUser(request);
    reply.header("cache-control", "no-store");
    return { profile: await service.get(user) };
  });

  app.patch(
    PROFILE_PATH,
    {
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      preValidation: sessions.signedIn,
      schema: { body: optionalJsonBody(profileUpdateSchema), response: { 200: profileResponseSchema } },
    },
    async (request, reply) => {
      const user = await sessions.requireUser(request);
      reply.header("cache-control", "no-store");
      const allowances = { zipChange: () => zipChange(request), birthdayChange: () => birthdayChange(request) };
      return { profile: await service.update(user, request.body, allowances) };
    },
  );
};

export const profileFeature = fp(profile, {
  name: "profile",
  dependencies: ["db", "realtime", "sessions", "rate-limit", "jobs", "zod-schemas"],
  encapsulate: true,
});
