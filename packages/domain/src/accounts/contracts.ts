// The accounts routes beside Better Auth's own /api/auth/*, and their answers and error codes.
// Free of zod: the login panel and the session code import it.

export const ACCOUNTS_PATHS = {
  me: "/api/me",
  options: "/api/accounts/options",
  verifyEmail: "/api/accounts/verify-email",
  checkResetCode: "/api/accounts/check-reset-code",
  resetPassword: "/api/accounts/reset-password",
  deleteAccount: "/api/accounts/delete",
  oauthComplete: "/api/accounts/oauth-complete",
  botcheckChallenge: "/api/botcheck/challenge",
} as const;

/** GET /api/me */
export interface MeResponse {
  id: string;
  email: string;
  name: string;
  emailVerified: boolean;
  /** How the account signs in: "credential" (password) and/or "google". */
  providers: string[];
}

/** GET /api/accounts/options: what the login panel may offer. */
export interface AccountOptionsResponse {
  google: boolean;
}

/** Error codes of the accounts routes (in the error body's `code`), besides Better Auth's. */
export const ACCOUNT_ERROR_CODES = {
  reauthPassword: "REAUTH_PASSWORD_REQUIRED",
  reauthGoogle: "REAUTH_GOOGLE_REQUIRED",
  reauthFailed: "REAUTH_FAILED",
  passwordPolicy: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS",
  botcheck: "BOTCHECK_FAILED",
  /** A moderator suspended the account: no session is created for it. */
  suspended: "ACCOUNT_SUSPENDED",
  /** A verification link opened without being signed in to its account. */
  verifySignInFirst: "VERIFY_SIGN_IN_FIRST",
  /** A verification link opened while signed in to another account. */
  verifyOtherAccount: "VERIFY_OTHER_ACCOUNT",
} as const;

/** sendCustomVerificationEmail: whether an email went out; none does once the address is verified. */
export interface VerificationEmailOutput {
  sent: boolean;
  alreadyVerified: boolean;
}

/** sendCustomPasswordResetEmail: the same answer whether or not the account exists. */
export interface PasswordResetEmailOutput {
  message: string;
}
