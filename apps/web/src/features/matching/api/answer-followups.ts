import { call } from "../../../lib/api-client.ts";

/** 'After the last question of a match, an 'answered' action is sent for that match.' */
export function answerFollowups(matchUid: string): Promise<unknown> {
  return call("triggeredFollowupsMatch", { matchUid, action: "answered" });
}
