import { MATCHES_PATH, type MatchesResponse } from "@sams-web/domain/matching-api";
import type { FeatureContext } from "../../app.ts";
import { listMatchesFor } from "./data.ts";

export function registerMatchRoutes({ app, db, sessions }: FeatureContext): void {
  app.get(MATCHES_PATH, async (request): Promise<MatchesResponse> => {
    const user = await sessions.requireUser(request);
    return { matches: await listMatchesFor(db, user.id) };
  });
}
