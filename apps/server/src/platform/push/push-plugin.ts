import fp from "fastify-plugin";
import { createPushSender, type PushSender } from "./push-sender.ts";
import { loadOrCreateVapidKeys } from "./vapid-keys.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Web Push to a device's subscription (VAPID keys from the config, else DATA_DIR/secrets). */
    push: PushSender;
  }
}

/** A given sender (a test's), else one with the configured VAPID keys or generated ones. */
export const pushPlugin = fp<{ push?: PushSender }>(
  async (app, { push }) => {
    const { config } = app;
    const keys =
      config.VAPID_PUBLIC_KEY && config.VAPID_PRIVATE_KEY
        ? { publicKey: config.VAPID_PUBLIC_KEY, privateKey: config.VAPID_PRIVATE_KEY }
        : await loadOrCreateVapidKeys(config.dataDir);
    app.decorate(
      "push",
      push ?? createPushSender({ keys, subject: config.vapidSubject, services: config.PUSH_SERVICE_ORIGINS }),
    );
  },
  { name: "push", dependencies: ["config"] },
);
