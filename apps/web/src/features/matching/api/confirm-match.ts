import { call } from "../../../lib/api-client.ts";

/** 'Confirm and Connect': the server answers with the message to show. */
export async function confirmMatch(matchId: string): Promise<string> {
  return (await call<{ message: string }>("triggeredMatchConfirmation", { matchId })).message;
}
