import type { SessionChanges } from "./session-changes.ts";
import type { SessionUser } from "./session-user.ts";

/**
 * Signed-in sessions this instance read recently, by token, so that a member's next requests
 * within a few seconds do not read the session again (docs/decisions/0022). An entry is dropped as
 * soon as the database says its user's sessions or account changed, on any instance; nothing is
 * read from or put in the cache while this instance is not sure to hear that (`listening`), and it
 * is emptied whenever that changes.
 */
export class SessionCache {
  private readonly entries = new Map<string, { user: SessionUser; until: number }>();
  private readonly tokensOf = new Map<string, Set<string>>();
  /** Counts every change heard: a read that began before one may not be kept. */
  private changesHeard = 0;

  constructor(
    private readonly changes: SessionChanges,
    private readonly ttlMs: number,
    private readonly maxEntries: number,
    private readonly clock: () => number = Date.now,
  ) {
    changes.onChange((userId) => {
      if (userId !== null) return this.changed(userId);
      this.changesHeard++;
      this.clear();
    });
  }

  get(token: string): SessionUser | undefined {
    if (!this.changes.listening) return undefined;
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.until > this.clock()) return entry.user;
    this.forget(token, entry.user.id);
    return undefined;
  }

  /** Taken before the session is read from the database, and handed back to `keep`. */
  mark(): number {
    return this.changesHeard;
  }

  /**
   * Keeps a session read from the database, until `notAfter` at the latest (its expiry or its
   * daily extension), unless a change was heard since `mark`: the read may predate it.
   */
  keep(token: string, user: SessionUser, mark: number, notAfter: number): void {
    if (!this.changes.listening || mark !== this.changesHeard) return;
    const until = Math.min(this.clock() + this.ttlMs, notAfter);
    if (until <= this.clock()) return;
    if (this.entries.size >= this.maxEntries && !this.entries.has(token)) {
      const oldest = this.entries.entries().next().value;
      if (oldest) this.forget(oldest[0], oldest[1].user.id);
    }
    this.entries.set(token, { user, until });
    let tokens = this.tokensOf.get(user.id);
    if (!tokens) {
      tokens = new Set();
      this.tokensOf.set(user.id, tokens);
    }
    tokens.add(token);
  }

  /**
   * This instance ended the user's sessions (or changed the account): forgotten now, before the
   * request that did it answers, rather than when the database's word comes back.
   */
  changed(userId: string): void {
    this.changesHeard++;
    this.forgetUser(userId);
  }

  get size(): number {
    return this.entries.size;
  }

  private forget(token: string, userId: string): void {
    this.entries.delete(token);
    const tokens = this.tokensOf.get(userId);
    tokens?.delete(token);
    if (tokens?.size === 0) this.tokensOf.delete(userId);
  }

  private forgetUser(userId: string): void {
    for (const token of this.tokensOf.get(userId) ?? []) this.entries.delete(token);
    this.tokensOf.delete(userId);
  }

  private clear(): void {
    this.entries.clear();
    this.tokensOf.clear();
  }
}
