import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { sessions } from "../../../src/db/schema.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";

const { app, db } = await createTestApp();
const me = (cookie: string) => app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
const DAY_MS = 24 * 60 * 60 * 1000;

describe("reading the signed-in person", () => {
  it("a session cookie with a forged signature reads as signed out", async () => {
    const person = await signUp(app);
    expect((await me(person.cookie)).statusCode).toBe(200);
    const forged = person.cookie.replace(/(session_token=[^.]+\.)[^;]+/, (_, head) => `${head}${"A".repeat(43)}=`);
    expect(forged).not.toBe(person.cookie);
    expect((await me(forged)).statusCode).toBe(401);
    const unsigned = person.cookie.replace(/(session_token=[^.;]+)\.[^;]+/, "$1");
    expect((await me(unsigned)).statusCode).toBe(401);
  });

  it("a deleted session is refused on its next request", async () => {
    const person = await signUp(app);
    expect((await me(person.cookie)).statusCode).toBe(200);
    await db.delete(sessions).where(eq(sessions.userId, person.userId));
    expect((await me(person.cookie)).statusCode).toBe(401);
  });

  it("a session in use is extended once it is a day old, as Better Auth's rule says", async () => {
    const person = await signUp(app);
    const extendedTwoDaysAgo = new Date(Date.now() + 28 * DAY_MS);
    await db.update(sessions).set({ expiresAt: extendedTwoDaysAgo }).where(eq(sessions.userId, person.userId));
    expect((await me(person.cookie)).statusCode).toBe(200);
    const [session] = await db.select().from(sessions).where(eq(sessions.userId, person.userId));
    expect(session?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * DAY_MS);
  });

  it("an expired session is refused", async () => {
    const person = await signUp(app);
    await db
      .update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, person.userId));
    expect((await me(person.cookie)).statusCode).toBe(401);
  });

  it("a fresh session is read without extending it", async () => {
    const person = await signUp(app);
    const [before] = await db.select().from(sessions).where(eq(sessions.userId, person.userId));
    expect((await me(person.cookie)).statusCode).toBe(200);
    const [after] = await db.select().from(sessions).where(eq(sessions.userId, person.userId));
    expect(after?.expiresAt.getTime()).toBe(before?.expiresAt.getTime());
  });
});
