import { randomUUID } from "node:crypto";
import type { RealtimeEvent } from "@sams-web/domain/api/realtime";
import { acceptAll, manageCookies } from "@sams-web/domain/consent/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { analyticsEvents, consentRecords, conversations, matches, messages, profiles } from "../src/db/schema.ts";
import { readZip } from "../src/features/consent/zip.ts";
import { createTestApp, signUp } from "./helpers.ts";

// A feature that keeps files outside the tables (photos, say) adds them through the registry.
const contributorCalls: string[] = [];
const { app, db, bus, config } = await createTestApp({}, [
  ({ dataExport }) =>
    dataExport.add(async (userId) => {
      contributorCalls.push(userId);
      return [{ name: "photos/photo0.jpg", data: Buffer.from(`jpeg-bytes-of-${userId}`) }];
    }),
]);

describe("privacySettings on the profile ('A newer copy on the profile overrides the local copy'; 'a null write clears expired preferences')", () => {
  it("a guest can neither read nor write consent on a profile", async () => {
    expect((await app.inject({ method: "GET", url: "/api/consent" })).statusCode).toBe(401);
    const put = await app.inject({
      method: "PUT",
      url: "/api/consent",
      payload: { preferences: acceptAll(Date.now()) },
    });
    expect(put.statusCode).toBe(401);
  });

  it("stores the signed-in person's choice, reads it back, records it, and tells their other tabs", async () => {
    const person = await signUp(app);
    const events: RealtimeEvent[] = [];
    const unsubscribe = bus.subscribe(person.userId, (event) => events.push(event));
    const prefs = acceptAll(Date.now());
    const put = await app.inject({
      method: "PUT",
      url: "/api/consent",
      headers: { cookie: person.cookie },
      payload: { preferences: prefs },
    });
    expect(put.statusCode).toBe(200);
    const get = await app.inject({ method: "GET", url: "/api/consent", headers: { cookie: person.cookie } });
    expect(get.json()).toEqual({ preferences: prefs });
    expect(events).toContainEqual({ topic: "consent" });
    unsubscribe();
    const records = await db.select().from(consentRecords).where(eq(consentRecords.userId, person.userId));
    expect(records.map((r) => r.preferences)).toEqual([prefs]);
  });

  it("a null write clears the profile copy and is itself recorded", async () => {
    const person = await signUp(app);
    const headers = { cookie: person.cookie };
    await app.inject({ method: "PUT", url: "/api/consent", headers, payload: { preferences: manageCookies(1) } });
    await app.inject({ method: "PUT", url: "/api/consent", headers, payload: { preferences: null } });
    const get = await app.inject({ method: "GET", url: "/api/consent", headers });
    expect(get.json()).toEqual({ preferences: null });
    const records = await db.select().from(consentRecords).where(eq(consentRecords.userId, person.userId));
    expect(records.map((r) => r.preferences)).toEqual([manageCookies(1), null]);
  });

  it("refuses a malformed copy", async () => {
    const person = await signUp(app);
    const put = await app.inject({
      method: "PUT",
      url: "/api/consent",
      headers: { cookie: person.cookie },
      payload: { preferences: { analytics: true } },
    });
    expect(put.statusCode).toBe(400);
  });

  it("one person's choice never changes another's profile", async () => {
    const a = await signUp(app);
    const b = await signUp(app);
    await app.inject({
      method: "PUT",
      url: "/api/consent",
      headers: { cookie: a.cookie },
      payload: { preferences: acceptAll(Date.now()) },
    });
    const get = await app.inject({ method: "GET", url: "/api/consent", headers: { cookie: b.cookie } });
    expect(get.json()).toEqual({ preferences: null });
  });
});

describe("'Submit Opt-Out Request' and 'Submit Limit Request': recorded with their time, listed for their owner only", () => {
  it("a signed-in person's request binds to the account and is answered at once", async () => {
    const person = await signUp(app);
    const before = Date.now();
    const post = await app.inject({
      method: "POST",
      url: "/api/privacy-requests",
      headers: { cookie: person.cookie },
      payload: { kind: "optOut" },
    });
    expect(post.statusCode).toBe(201);
    const { request } = post.json();
    expect(request.kind).toBe("optOut");
    expect(request.message).toBe(MESSAGES.optOutRecorded);
    expect(request.createdAt).toBeGreaterThanOrEqual(before - 1000);
    expect(request.answeredAt).toBe(request.createdAt);

    await app.inject({
      method: "POST",
      url: "/api/privacy-requests",
      headers: { cookie: person.cookie },
      payload: { kind: "limit" },
    });
    const list = await app.inject({ method: "GET", url: "/api/privacy-requests", headers: { cookie: person.cookie } });
    expect(list.json().requests.map((r: { kind: string; message: string }) => [r.kind, r.message])).toEqual([
      ["optOut", MESSAGES.optOutRecorded],
      ["limit", MESSAGES.limitRecorded],
    ]);
  });

  it("another user cannot read them, even by sending the first one's browser id", async () => {
    const owner = await signUp(app);
    const other = await signUp(app);
    const browserId = randomUUID();
    await app.inject({
      method: "POST",
      url: "/api/privacy-requests",
      headers: { cookie: owner.cookie, "x-browser-id": browserId },
      payload: { kind: "limit" },
    });
    const list = await app.inject({
      method: "GET",
      url: "/api/privacy-requests",
      headers: { cookie: other.cookie, "x-browser-id": browserId },
    });
    expect(list.json()).toEqual({ requests: [] });
    const guest = await app.inject({
      method: "GET",
      url: "/api/privacy-requests",
      headers: { "x-browser-id": browserId },
    });
    expect(guest.json()).toEqual({ requests: [] });
  });

  it("a guest's request binds to the browser: another browser does not see it", async () => {
    const mine = randomUUID();
    const post = await app.inject({
      method: "POST",
      url: "/api/privacy-requests",
      headers: { "x-browser-id": mine },
      payload: { kind: "optOut" },
    });
    expect(post.statusCode).toBe(201);
    const own = await app.inject({ method: "GET", url: "/api/privacy-requests", headers: { "x-browser-id": mine } });
    expect(own.json().requests).toHaveLength(1);
    const theirs = await app.inject({
      method: "GET",
      url: "/api/privacy-requests",
      headers: { "x-browser-id": randomUUID() },
    });
    expect(theirs.json()).toEqual({ requests: [] });
  });

  it("a guest without a valid browser id is refused", async () => {
    const post = await app.inject({
      method: "POST",
      url: "/api/privacy-requests",
      headers: { "x-browser-id": "not-a-uuid" },
      payload: { kind: "optOut" },
    });
    expect(post.statusCode).toBe(400);
    const bad = await app.inject({
      method: "POST",
      url: "/api/privacy-requests",
      headers: { "x-browser-id": randomUUID() },
      payload: { kind: "sell" },
    });
    expect(bad.statusCode).toBe(400);
  });
});

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

describe("data export: 'Download all their data … as one archive'", () => {
  it("a guest gets nothing", async () => {
    expect((await app.inject({ method: "GET", url: "/api/export" })).statusCode).toBe(401);
  });

  it("holds the person's profile, conversations, matches as they see them and consent history, and nothing of anyone else", async () => {
    const me = await signUp(app, { name: "Exporter" });
    const other = await signUp(app, { email: `canary-other-${Date.now()}@example.com`, name: "CanaryOtherName" });
    // The other person's private words and their own conversation.
    await db
      .update(profiles)
      .set({ zipCode: "90210", displayName: "CanaryOtherName" })
      .where(eq(profiles.userId, other.userId));
    await db.insert(conversations).values([
      { id: `c-${me.userId}`, userId: me.userId },
      { id: `c-${other.userId}`, userId: other.userId },
    ]);
    await db.insert(messages).values([
      {
        conversationId: `c-${me.userId}`,
        userId: me.userId,
        sender: "user",
        text: "my own words about hiking",
        stage: "rapport_building",
      },
      {
        conversationId: `c-${other.userId}`,
        userId: other.userId,
        sender: "user",
        text: "CANARY-PRIVATE-TEXT",
        stage: "rapport_building",
      },
    ]);
    await db.insert(matches).values([
      {
        userId: me.userId,
        candidateId: other.userId,
        status: "photoValidation",
        score: 88,
        followupQuestions: ["Do you like dogs?"],
      },
      {
        userId: other.userId,
        candidateId: me.userId,
        status: "photoValidation",
        score: 77,
        followupQuestions: ["CANARY-THEIR-QUESTION"],
      },
    ]);
    await app.inject({
      method: "PUT",
      url: "/api/consent",
      headers: { cookie: me.cookie },
      payload: { preferences: acceptAll(Date.now()) },
    });
    await app.inject({
      method: "POST",
      url: "/api/privacy-requests",
      headers: { cookie: me.cookie },
      payload: { kind: "optOut" },
    });

    const response = await app.inject({ method: "GET", url: "/api/export", headers: { cookie: me.cookie } });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("application/zip");
    expect(response.headers["content-disposition"]).toMatch(
      /^attachment; filename="sams-web-data-\d{4}-\d\d-\d\d\.zip"$/,
    );
    const files = readZip(response.rawPayload);
    expect(contributorCalls.at(-1)).toBe(me.userId);
    expect(files.get("photos/photo0.jpg")?.toString()).toBe(`jpeg-bytes-of-${me.userId}`);
    expect([...files.keys()].sort()).toEqual(
      [
        "photos/photo0.jpg",
        "README.txt",
        "account.json",
        "consent.json",
        "conversations.json",
        "export.json",
        "matches.json",
        "profile.json",
      ].sort(),
    );
    const read = (name: string) => JSON.parse(files.get(name)?.toString("utf8") ?? "null");
    expect(read("account.json")).toMatchObject({ id: me.userId, email: me.email });
    expect(read("profile.json")).toMatchObject({ userId: me.userId, displayName: "Exporter" });
    expect(read("conversations.json")[0].messages[0].text).toBe("my own words about hiking");
    expect(read("matches.json")).toEqual([
      expect.objectContaining({ id: other.userId, score: 88, followup_questions: ["Do you like dogs?"] }),
    ]);
    expect(read("consent.json").cookiePreferencesHistory).toHaveLength(1);
    expect(read("consent.json").californiaRequests[0].kind).toBe("optOut");

    const everything = [...files.values()].map((b) => b.toString("utf8")).join("\n");
    for (const canary of ["CANARY-PRIVATE-TEXT", "CANARY-THEIR-QUESTION", "CanaryOtherName", other.email, "90210"]) {
      expect(everything).not.toContain(canary);
    }
  });
});

describe("the ad pixel is configuration-driven ('without an id nothing loads')", () => {
  it("without AD_PIXEL_ID the CSP allows scripts from our own origin only and the browser learns no id", async () => {
    expect(config.AD_PIXEL_ID).toBeUndefined();
    const response = await app.inject({ method: "GET", url: "/api/consent/config" });
    expect(response.json()).toEqual({ adPixelId: null });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self';");
    expect(csp).not.toContain("facebook");
  });

  it("with AD_PIXEL_ID the pixel's hosts, and only they, are added to the CSP", async () => {
    const withPixel = await createTestApp({ AD_PIXEL_ID: "123456789012345" });
    const response = await withPixel.app.inject({ method: "GET", url: "/api/consent/config" });
    expect(response.json()).toEqual({ adPixelId: "123456789012345" });
    const csp = String(response.headers["content-security-policy"]);
    expect(csp).toContain("script-src 'self' https://connect.facebook.net;");
    expect(csp).toMatch(/img-src [^;]*https:\/\/www\.facebook\.com/);
    expect(csp).toMatch(/connect-src [^;]*https:\/\/www\.facebook\.com/);
    expect(csp).toContain("default-src 'self';");
  });
});
