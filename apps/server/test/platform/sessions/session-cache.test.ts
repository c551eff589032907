import { eq } from "drizzle-orm";
import pg from "pg";
import { afterAll, describe, expect, it } from "vitest";
import { users } from "../../../src/db/schema.ts";
import { SessionCache } from "../../../src/platform/sessions/session-cache.ts";
import {
  listenForSessionChanges,
  SESSION_CHANGES_APPLICATION_NAME,
  SESSION_CHANGES_CHANNEL,
  type SessionChanges,
} from "../../../src/platform/sessions/session-changes.ts";
import type { SessionUser } from "../../../src/platform/sessions/session-resolver.ts";
import { logIn, oobCodeFromOutbox, post } from "../../support/accounts.ts";
import { createTestApp, createTestDatabase, signUp } from "../../support/helpers.ts";
import { call } from "../../support/matching-fixtures.ts";

// Two instances on one database, each keeping the sessions it read (SESSION_CACHE_SECONDS, 30 s by
// default) and each listening for the database's word that a session or account changed. Whatever
// ends a session on one instance must be refused by the other on the first request after it heard
// so, never after the cache's 30 s; and an instance that is not listening must not use its cache.

const ADMIN_EMAIL = "moderator@example.com";
const database = await createTestDatabase();
afterAll(() => database.drop());

/** An instance: the app, what it hears, and every user id it has heard of since it started. */
async function instance() {
  const changes = await listenForSessionChanges(database.url, () => {}, {
    // Slow enough to look at an instance while it is not listening.
    reconnectInitialMs: 1_000,
    pingIntervalMs: 300,
  });
  const heard: (string | null)[] = [];
  changes.onChange((userId) => heard.push(userId));
  const testApp = await createTestApp({ ADMIN_EMAILS: ADMIN_EMAIL }, undefined, undefined, {
    database,
    build: { sessionChanges: changes },
  });
  afterAll(() => changes.close());
  return { ...testApp, changes, heard };
}

const a = await instance();
const b = await instance();

const me = (target: typeof a, cookie: string) =>
  target.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });

/** Waits until `target` heard of this user (the deadline is far below the cache's 30 s). */
async function heardOf(target: typeof a, userId: string, since: number): Promise<void> {
  const deadline = Date.now() + 5_000;
  while (!target.heard.slice(since).includes(userId)) {
    if (Date.now() > deadline) throw new Error(`the instance did not hear of ${userId}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Waits until both instances heard everything committed before now: notifications reach a
 * listener in the order their transactions committed, so once this one arrives, so did the rest.
 */
async function settled(): Promise<void> {
  const fence = `fence-${Math.random()}`;
  await database.pool.query("select pg_notify($1, $2)", [SESSION_CHANGES_CHANNEL, fence]);
  await until(() => a.heard.includes(fence) && b.heard.includes(fence), "both instances to hear the fence");
}

async function until(condition: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/**
 * Deletes a person's sessions without telling anyone (triggers off for this statement's
 * connection), as no code of the service does: what answers afterwards was served from a cache.
 */
async function deleteSessionsUnheard(userId: string): Promise<void> {
  const client = new pg.Client({ connectionString: database.url });
  await client.connect();
  try {
    await client.query("set session_replication_role = replica");
    await client.query("delete from sessions where user_id = $1", [userId]);
  } finally {
    await client.end();
  }
}

describe("sessions kept by each instance", () => {
  it("a session read once serves the next requests without reading it again", async () => {
    const person = await signUp(a.app);
    await settled();
    expect((await me(b, person.cookie)).statusCode).toBe(200);
    await deleteSessionsUnheard(person.userId);
    // Only the kept copy can still answer for it.
    expect((await me(b, person.cookie)).statusCode).toBe(200);
  });

  it("signing out on one instance is refused by the other as soon as it hears, not 30 s later", async () => {
    const person = await signUp(a.app);
    const otherDevice = await logIn(a.app, person.email, person.password);
    const otherCookie = otherDevice.cookies.map((c) => `${c.name}=${c.value}`).join("; ");
    await settled();
    expect((await me(b, person.cookie)).statusCode).toBe(200);
    expect((await me(b, otherCookie)).statusCode).toBe(200);
    const since = b.heard.length;
    expect((await post(a.app, "/api/auth/sign-out", {}, { cookie: person.cookie })).statusCode).toBe(200);
    await heardOf(b, person.userId, since);
    expect((await me(b, person.cookie)).statusCode).toBe(401);
    // The other device's session is read again, and still stands.
    expect((await me(b, otherCookie)).statusCode).toBe(200);
  });

  it("a suspension, a password reset and an account's deletion on one instance are refused by the other", async () => {
    const moderator = await signUp(a.app, { email: ADMIN_EMAIL });
    await a.db
      .update(users)
      .set({ emailVerified: true, mailboxProvenAt: new Date() })
      .where(eq(users.id, moderator.userId));

    const suspended = await signUp(a.app);
    await settled();
    expect((await me(b, suspended.cookie)).statusCode).toBe(200);
    let since = b.heard.length;
    const suspension = await call(a.app, moderator.cookie, "moderatePerson", {
      subjectId: suspended.userId,
      action: "suspend",
      reason: "Scam",
    });
    expect(suspension.status).toBe(200);
    await heardOf(b, suspended.userId, since);
    expect((await me(b, suspended.cookie)).statusCode).toBe(401);

    const reset = await signUp(a.app);
    await settled();
    expect((await me(b, reset.cookie)).statusCode).toBe(200);
    since = b.heard.length;
    await post(a.app, "/api/call/sendCustomPasswordResetEmail", { data: { email: reset.email } }, { botcheck: true });
    const code = await oobCodeFromOutbox(a.config.dataDir, reset.email, "/reset-password");
    await post(a.app, "/api/accounts/reset-password", { oobCode: code, newPassword: "a-brand-new-password-3" });
    await heardOf(b, reset.userId, since);
    expect((await me(b, reset.cookie)).statusCode).toBe(401);

    const leaving = await signUp(a.app);
    await settled();
    expect((await me(b, leaving.cookie)).statusCode).toBe(200);
    since = b.heard.length;
    await post(a.app, "/api/accounts/delete", { confirmation: "delete" }, { cookie: leaving.cookie });
    await heardOf(b, leaving.userId, since);
    expect((await me(b, leaving.cookie)).statusCode).toBe(401);
  });

  it("a sign-out or an account deleted is refused by the same instance on the very next request", async () => {
    const person = await signUp(a.app);
    await settled();
    expect((await me(a, person.cookie)).statusCode).toBe(200);
    // No waiting for the database's word: the instance that ended the session forgot it itself.
    expect((await post(a.app, "/api/auth/sign-out", {}, { cookie: person.cookie })).statusCode).toBe(200);
    expect((await me(a, person.cookie)).statusCode).toBe(401);

    const leaving = await signUp(a.app);
    await settled();
    expect((await me(a, leaving.cookie)).statusCode).toBe(200);
    await post(a.app, "/api/accounts/delete", { confirmation: "delete" }, { cookie: leaving.cookie });
    expect((await me(a, leaving.cookie)).statusCode).toBe(401);
  });

  it("a change to the account itself (its verification) is read afresh on the other instance", async () => {
    const person = await signUp(a.app);
    await settled();
    expect((await me(b, person.cookie)).json()).toMatchObject({ emailVerified: false });
    const since = b.heard.length;
    await a.db.update(users).set({ emailVerified: true }).where(eq(users.id, person.userId));
    await heardOf(b, person.userId, since);
    expect((await me(b, person.cookie)).json()).toMatchObject({ emailVerified: true });
  });

  it("an instance that lost its listening connection reads every session until it listens again", async () => {
    const person = await signUp(a.app);
    expect((await me(b, person.cookie)).statusCode).toBe(200);
    const admin = new pg.Client({ connectionString: database.url });
    await admin.connect();
    try {
      // Every listening connection on this database, b's among them, is cut.
      await admin.query(
        `select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and application_name = $1`,
        [SESSION_CHANGES_APPLICATION_NAME],
      );
    } finally {
      await admin.end();
    }
    await until(() => !b.changes.listening, "b to notice its connection is gone");
    await deleteSessionsUnheard(person.userId);
    expect((await me(b, person.cookie)).statusCode).toBe(401);
    expect(b.changes.listening).toBe(false);

    await until(() => b.changes.listening && a.changes.listening, "both to listen again");
    const again = await signUp(a.app);
    await settled();
    expect((await me(b, again.cookie)).statusCode).toBe(200);
    await deleteSessionsUnheard(again.userId);
    expect((await me(b, again.cookie)).statusCode).toBe(200);
  });
});

/** What a SessionCache hears, driven by the test. */
function fakeChanges() {
  const listeners: ((userId: string | null) => void)[] = [];
  const changes: SessionChanges & { listening: boolean; say(userId: string | null): void } = {
    listening: true,
    onChange: (listener) => void listeners.push(listener),
    close: async () => {},
    say: (userId) => {
      for (const listener of listeners) listener(userId);
    },
  };
  return changes;
}

const userNamed = (id: string): SessionUser => ({
  id,
  email: `${id}@example.com`,
  name: id,
  emailVerified: true,
  mailboxProven: true,
  sessionId: `session-${id}`,
});

describe("the session cache's rules", () => {
  it("does not keep a read that began before a change was heard", () => {
    const changes = fakeChanges();
    const cache = new SessionCache(changes, 30_000, 10);
    const mark = cache.mark();
    changes.say("someone-else");
    cache.keep("token-1", userNamed("ann"), mark, Number.MAX_SAFE_INTEGER);
    expect(cache.get("token-1")).toBeUndefined();
    cache.keep("token-1", userNamed("ann"), cache.mark(), Number.MAX_SAFE_INTEGER);
    expect(cache.get("token-1")?.id).toBe("ann");
  });

  it("forgets a user's every session when told of them, and everything when told of nobody", () => {
    const changes = fakeChanges();
    const cache = new SessionCache(changes, 30_000, 10);
    cache.keep("ann-phone", userNamed("ann"), cache.mark(), Number.MAX_SAFE_INTEGER);
    cache.keep("ann-laptop", userNamed("ann"), cache.mark(), Number.MAX_SAFE_INTEGER);
    cache.keep("bob-phone", userNamed("bob"), cache.mark(), Number.MAX_SAFE_INTEGER);
    changes.say("ann");
    expect(cache.get("ann-phone")).toBeUndefined();
    expect(cache.get("ann-laptop")).toBeUndefined();
    expect(cache.get("bob-phone")?.id).toBe("bob");
    changes.say(null);
    expect(cache.get("bob-phone")).toBeUndefined();
  });

  it("serves nothing and keeps nothing while not listening", () => {
    const changes = fakeChanges();
    const cache = new SessionCache(changes, 30_000, 10);
    cache.keep("ann-phone", userNamed("ann"), cache.mark(), Number.MAX_SAFE_INTEGER);
    changes.listening = false;
    expect(cache.get("ann-phone")).toBeUndefined();
    cache.keep("bob-phone", userNamed("bob"), cache.mark(), Number.MAX_SAFE_INTEGER);
    changes.listening = true;
    expect(cache.get("bob-phone")).toBeUndefined();
  });

  it("keeps an entry for its time at most, never past the session's own limit, and holds at most its size", () => {
    const changes = fakeChanges();
    let now = 1_000_000;
    const cache = new SessionCache(changes, 30_000, 2, () => now);
    cache.keep("ann-phone", userNamed("ann"), cache.mark(), now + 60_000);
    cache.keep("bob-phone", userNamed("bob"), cache.mark(), now + 10_000);
    now += 10_000;
    expect(cache.get("bob-phone")).toBeUndefined();
    expect(cache.get("ann-phone")?.id).toBe("ann");
    now += 20_000;
    expect(cache.get("ann-phone")).toBeUndefined();

    cache.keep("one", userNamed("one"), cache.mark(), Number.MAX_SAFE_INTEGER);
    cache.keep("two", userNamed("two"), cache.mark(), Number.MAX_SAFE_INTEGER);
    cache.keep("three", userNamed("three"), cache.mark(), Number.MAX_SAFE_INTEGER);
    expect(cache.size).toBe(2);
    expect(cache.get("one")).toBeUndefined();
    expect(cache.get("three")?.id).toBe("three");
  });
});
