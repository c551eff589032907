import fp from "fastify-plugin";
import { AccountLifecycle } from "./account-lifecycle.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Where features that keep a person's data outside the database hear of an account's deletion. */
    accountLifecycle: AccountLifecycle;
  }
}

export const accountLifecyclePlugin = fp(
  async (app) => {
    app.decorate("accountLifecycle", new AccountLifecycle());
  },
  { name: "account-lifecycle" },
);
