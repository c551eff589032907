import type { FastifyInstance, FastifyRequest } from "fastify";
import { AppError } from "../../platform/http/errors.ts";
import type { LimitCheck } from "../../platform/rate-limit/rate-limit-plugin.ts";

export interface ChatLimits {
  perMinute: number;
  perDay: number;
  ipPerMinute: number;
  ipPerDay: number;
}

/** Who a chat message counts for: the signed-in person, or a guest known by their address. */
export type ChatPerson = (request: FastifyRequest) => Promise<string | null>;

const rateLimited = () => new AppError("RESOURCE_EXHAUSTED", "chatRateLimited");
const dailyLimit = () => new AppError("RESOURCE_EXHAUSTED", "chatDailyLimit");

/**
 * Keeps the service and its bill safe: a per-minute rate and a daily budget (the UTC day) per
 * person and per IP, counted in the database so that they hold across instances. The minute
 * limits come first, so a message refused for its rate does not use up the day's budget.
 */
export function chatRateLimits(app: FastifyInstance, limits: ChatLimits, personOf: ChatPerson): LimitCheck {
  const person = async (request: FastifyRequest) => {
    const userId = await personOf(request);
    return userId ? `user:${userId}` : `guest:${request.ip}`;
  };
  const ip = (request: FastifyRequest) => request.ip;
  return app.limits([
    { name: "chat-person", per: "minute", max: limits.perMinute, key: person, refusal: rateLimited },
    { name: "chat-ip", per: "minute", max: limits.ipPerMinute, key: ip, refusal: rateLimited },
    { name: "chat-person", per: "utc-day", max: limits.perDay, key: person, refusal: dailyLimit },
    { name: "chat-ip", per: "utc-day", max: limits.ipPerDay, key: ip, refusal: dailyLimit },
  ]);
}

/**
 * One reply in flight per person (a guest is known by their address): a lock, not a rate, so it
 * lives in the process that is writing the reply.
 */
export class ReplyLock {
  private readonly inFlight = new Set<string>();

  /** Takes the person's slot; throws RESOURCE_EXHAUSTED while their previous reply is still being written. */
  acquire(person: string | null, ip: string): () => void {
    const key = person ? `user:${person}` : `guest:${ip}`;
    if (this.inFlight.has(key)) throw new AppError("RESOURCE_EXHAUSTED", "chatReplyInFlight");
    this.inFlight.add(key);
    return () => this.inFlight.delete(key);
  }
}
