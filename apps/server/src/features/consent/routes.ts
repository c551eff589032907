import {
  CONSENT_CONFIG_PATH,
  CONSENT_PATH,
  type ConsentConfigResponse,
  type ConsentResponse,
} from "@sams-web/domain/consent/contracts";
import { cookiePreferencesSchema, putConsentSchema } from "@sams-web/domain/consent/schemas";
import {
  BROWSER_ID_HEADER,
  EXPORT_PATH,
  PRIVACY_REQUESTS_PATH,
  type PrivacyRequestKind,
  type PrivacyRequestsResponse,
  type PrivacyRequestView,
} from "@sams-web/domain/privacy/contracts";
import { browserIdSchema, createPrivacyRequestSchema } from "@sams-web/domain/privacy/schemas";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import type { FastifyRequest } from "fastify";
import type { FeatureContext } from "../../app.ts";
import { AppError } from "../../platform/http/errors.ts";
import { getPrivacySettings, listPrivacyRequests, type PrivacyRequestRow } from "./data.ts";
import { buildExport } from "./export.ts";
import { insertPrivacyRequest, setPrivacySettings } from "./mutations.ts";
import { registerRetentionJobs } from "./retention.ts";

const ANSWERS: Record<PrivacyRequestKind, string> = {
  optOut: MESSAGES.optOutRecorded,
  limit: MESSAGES.limitRecorded,
};

function toView(row: PrivacyRequestRow): PrivacyRequestView {
  return {
    id: row.id,
    kind: row.kind,
    createdAt: row.createdAt.getTime(),
    answeredAt: (row.answeredAt ?? row.createdAt).getTime(),
    message: ANSWERS[row.kind],
  };
}

export async function registerConsentRoutes(context: FeatureContext): Promise<void> {
  const { app, db, sessions, bus } = context;

  /** Signed in: the account. A guest: the random id this browser made for itself. */
  const requestOwner = async (request: FastifyRequest): Promise<{ userId: string } | { browserId: string }> => {
    const user = await sessions.optionalUser(request);
    if (user) return { userId: user.id };
    const parsed = browserIdSchema.safeParse(request.headers[BROWSER_ID_HEADER]);
    if (!parsed.success) throw new AppError("INVALID_ARGUMENT", MESSAGES.privacyRequestFailed);
    return { browserId: parsed.data };
  };

  app.get(
    CONSENT_CONFIG_PATH,
    async (): Promise<ConsentConfigResponse> => ({
      adPixelId: context.config.AD_PIXEL_ID ?? null,
    }),
  );

  app.get(CONSENT_PATH, async (request): Promise<ConsentResponse> => {
    const user = await sessions.requireUser(request);
    // A copy that no longer parses (written by hand, or by a broken client) counts as none.
    const parsed = cookiePreferencesSchema.safeParse(await getPrivacySettings(db, user.id));
    return { preferences: parsed.success ? parsed.data : null };
  });

  app.put(CONSENT_PATH, { config: { rateLimit: { max: 60, timeWindow: "1 minute" } } }, async (request) => {
    const user = await sessions.requireUser(request);
    const { preferences } = putConsentSchema.parse(request.body);
    await setPrivacySettings(db, user.id, preferences);
    await bus.publish(user.id, { topic: "consent" });
    return { preferences } satisfies ConsentResponse;
  });

  app.post(
    PRIVACY_REQUESTS_PATH,
    { config: { rateLimit: { max: 20, timeWindow: "1 minute" } } },
    async (request, reply) => {
      const { kind } = createPrivacyRequestSchema.parse(request.body);
      const owner = await requestOwner(request);
      const row = await insertPrivacyRequest(db, owner, kind, new Date());
      if ("userId" in owner) await bus.publish(owner.userId, { topic: "consent" });
      reply.code(201);
      return { request: toView(row) };
    },
  );

  app.get(PRIVACY_REQUESTS_PATH, async (request): Promise<PrivacyRequestsResponse> => {
    const owner = await requestOwner(request);
    return { requests: (await listPrivacyRequests(db, owner)).map(toView) };
  });

  app.get(EXPORT_PATH, { config: { rateLimit: { max: 10, timeWindow: "1 minute" } } }, async (request, reply) => {
    const user = await sessions.requireUser(request);
    const archive = await buildExport(db, context.dataExport, user.id, new Date());
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header("content-type", "application/zip")
      .header("content-disposition", `attachment; filename="sams-web-data-${day}.zip"`)
      .header("cache-control", "no-store");
    return reply.send(archive);
  });

  await registerRetentionJobs(context);
}
