import { FIRST_PAGE_MESSAGES } from "@sams-web/domain/shell/messages";
import { ApiError } from "../../lib/api-client.ts";

/**
 * What a failed send shows. Limits and input checks carry their own message from the server's
 * table; anything else is the product's 'Sorry, something went wrong. Could you try again?'.
 */
export function chatErrorMessage(error: unknown): string {
  if (error instanceof ApiError && (error.status === "RESOURCE_EXHAUSTED" || error.status === "INVALID_ARGUMENT")) {
    return error.message;
  }
  return FIRST_PAGE_MESSAGES.chatFailed;
}
