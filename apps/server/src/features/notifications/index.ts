import {
  NOTIFICATION_SETTINGS_PATH,
  type NotificationSettingsResponse,
  PUSH_KEY_PATH,
  PUSH_SUBSCRIPTION_PATH,
  UNSUBSCRIBE_INFO_PATH,
  UNSUBSCRIBE_PATH,
  UNSUBSCRIBE_TOKEN_PARAM,
} from "@sams-web/domain/notifications/contracts";
import {
  emailChoicesUpdateSchema,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from "@sams-web/domain/notifications/schemas";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import * as z from "zod";
import { AppError } from "../../platform/http/errors.ts";
import { optionalJsonBody } from "../../platform/http/zod-schemas.ts";
import { notificationEnqueuers, registerNotificationJobs } from "./jobs.ts";
import { NotificationService } from "./service.ts";
import { createUnsubscribeSigner } from "./unsubscribe-links.ts";

const settingsResponseSchema = z.object({
  email: z.object({ newPeople: z.boolean(), keptYou: z.boolean(), connections: z.boolean() }),
}) satisfies z.ZodType<NotificationSettingsResponse>;

const tokenQuery = z.object({ [UNSUBSCRIBE_TOKEN_PARAM]: z.string().min(1).max(500) });

/** The largest body a one-click unsubscribe may post (it is `List-Unsubscribe=One-Click`). */
const ONE_CLICK_BODY_LIMIT = 1024;

/**
 * Whether a POST carries the one-click field, `List-Unsubscribe=One-Click` (RFC 8058): as a form
 * (urlencoded), or as a multipart form whose `List-Unsubscribe` field is `One-Click`.
 */
function isOneClickBody(contentType: string | undefined, body: unknown): boolean {
  if (typeof body !== "string") return false;
  if (contentType?.startsWith("multipart/form-data")) {
    return /name="?List-Unsubscribe"?\s*\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/.test(body);
  }
  return new URLSearchParams(body).get("List-Unsubscribe") === "One-Click";
}

/**
 * Notifications: delivers every feature's notices (email and Web Push), the person's email
 * switches and this device's push subscription in Settings, and one-click unsubscribe links.
 */
const notifications: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, bus, config, sessions, mailer, jobs, auth, push, notices, dataExport } = app;
  const service = new NotificationService({
    db,
    bus,
    mailer,
    push,
    signer: createUnsubscribeSigner(auth.options.secret),
    publicUrl: config.publicUrl,
    ...notificationEnqueuers(jobs),
    log: app.log,
    now: Date.now,
  });
  await registerNotificationJobs(jobs, service);
  notices.deliverWith((notice) => service.tell(notice));
  dataExport.add(async (userId) => [
    { name: "notifications.json", data: JSON.stringify({ email: await service.emailChoices(userId) }, null, 2) },
  ]);

  app.get(
    NOTIFICATION_SETTINGS_PATH,
    { schema: { response: { 200: settingsResponseSchema } } },
    async (request, reply) => {
      const user = await sessions.requireUser(request);
      reply.header("cache-control", "no-store");
      return { email: await service.emailChoices(user.id) };
    },
  );

  app.patch(
    NOTIFICATION_SETTINGS_PATH,
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      preValidation: sessions.signedIn,
      schema: { body: optionalJsonBody(emailChoicesUpdateSchema), response: { 200: settingsResponseSchema } },
    },
    async (request, reply) => {
      const user = await sessions.requireUser(request);
      reply.header("cache-control", "no-store");
      return { email: await service.changeEmailChoices(user.id, request.body) };
    },
  );

  app.get(PUSH_KEY_PATH, async () => ({ publicKey: push.publicKey }));

  app.put(
    PUSH_SUBSCRIPTION_PATH,
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      preValidation: sessions.signedIn,
      schema: { body: optionalJsonBody(pushSubscriptionSchema) },
    },
    async (request, reply) => {
      const user = await sessions.requireUser(request);
      await service.subscribe(user, request.body);
      return reply.code(204).send();
    },
  );

  app.delete(
    PUSH_SUBSCRIPTION_PATH,
    {
      config: { rateLimit: { max: 30, timeWindow: "1 minute" } },
      preValidation: sessions.signedIn,
      schema: { body: optionalJsonBody(pushUnsubscribeSchema) },
    },
    async (request, reply) => {
      const user = await sessions.requireUser(request);
      await service.unsubscribe(user.id, request.body.endpoint);
      return reply.code(204).send();
    },
  );

  // What an unsubscribe link stops, for its page; a GET changes nothing.
  app.get(
    UNSUBSCRIBE_INFO_PATH,
    { config: { rateLimit: { max: 60, timeWindow: "1 minute" } }, schema: { querystring: tokenQuery } },
    async (request) => service.describeUnsubscribe(request.query[UNSUBSCRIBE_TOKEN_PARAM]),
  );

  // RFC 8058 one-click: the mail program (or the page's button) posts `List-Unsubscribe=One-Click`
  // to the link itself, with no cookie and no Origin of ours; the signed token is the permission.
  app.register(async (oneClick) => {
    for (const type of ["application/x-www-form-urlencoded", "multipart/form-data"]) {
      oneClick.addContentTypeParser(type, { parseAs: "string", bodyLimit: ONE_CLICK_BODY_LIMIT }, (_req, body, done) =>
        done(null, body),
      );
    }
    oneClick
      .withTypeProvider<ZodTypeProvider>()
      .post(
        UNSUBSCRIBE_PATH,
        { config: { rateLimit: { max: 30, timeWindow: "1 minute" } }, schema: { querystring: tokenQuery } },
        async (request, reply) => {
          if (!isOneClickBody(request.headers["content-type"], request.body)) {
            throw new AppError("INVALID_ARGUMENT", "unsubscribeInvalid");
          }
          reply.header("cache-control", "no-store");
          return service.unsubscribeByLink(request.query[UNSUBSCRIBE_TOKEN_PARAM]);
        },
      );
  });
};

export const notificationsFeature = fp(notifications, {
  name: "notifications",
  dependencies: [
    "config",
    "db",
    "realtime",
    "sessions",
    "mailer",
    "jobs",
    "push",
    "notices",
    "data-export",
    "rate-limit",
    "zod-schemas",
  ],
  encapsulate: true,
});
