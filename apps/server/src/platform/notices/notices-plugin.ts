import fp from "fastify-plugin";
import { Notices } from "./notices.ts";

declare module "fastify" {
  interface FastifyInstance {
    /** Where features tell a person's news (delivered by the notifications feature). */
    notices: Notices;
  }
}

export const noticesPlugin = fp(
  async (app) => {
    app.decorate("notices", new Notices(app.mailer, app.log));
  },
  { name: "notices", dependencies: ["mailer"] },
);
