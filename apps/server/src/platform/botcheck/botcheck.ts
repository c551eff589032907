import { createHash } from "node:crypto";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { createChallenge, verifySolution } from "altcha-lib/v1";
import type { Challenge } from "altcha-lib/v1/types";
import type { FastifyRequest } from "fastify";
import { AppError } from "../http/errors.ts";

/** The request header that carries a solved challenge (base64 JSON, ALTCHA's payload format). */
export const BOTCHECK_HEADER = "x-botcheck";
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

export interface Botcheck {
  /** A fresh signed proof-of-work challenge. */
  challenge(): Promise<Challenge>;
  /** True for a valid, unexpired solution that was not used before (each works once). */
  verify(payload: string | undefined): Promise<boolean>;
  /** Throws PERMISSION_DENIED ('Security check failed…') unless the request carries a fresh solution. */
  require(request: FastifyRequest): Promise<void>;
}

/**
 * ALTCHA, self-hosted: the server signs a challenge (find n with sha256(salt + n) = challenge,
 * n ≤ maxNumber), the browser solves it invisibly and sends the answer in the x-botcheck header.
 * Used solutions are remembered until they expire so one solution cannot be replayed. The memory
 * is per process: behind a balancer a replay could land once on each instance, which still costs
 * the attacker a solution per instance.
 */
export function createBotcheck(options: { secret: string; maxNumber: number }): Botcheck {
  const hmacKey = createHash("sha256").update(`botcheck:${options.secret}`).digest("hex");
  const used = new Map<string, number>();

  const forgetExpired = (now: number) => {
    for (const [signature, expiresAt] of used) if (expiresAt <= now) used.delete(signature);
  };

  const verify = async (payload: string | undefined): Promise<boolean> => {
    if (!payload || payload.length > 2000) return false;
    let signature: unknown;
    try {
      signature = (JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { signature?: unknown }).signature;
    } catch {
      return false;
    }
    if (typeof signature !== "string" || used.has(signature)) return false;
    const ok = await verifySolution(payload, hmacKey, true).catch(() => false);
    if (!ok) return false;
    const now = Date.now();
    forgetExpired(now);
    used.set(signature, now + CHALLENGE_TTL_MS);
    return true;
  };

  return {
    challenge: () =>
      createChallenge({
        hmacKey,
        maxNumber: options.maxNumber,
        expires: new Date(Date.now() + CHALLENGE_TTL_MS),
      }),
    verify,
    async require(request) {
      const header = request.headers[BOTCHECK_HEADER];
      if (!(await verify(typeof header === "string" ? header : undefined))) {
        throw new AppError("PERMISSION_DENIED", MESSAGES.securityCheckFailed);
      }
    },
  };
}
