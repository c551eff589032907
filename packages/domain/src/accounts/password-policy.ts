// The password rule, one for the forms and the server: the forms check it before anything is
// sent, and the server enforces it. Kept apart from rules.ts, which the first page loads: the list
// of common passwords loads only with the forms that set a password.
import { COMMON_PASSWORDS_LIST } from "./common-passwords.ts";
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, SERVER_PASSWORD_MIN_LENGTH } from "./rules.ts";

const COMMON_PASSWORDS: ReadonlySet<string> = new Set(COMMON_PASSWORDS_LIST.split("\n"));

export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

/**
 * What is wrong with a new password, or null: fewer than 6 characters is 'too short' (the
 * product's own message for it); otherwise it must have 8 to 128 characters and not be one of the
 * commonly used passwords, compared trimmed and in lower case.
 */
export function passwordProblem(password: string): "tooShort" | "policy" | null {
  if (password.length < PASSWORD_MIN_LENGTH) return "tooShort";
  if (password.length < SERVER_PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return "policy";
  return COMMON_PASSWORDS.has(password.trim().toLowerCase()) ? "policy" : null;
}

export function passwordMeetsPolicy(password: string): boolean {
  return passwordProblem(password) === null;
}
