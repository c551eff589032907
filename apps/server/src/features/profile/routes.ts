import { PROFILE_PATH, type ProfileResponse } from "@sams-web/domain/profile/contracts";
import type { FeatureContext } from "../../app.ts";
import { createProfileService } from "./service.ts";

export function registerProfileRoutes({ app, db, bus, sessions }: FeatureContext): void {
  const service = createProfileService({ db, bus });

  app.get(PROFILE_PATH, async (request, reply): Promise<ProfileResponse> => {
    const user = await sessions.requireUser(request);
    reply.header("cache-control", "no-store");
    return { profile: await service.get(user) };
  });

  app.patch(
    PROFILE_PATH,
    { config: { rateLimit: { max: 120, timeWindow: "1 minute" } } },
    async (request, reply): Promise<ProfileResponse> => {
      const user = await sessions.requireUser(request);
      reply.header("cache-control", "no-store");
      return { profile: await service.update(user, request.body) };
    },
  );
}
