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
import type { FastifyPluginAsync, FastifyRequest } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod";
import { AppError } from "../../platform/http/errors.ts";
import { requiredJsonBody } from "../../platform/http/zod-schemas.ts";
import { listPrivacyRequests, type PrivacyRequestRow } from "./data.ts";
import { buildExport } from "./export.ts";
import { insertPrivacyRequest } from "./mutations.ts";
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

const privacyRequestViewSchema = z.object({
  id: z.string(),
  kind: createPrivacyRequestSchema.shape.kind,
  createdAt: z.number(),
  answeredAt: z.number(),
  message: z.string(),
}) satisfies z.ZodType<PrivacyRequestView>;

const privacyRequestsResponseSchema = z.object({
  requests: z.array(privacyRequestViewSchema),
}) satisfies z.ZodType<PrivacyRequestsResponse>;

/**
 * A person's privacy rights: California requests (opt out of selling or sharing, limit the use of
 * sensitive data), the download of all their data, and the retention windows as daily jobs.
 */
const privacy: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, sessions, bus, dataExport } = app;

  /** Signed in: the account. A guest: the random id this browser made for itself. */
  const requestOwner = async (request: FastifyRequest): Promise<{ userId: string } | { browserId: string }> => {
    const user = await sessions.optionalUser(request);
    if (user) return { userId: user.id };
    const parsed = browserIdSchema.safeParse(request.headers[BROWSER_ID_HEADER]);
    if (!parsed.success) throw new AppError("INVALID_ARGUMENT", "privacyRequestFailed");
    return { browserId: parsed.data };
  };

  app.post(
    PRIVACY_REQUESTS_PATH,
    {
      config: { rateLimit: { max: 20, timeWindow: "1 minute" } },
      schema: {
        body: requiredJsonBody(createPrivacyRequestSchema),
        response: { 201: z.object({ request: privacyRequestViewSchema }) },
      },
    },
    async (request, reply) => {
      const owner = await requestOwner(request);
      const row = await insertPrivacyRequest(db, owner, request.body.kind, new Date());
      if ("userId" in owner) await bus.publish(owner.userId, { topic: "consent" });
      reply.code(201);
      return { request: toView(row) };
    },
  );

  app.get(PRIVACY_REQUESTS_PATH, { schema: { response: { 200: privacyRequestsResponseSchema } } }, async (request) => {
    const owner = await requestOwner(request);
    return { requests: (await listPrivacyRequests(db, owner)).map(toView) };
  });

  app.get(EXPORT_PATH, { config: { rateLimit: { max: 10, timeWindow: "1 minute" } } }, async (request, reply) => {
    const user = await sessions.requireUser(request);
    const archive = await buildExport(db, dataExport, user.id, new Date());
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header("content-type", "application/zip")
      .header("content-disposition", `attachment; filename="sams-web-data-${day}.zip"`)
      .header("cache-control", "no-store");
    return reply.send(archive);
  });

  await registerRetentionJobs({ db, accountLifecycle: app.accountLifecycle, jobs: app.jobs, log: app.log });
};

export const privacyFeature = fp(privacy, {
  name: "privacy",
  dependencies: ["db", "realtime", "sessions", "jobs", "account-lifecycle", "data-export", "rate-limit", "zod-schemas"],
  encapsulate: true,
});
