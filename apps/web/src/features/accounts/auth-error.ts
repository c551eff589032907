import { authErrorMessage } from "@sams-web/domain/accounts/auth-errors";
import { ApiError } from "../../lib/api-client.ts";

/** The product's message for a failed auth call (one table: domain auth-errors.ts). */
export function messageForAuthError(error: unknown): string {
  if (error instanceof ApiError)
    return authErrorMessage({ code: error.code, status: error.status, message: error.message });
  return authErrorMessage(null);
}
