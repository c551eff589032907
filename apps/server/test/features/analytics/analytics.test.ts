import { acceptAll, manageCookies } from "@sams-web/domain/consent/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { describe, expect, it } from "vitest";
import { analyticsEvents, analyticsSalts } from "../../../src/db/schema.ts";
import { createVisitorHasher } from "../../../src/features/analytics/visitor-hash.ts";
import { createTestApp, createTestDatabase, signUp } from "../../support/helpers.ts";

const { app, db } = await createTestApp();

describe("'Analytics collection is switched on or off according to consent'", () => {
  const event = (analytics: boolean) => ({ name: "page_view", path: "/faq", consent: { analytics } });
  const count = async () => (await db.select().from(analyticsEvents)).length;

  it("refuses an event sent without analytics consent and stores nothing", async () => {
    const before = await count();
    const response = await app.inject({ method: "POST", url: "/api/analytics/events", payload: event(false) });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(MESSAGES.analyticsConsentMissing);
    const missing = await app.inject({
      method: "POST",
      url: "/api/analytics/events",
      payload: { name: "page_view", path: "/" },
    });
    expect(missing.statusCode).toBe(400);
    expect(await count()).toBe(before);
  });

  it("stores a guest's consented page view without the IP address or user agent", async () => {
    const response = await app.inject({
      method: "POST",
      url: "/api/analytics/events",
      headers: { "user-agent": "canary-agent/1.0" },
      remoteAddress: "203.0.113.77",
      payload: event(true),
    });
    expect(response.statusCode).toBe(204);
    const rows = await db.select().from(analyticsEvents);
    const stored = JSON.stringify(rows);
    expect(rows.at(-1)).toMatchObject({ name: "page_view", path: "/faq" });
    expect(stored).not.toContain("203.0.113.77");
    expect(stored).not.toContain("canary-agent");
  });

  it("refuses a signed-in person whose stored consent says analytics is off, even if the browser says on", async () => {
    const person = await signUp(app);
    const headers = { cookie: person.cookie };
    const send = () => app.inject({ method: "POST", url: "/api/analytics/events", headers, payload: event(true) });
    expect((await send()).statusCode).toBe(403); // nothing stored on the profile yet
    await app.inject({
      method: "PUT",
      url: "/api/consent",
      headers,
      payload: { preferences: manageCookies(Date.now()) },
    });
    expect((await send()).statusCode).toBe(403);
    await app.inject({ method: "PUT", url: "/api/consent", headers, payload: { preferences: acceptAll(Date.now()) } });
    expect((await send()).statusCode).toBe(204);
    const rows = await db.select().from(analyticsEvents);
    expect(JSON.stringify(rows)).not.toContain(person.userId);
  });

  it("refuses names and paths outside the list (no query strings, which may carry codes)", async () => {
    const bad = await app.inject({
      method: "POST",
      url: "/api/analytics/events",
      payload: { name: "page_view", path: "/verify-email?oobCode=secret", consent: { analytics: true } },
    });
    expect(bad.statusCode).toBe(400);
    const unknown = await app.inject({
      method: "POST",
      url: "/api/analytics/events",
      payload: { name: "anything", path: "/", consent: { analytics: true } },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe("the visitor hash across instances", async () => {
  const database = await createTestDatabase();
  const first = await createTestApp({}, [], undefined, { database });
  const second = await createTestApp({}, [], undefined, { database });
  const view = (target: typeof first.app) =>
    target.inject({
      method: "POST",
      url: "/api/analytics/events",
      headers: { "user-agent": "one-visitor/1.0" },
      remoteAddress: "198.51.100.23",
      payload: { name: "page_view", path: "/faq", consent: { analytics: true } },
    });

  it("one visitor gets the same hash from either instance, so they count once", async () => {
    await Promise.all([view(first.app), view(second.app), view(first.app), view(second.app)]);
    const hashes = new Set((await database.db.select().from(analyticsEvents)).map((row) => row.visitorHash));
    expect(hashes.size).toBe(1);
  });

  it("keeps only today's salt: an earlier day's is deleted when a new day's is made", async () => {
    await database.db.insert(analyticsSalts).values({ day: "2000-01-01", salt: "old" });
    const hasher = createVisitorHasher(database.db);
    await hasher("198.51.100.23", "one-visitor/1.0", new Date());
    const days = (await database.db.select().from(analyticsSalts)).map((row) => row.day);
    expect(days).toEqual([new Date().toISOString().slice(0, 10)]);
  });
});
