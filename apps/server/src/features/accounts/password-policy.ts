import { readFileSync } from "node:fs";
import path from "node:path";
import { PASSWORD_MAX_LENGTH, SERVER_PASSWORD_MIN_LENGTH } from "@sams-web/domain/accounts/rules";

// The list ships with the project (see docs/decisions/0002-password-hashing-and-policy.md).
const COMMON = new Set(
  readFileSync(path.join(import.meta.dirname, "common-passwords.txt"), "utf8")
    .split("\n")
    .map((line) => line.trim().toLowerCase())
    .filter(Boolean),
);

/** The server's policy: 8 to 128 characters and not one of the commonly used passwords. */
export function passwordMeetsPolicy(password: string): boolean {
  if (password.length < SERVER_PASSWORD_MIN_LENGTH || password.length > PASSWORD_MAX_LENGTH) return false;
  return !COMMON.has(password.trim().toLowerCase());
}

export const COMMON_PASSWORD_COUNT = COMMON.size;
