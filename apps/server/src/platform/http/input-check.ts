import type { FastifyInstance } from "fastify";
import { AppError } from "./errors.ts";

const NUL = "\u0000";

/** Whether any string in a parsed body, query or params (keys included, at any depth) holds NUL. */
export function containsNul(value: unknown): boolean {
  // A stack, not recursion: a body is bounded in size, not in depth.
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (next.includes(NUL)) return true;
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (typeof next === "object" && next !== null && !Buffer.isBuffer(next)) {
      for (const [key, entry] of Object.entries(next)) {
        if (key.includes(NUL)) return true;
        pending.push(entry);
      }
    }
  }
  return false;
}

/**
 * Refuses U+0000 in any text a request carries, for every route in one place: PostgreSQL text
 * cannot hold it, so it would otherwise fail deep in a query as a 500. Runs once the body is
 * parsed and before any handler (Better Auth's included) sees it.
 */
export function installInputCheck(app: FastifyInstance): void {
  app.addHook("preValidation", async (request) => {
    if (containsNul(request.query) || containsNul(request.params) || containsNul(request.body)) {
      throw new AppError("INVALID_ARGUMENT", "textHasNulCharacter");
    }
  });
}
