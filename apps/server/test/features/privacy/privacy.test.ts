import { randomUUID } from "node:crypto";
import { acceptAll } from "@sams-web/domain/consent/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { conversations, matches, messages, profiles } from "../../../src/db/schema.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";
import { readZip } from "../../support/zip.ts";

// A feature that keeps files outside the tables (photos, say) adds them through the registry.
const contributorCalls: string[] = [];
const { app, db } = await createTestApp({}, [
  async ({ dataExport }) =>
    dataExport.add(async (userId) => {
      contributorCalls.push(userId);
      return [{ name: "photos/photo0.jpg", data: Buffer.from(`jpeg-bytes-of-${userId}`) }];
    }),
]);

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

describe("data export: 'Download all their data … as one archive'", () => {
  it("a guest gets nothing", async () => {
    expect((await app.inject({ method: "GET", url: "/api/export" })).statusCode).toBe(401);
  });

  it("holds the person's profile, conversations, matches as they see them and consent history, and nothing of anyone else", async () => {
    const me = await signUp(app, { name: "Exporter" });
    const other = await signUp(app, { email: `canary-other-${Date.now()}@example.com`, name: "Canary OtherSurname" });
    // The other person's private words and their own conversation.
    await db
      .update(profiles)
      .set({ zipCode: "90210", displayName: "Canary OtherSurname" })
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
        "moderation.json",
        "non-negotiables.json",
        "notifications.json",
        "outcomes.json",
        "profile.json",
        "safety.json",
        "story.json",
      ].sort(),
    );
    const read = (name: string) => JSON.parse(files.get(name)?.toString("utf8") ?? "null");
    expect(read("account.json")).toMatchObject({ id: me.userId, email: me.email });
    expect(read("profile.json")).toMatchObject({ userId: me.userId, displayName: "Exporter" });
    expect(read("conversations.json")[0].messages[0].text).toBe("my own words about hiking");
    expect(read("matches.json")).toEqual([
      expect.objectContaining({ id: other.userId, score: 88, followup_questions: ["Do you like dogs?"] }),
    ]);
    expect(read("non-negotiables.json")).toEqual({ facts: {}, reading: [], readingConfirmed: false, pending: null });
    // Sam has not asked about any connection yet: nothing to tell.
    expect(read("outcomes.json")).toEqual([]);
    expect(read("notifications.json")).toEqual({ email: { newPeople: true, keptYou: true, connections: true } });
    expect(read("consent.json").cookiePreferencesHistory).toHaveLength(1);
    expect(read("consent.json").californiaRequests[0].kind).toBe("optOut");

    const everything = [...files.values()].map((b) => b.toString("utf8")).join("\n");
    // The match shows the other person as the app does, by first name only.
    expect(read("matches.json")[0].firstName).toBe("Canary");
    for (const canary of ["CANARY-PRIVATE-TEXT", "CANARY-THEIR-QUESTION", "OtherSurname", other.email, "90210"]) {
      expect(everything).not.toContain(canary);
    }
  });
});
