import { INSIGHTS_PATH } from "@sams-web/domain/insights/contracts";
import { isModerator } from "@sams-web/domain/safety/rules";
import type { FastifyPluginAsync } from "fastify";
import fp from "fastify-plugin";
import { AppError } from "../../platform/http/errors.ts";
import { createInsightsService } from "./service.ts";

/**
 * The moderators' insights (GET /api/admin/insights): sign-ups, interviews, searches, the match
 * funnel, connections, "Did you meet?" by score band, reports, decisions and model use over the
 * last days, in counts only. Moderators are ADMIN_EMAILS; to anyone else the route does not exist.
 */
const insights: FastifyPluginAsync = async (app) => {
  const { db, config, sessions } = app;
  const service = createInsightsService({ db, flushTallies: () => app.flushTallies() });

  app.get(INSIGHTS_PATH, async (request, reply) => {
    const user = await sessions.optionalUser(request);
    if (!user || !isModerator(user, config.ADMIN_EMAILS)) {
      throw new AppError("NOT_FOUND", "noRoute", `No route for GET ${INSIGHTS_PATH}`);
    }
    reply.header("cache-control", "no-store");
    return service.read();
  });
};

export const insightsFeature = fp(insights, {
  name: "insights",
  dependencies: ["config", "db", "sessions", "metrics"],
  encapsulate: true,
});
