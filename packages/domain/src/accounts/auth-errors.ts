import { MESSAGES, type MessageCode } from "../shared/messages.ts";
import { ACCOUNT_ERROR_CODES } from "./contracts.ts";

// Free of zod. The one table from the auth service's error codes (Better Auth's, and ours) to the
// login and sign-up messages. Anything else gets the default 'Authentication failed. Please try
// again.'.
export const AUTH_ERROR_MESSAGES: Record<string, MessageCode> = {
  USER_ALREADY_EXISTS: "emailInUse",
  USER_ALREADY_EXISTS_USE_ANOTHER_EMAIL: "emailInUse",
  INVALID_EMAIL: "invalidEmail",
  INVALID_EMAIL_OR_PASSWORD: "invalidCredentials",
  USER_NOT_FOUND: "invalidCredentials",
  INVALID_PASSWORD: "invalidCredentials",
  CREDENTIAL_ACCOUNT_NOT_FOUND: "invalidCredentials",
  // The server's policy is stricter than the form's 6 characters: show the server's requirement.
  PASSWORD_TOO_SHORT: "passwordPolicy",
  PASSWORD_TOO_LONG: "passwordPolicy",
  [ACCOUNT_ERROR_CODES.passwordPolicy]: "passwordPolicy",
  [ACCOUNT_ERROR_CODES.botcheck]: "securityCheckFailed",
  [ACCOUNT_ERROR_CODES.reauthPassword]: "reauthWithPassword",
  [ACCOUNT_ERROR_CODES.reauthGoogle]: "reauthWithGoogle",
  [ACCOUNT_ERROR_CODES.reauthFailed]: "reauthFailed",
  // Before the 403 that otherwise means a failed bot check: the person must learn why.
  [ACCOUNT_ERROR_CODES.suspended]: "accountSuspended",
};

/**
 * The message for a Google sign-in that ended on the error page: the auth service's code when it
 * has a message of its own (a suspended account), else 'Google sign-in failed'.
 */
export function googleSignInErrorMessage(code: string | null | undefined): string {
  if (code && Object.hasOwn(AUTH_ERROR_MESSAGES, code)) return MESSAGES[AUTH_ERROR_MESSAGES[code] as MessageCode];
  return MESSAGES.googleAuthFailed;
}

/**
 * The message to show for a failed auth call: by the service's error code first, then by the
 * transport status (too many attempts), else 'Authentication failed. Please try again.'.
 */
export function authErrorMessage(
  error: { code?: string | null; status?: string | null; message?: string | null } | null | undefined,
): string {
  const code = error?.code;
  // Better Auth reports a malformed email as a body validation error on the email field.
  if (code === "VALIDATION_ERROR" && error?.message?.startsWith("[body.email]")) return MESSAGES.invalidEmail;
  if (code && Object.hasOwn(AUTH_ERROR_MESSAGES, code)) return MESSAGES[AUTH_ERROR_MESSAGES[code] as MessageCode];
  if (error?.status === "RESOURCE_EXHAUSTED") return MESSAGES.tooManyAttempts;
  // The bot check and the cross-site guard answer PERMISSION_DENIED before the auth service runs.
  if (error?.status === "PERMISSION_DENIED") return MESSAGES.securityCheckFailed;
  return MESSAGES.authFailed;
}
