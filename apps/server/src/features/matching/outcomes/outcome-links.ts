import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { OUTCOME_TOKEN_PARAM } from "@sams-web/domain/matching/contracts";
import { isMatchOutcome, type MatchOutcome } from "@sams-web/domain/matching/rules";
import { APP_PATHS } from "@sams-web/domain/shell/routes";

// An answer link records one answer with one tap and no sign-in, so the link itself must say who
// answers, about which connection, what, and until when, in a form nobody can alter: the token is
// those four fields (JSON, base64url) and an HMAC-SHA256 of them under a key derived from the auth
// secret. A changed field, or a token made with another secret, fails the check.

export interface OutcomeClaim {
  /** The person answering. */
  userId: string;
  /** The other person of the connection: the match id. */
  candidateId: string;
  outcome: MatchOutcome;
  /** Epoch ms after which the link is refused. */
  expiresAt: number;
}

export interface OutcomeSigner {
  sign(claim: OutcomeClaim): string;
  /** The claim a token carries if this server signed it, else null. Expiry is the caller's to check. */
  verify(token: string): OutcomeClaim | null;
}

export function createOutcomeSigner(secret: string): OutcomeSigner {
  const key = createHash("sha256").update(`match-outcome:${secret}`).digest();
  const mac = (payload: string) => createHmac("sha256", key).update(payload).digest("base64url");
  return {
    sign({ userId, candidateId, outcome, expiresAt }) {
      const payload = Buffer.from(JSON.stringify([userId, candidateId, outcome, expiresAt])).toString("base64url");
      return `${payload}.${mac(payload)}`;
    },

    verify(token) {
      const [payload, signature, ...rest] = token.split(".");
      if (!payload || !signature || rest.length > 0) return null;
      const expected = Buffer.from(mac(payload));
      const given = Buffer.from(signature);
      if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
      let fields: unknown;
      try {
        fields = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
      } catch {
        return null;
      }
      if (!Array.isArray(fields) || fields.length !== 4) return null;
      const [userId, candidateId, outcome, expiresAt] = fields as unknown[];
      if (typeof userId !== "string" || typeof candidateId !== "string") return null;
      if (!isMatchOutcome(outcome) || typeof expiresAt !== "number") return null;
      return { userId, candidateId, outcome, expiresAt };
    },
  };
}

/** The address of the page that records a token's answer (the web app's /match-outcome). */
export function outcomeLink(publicUrl: string, token: string): string {
  const url = new URL(APP_PATHS.matchOutcome, publicUrl);
  url.searchParams.set(OUTCOME_TOKEN_PARAM, token);
  return url.toString();
}
