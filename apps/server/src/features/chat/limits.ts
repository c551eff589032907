import { MESSAGES } from "@sams-web/domain/shared/messages";
import { AppError } from "../../platform/http/errors.ts";

export interface ChatLimits {
  perMinute: number;
  perDay: number;
  ipPerMinute: number;
  ipPerDay: number;
}

const MINUTE_MS = 60_000;
const SWEEP_ABOVE = 10_000;

/**
 * Keeps the service and its bill safe: one reply in flight per person (a guest is known by IP),
 * and a per-minute rate and a daily budget per person and per IP. Counted in this process, so
 * behind a balancer each instance holds its share.
 */
export class ChatLimiter {
  private readonly inFlight = new Set<string>();
  private readonly minutes = new Map<string, number[]>();
  private readonly days = new Map<string, { day: string; count: number }>();

  constructor(
    private readonly limits: ChatLimits,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one message for `person` (a user id, or null for a guest) from `ip`; returns the release of the in-flight slot. */
  acquire(person: string | null, ip: string): () => void {
    const personKey = person ? `user:${person}` : `guest:${ip}`;
    const ipKey = `ip:${ip}`;
    if (this.inFlight.has(personKey)) throw new AppError("RESOURCE_EXHAUSTED", MESSAGES.chatReplyInFlight);
    const t = this.now();
    const day = new Date(t).toISOString().slice(0, 10);
    this.check(personKey, this.limits.perMinute, this.limits.perDay, t, day);
    this.check(ipKey, this.limits.ipPerMinute, this.limits.ipPerDay, t, day);
    this.count(personKey, t, day);
    if (ipKey !== personKey) this.count(ipKey, t, day);
    this.inFlight.add(personKey);
    return () => this.inFlight.delete(personKey);
  }

  private recent(key: string, t: number): number[] {
    const kept = (this.minutes.get(key) ?? []).filter((at) => t - at < MINUTE_MS);
    this.minutes.set(key, kept);
    return kept;
  }

  private check(key: string, perMinute: number, perDay: number, t: number, day: string): void {
    if (this.recent(key, t).length >= perMinute) throw new AppError("RESOURCE_EXHAUSTED", MESSAGES.chatRateLimited);
    const used = this.days.get(key);
    if (used && used.day === day && used.count >= perDay) {
      throw new AppError("RESOURCE_EXHAUSTED", MESSAGES.chatDailyLimit);
    }
  }

  private count(key: string, t: number, day: string): void {
    this.recent(key, t).push(t);
    const used = this.days.get(key);
    this.days.set(key, used && used.day === day ? { day, count: used.count + 1 } : { day, count: 1 });
    if (this.minutes.size > SWEEP_ABOVE || this.days.size > SWEEP_ABOVE) this.sweep(t, day);
  }

  private sweep(t: number, day: string): void {
    for (const [key, times] of this.minutes) if (times.every((at) => t - at >= MINUTE_MS)) this.minutes.delete(key);
    for (const [key, used] of this.days) if (used.day !== day) this.days.delete(key);
  }
}
