import { createHash } from "node:crypto";
import { createChallenge, extractParams, verifySolution } from "altcha-lib/v1";
import type { Challenge } from "altcha-lib/v1/types";
import { lte } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Database } from "../../db/client.ts";
import { botcheckSolutions } from "../../db/schema.ts";
import { AppError } from "../http/errors.ts";

/** The request header that carries a solved challenge (base64 JSON, ALTCHA's payload format). */
export const BOTCHECK_HEADER = "x-botcheck";
const CHALLENGE_TTL_MS = 5 * 60 * 1000;

/** "harder": HARDER_BOTCHECK_FACTOR times the work, asked of sign-ins to an account under attack. */
export type BotcheckLevel = "normal" | "harder";

export interface Botcheck {
  /** A fresh signed proof-of-work challenge. */
  challenge(level?: BotcheckLevel): Promise<Challenge>;
  /** True for a valid, unexpired solution that was not used before (each works once). */
  verify(payload: string | undefined): Promise<boolean>;
  /**
   * Throws PERMISSION_DENIED ('Security check failed…') unless the request carries a fresh
   * solution; with "harder", also 'This account needs a longer security check…' unless the
   * solution is of a harder challenge (the level is inside the signed salt, so it cannot be forged).
   */
  require(request: FastifyRequest, level?: BotcheckLevel): Promise<void>;
}

/**
 * ALTCHA, self-hosted: the server signs a challenge (find n with sha256(salt + n) = challenge,
 * n ≤ maxNumber), the browser solves it invisibly and sends the answer in the x-botcheck header.
 * A solution counts only once its challenge's signature is recorded as used, by a unique insert
 * in the database: of any number of requests carrying one solution at the same moment, on any
 * instance, exactly one records it. Records are kept until the challenge has expired (after that
 * the solution fails verification anyway) and are swept as new ones are written.
 */
export function createBotcheck(options: {
  secret: string;
  maxNumber: number;
  harderFactor: number;
  db: Database;
}): Botcheck {
  const { db } = options;
  const hmacKey = createHash("sha256").update(`botcheck:${options.secret}`).digest("hex");

  /** True for the one caller that records `signature`; false when it was recorded before. */
  const recordUse = async (signature: string): Promise<boolean> => {
    const now = new Date();
    await db.delete(botcheckSolutions).where(lte(botcheckSolutions.expiresAt, now));
    const recorded = await db
      .insert(botcheckSolutions)
      .values({ signature, expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS) })
      .onConflictDoNothing()
      .returning({ signature: botcheckSolutions.signature });
    return recorded.length === 1;
  };

  const verify = async (payload: string | undefined): Promise<boolean> => {
    if (!payload || payload.length > 2000) return false;
    let signature: unknown;
    try {
      signature = (JSON.parse(Buffer.from(payload, "base64").toString("utf8")) as { signature?: unknown }).signature;
    } catch {
      return false;
    }
    if (typeof signature !== "string") return false;
    const ok = await verifySolution(payload, hmacKey, true).catch(() => false);
    return ok && (await recordUse(signature));
  };

  return {
    challenge: (level = "normal") =>
      createChallenge({
        hmacKey,
        maxNumber: level === "harder" ? options.maxNumber * options.harderFactor : options.maxNumber,
        expires: new Date(Date.now() + CHALLENGE_TTL_MS),
        params: { level },
      }),
    verify,
    async require(request, level = "normal") {
      const header = request.headers[BOTCHECK_HEADER];
      const payload = typeof header === "string" ? header : undefined;
      // A normal solution is not used up by a request that needs a harder one: the browser's
      // retry with a harder solution is then the only attempt that counts.
      if (level === "harder" && payload && !isHarder(payload)) {
        throw new AppError("PERMISSION_DENIED", "harderCheckRequired");
      }
      if (!(await verify(payload))) throw new AppError("PERMISSION_DENIED", "securityCheckFailed");
    },
  };
}

/** Whether a solution's challenge was made at the harder level (read from its signed salt). */
function isHarder(payload: string): boolean {
  try {
    return extractParams(JSON.parse(Buffer.from(payload, "base64").toString("utf8"))).level === "harder";
  } catch {
    return false;
  }
}
