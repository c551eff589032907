import { call } from "../../../lib/api-client.ts";

export type PhotoAction = "declined" | "accepted";

/** 'Set free' (declined) or 'Keep in your web' (accepted) for one candidate. */
export function reviewPhotoMatch(matchUid: string, action: PhotoAction): Promise<unknown> {
  return call("triggeredPhotoMatch", { matchUid, action });
}
