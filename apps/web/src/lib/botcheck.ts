import { ACCOUNTS_PATHS } from "@sams-web/domain/accounts/contracts";
import { HARDER_BOTCHECK_QUERY } from "@sams-web/domain/accounts/rules";

// ALTCHA's proof of work, solved invisibly: find n with SHA-256(salt + n) = challenge. The answer
// travels as base64 JSON in the x-botcheck header (the format altcha-lib verifies on the server).

export const BOTCHECK_HEADER = "x-botcheck";

interface Challenge {
  algorithm: string;
  challenge: string;
  maxnumber?: number;
  salt: string;
  signature: string;
}

const hex = (buffer: ArrayBuffer) =>
  Array.from(new Uint8Array(buffer), (b) => b.toString(16).padStart(2, "0")).join("");

async function solve(challenge: Challenge): Promise<number | null> {
  const encoder = new TextEncoder();
  const max = challenge.maxnumber ?? 1_000_000;
  for (let n = 0; n <= max; n++) {
    const digest = await crypto.subtle.digest("SHA-256", encoder.encode(`${challenge.salt}${n}`));
    if (hex(digest) === challenge.challenge) return n;
  }
  return null;
}

/** Fetches a challenge, solves it and returns the header value; a fresh one per request. */
export async function solveBotcheck(level: "normal" | "harder" = "normal"): Promise<string> {
  const url =
    level === "harder"
      ? `${ACCOUNTS_PATHS.botcheckChallenge}?${HARDER_BOTCHECK_QUERY}`
      : ACCOUNTS_PATHS.botcheckChallenge;
  const response = await fetch(url, { credentials: "same-origin" });
  if (!response.ok) throw new Error("The security check could not start.");
  const challenge = (await response.json()) as Challenge;
  const number = await solve(challenge);
  if (number === null) throw new Error("The security check could not be solved.");
  return btoa(JSON.stringify({ ...challenge, number }));
}
