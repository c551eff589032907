import { PUSH_BODIES } from "@sams-web/domain/notifications/messages";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { notices, notificationSettings, pushSubscriptions, sessions } from "../../../src/db/schema.ts";
import { NOTIFY_DIGEST_QUEUE, NOTIFY_QUEUE } from "../../../src/features/notifications/jobs.ts";
import type { InlineJobs } from "../../../src/platform/jobs/jobs.ts";
import { createTestApp, type TestApp } from "../../support/helpers.ts";
import { call, signedUpPerson } from "../../support/matching-fixtures.ts";
import { mailsTo } from "../../support/outbox.ts";
import { type LocalPushService, startLocalPushService } from "../../support/push-service.ts";

// What a person who did not watch a search hears of it: the email (one a day at most, naming no
// one) and the Web Push to each device that allowed it, encrypted for that device alone; the
// one-click unsubscribe of RFC 8058; and who may touch a subscription.

let t: TestApp;
let pushService: LocalPushService;
beforeAll(async () => {
  pushService = await startLocalPushService();
  t = await createTestApp({ PUSH_SERVICE_ORIGINS: "http://127.0.0.1:*" });
});
afterAll(async () => {
  await pushService.close();
});

const jobs = () => t.app.jobs as InlineJobs;

async function subscribe(cookie: string, subscription: object) {
  return await t.app.inject({
    method: "PUT",
    url: "/api/notifications/push-subscription",
    headers: { cookie, origin: "http://localhost:3000" },
    payload: subscription,
  });
}

/** The day since the person's last email about new people passes (their last email moves a day back). */
async function aDayPasses(userId: string): Promise<void> {
  await t.db
    .update(notificationSettings)
    .set({ lastNewPeopleEmailAt: sql`${notificationSettings.lastNewPeopleEmailAt} - interval '1 day 1 second'` })
    .where(eq(notificationSettings.userId, userId));
}

let zipCounter = 0;
/** Chicago ZIP codes a block apart, a new pair of them for each test: people of one test only meet each other. */
const CITY_ZIPS = ["60601", "98101", "30301", "02108", "94103", "33101", "80202", "85001", "19103", "55401"];

/** Someone who fits `passive` and searches by hand (watching), finding them. */
async function searchFinds(passiveZip: string, name = "Alex Smith") {
  const searcher = await signedUpPerson(t, {
    gender: "man",
    seekingGender: "woman",
    zipCode: passiveZip,
    name,
    age: 34,
  });
  await call(t.app, searcher.cookie, "triggeredPrelimMatch");
  const scored = await call(t.app, searcher.cookie, "triggeredMatchingAlgo");
  expect(scored.body.result).toEqual({ found: true });
  return searcher;
}

function passivePerson() {
  const zipCode = CITY_ZIPS[zipCounter++ % CITY_ZIPS.length] as string;
  return signedUpPerson(t, { gender: "woman", seekingGender: "man", zipCode, name: "Robin Lee", age: 31 }).then(
    (person) => ({ ...person, zipCode }),
  );
}

describe("the passive side of a search", () => {
  it("gets one email and an encrypted push that say only that Sam found someone; the searcher, who watched, gets neither", async () => {
    const robin = await passivePerson();
    const phone = pushService.device();
    expect((await subscribe(robin.cookie, phone.subscription)).statusCode).toBe(204);
    const alex = await searchFinds(robin.zipCode);

    const [mail, ...more] = await mailsTo(t, robin.email, PUSH_BODIES.newPeople);
    expect(more).toEqual([]);
    expect(mail?.text).toContain("http://localhost:3000/");
    // The body, links aside (a token's characters could spell anything), names nothing of Alex.
    const body = (
      mail?.text
        .split(/\r?\n\r?\n/)
        .slice(1)
        .join("\n") ?? ""
    ).replace(/https?:\/\/\S+/g, "");
    for (const secret of ["Alex", "Smith", alex.email, robin.zipCode]) expect(body).not.toContain(secret);
    expect(body).not.toMatch(/\b34\b/);
    expect(await mailsTo(t, alex.email, PUSH_BODIES.newPeople)).toEqual([]);

    const pushes = pushService.received.filter((push) => push.path === new URL(phone.subscription.endpoint).pathname);
    expect(pushes).toHaveLength(1);
    const push = pushes[0] as (typeof pushes)[number];
    expect(push.headers["content-encoding"]).toBe("aes128gcm");
    expect(Number(push.headers.ttl)).toBeGreaterThan(0);
    expect(push.headers.topic).toBe("newPeople");
    // VAPID (RFC 8292): signed by the key browsers subscribe with, for this push service.
    const key = (await t.app.inject({ method: "GET", url: "/api/notifications/push-key" })).json().publicKey;
    const authorization = String(push.headers.authorization);
    expect(authorization).toContain(`k=${key}`);
    const jwt = authorization.match(/t=([^,\s]+)/)?.[1] ?? "";
    const claims = JSON.parse(Buffer.from(jwt.split(".")[1] ?? "", "base64url").toString());
    expect(claims.aud).toBe(pushService.origin);
    // The body is ciphertext: nothing readable without the device's keys ...
    expect(push.body.toString("latin1")).not.toContain(PUSH_BODIES.newPeople);
    // ... and the device reads what Sam says, and where a tap leads.
    const payload = JSON.parse(phone.decrypt(push.body));
    expect(payload).toEqual({ title: "Sam's Web", body: PUSH_BODIES.newPeople, url: "/", tag: "newPeople" });
    for (const secret of ["Alex", alex.email, robin.zipCode]) expect(JSON.stringify(payload)).not.toContain(secret);
  });

  it("forgets a subscription the push service answers 410 (gone) or 404, and keeps pushing to the others", async () => {
    const robin = await passivePerson();
    const gone = pushService.device();
    const missing = pushService.device();
    const kept = pushService.device();
    for (const device of [gone, missing, kept]) await subscribe(robin.cookie, device.subscription);
    // Each subscription was made under the same sign-in, so only the last one stands: a browser
    // has one at a time. Put the other two back as other sign-ins of the same person.
    const [session] = await t.db.select().from(sessions).where(eq(sessions.userId, robin.userId));
    for (const device of [gone, missing]) {
      await t.db.insert(sessions).values({
        id: `other-${device.subscription.keys.auth}`,
        token: `token-${device.subscription.keys.auth}`,
        userId: robin.userId,
        expiresAt: session?.expiresAt ?? new Date(Date.now() + 86_400_000),
      });
      await t.db.insert(pushSubscriptions).values({
        endpoint: device.subscription.endpoint,
        userId: robin.userId,
        sessionId: `other-${device.subscription.keys.auth}`,
        p256dh: device.subscription.keys.p256dh,
        auth: device.subscription.keys.auth,
      });
    }
    pushService.answer(new URL(gone.subscription.endpoint).pathname, 410);
    pushService.answer(new URL(missing.subscription.endpoint).pathname, 404);
    await searchFinds(robin.zipCode);
    const left = await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, robin.userId));
    expect(left.map((row) => row.endpoint)).toEqual([kept.subscription.endpoint]);
    const toKept = pushService.received.filter((p) => p.path === new URL(kept.subscription.endpoint).pathname);
    expect(JSON.parse(kept.decrypt((toKept[0] as { body: Buffer }).body)).body).toBe(PUSH_BODIES.newPeople);
  });

  it("gets at most one email a day however many searches find them; what arrives meanwhile comes as one digest", async () => {
    const robin = await passivePerson();
    for (const name of ["Alex Smith", "Sam Jones", "Kim Park", "Lee Wong"]) await searchFinds(robin.zipCode, name);
    expect(await mailsTo(t, robin.email, PUSH_BODIES.newPeople)).toHaveLength(1);
    const digests = jobs().delayed.filter(
      (job) => job.name === NOTIFY_DIGEST_QUEUE && (job.data as { userId: string }).userId === robin.userId,
    );
    // One digest waits, for a day after the first email.
    expect(digests.length).toBeGreaterThanOrEqual(1);
    const [settings] = await t.db
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, robin.userId));
    const firstAt = settings?.lastNewPeopleEmailAt?.getTime() ?? 0;
    for (const digest of digests) expect(digest.startAfter.getTime()).toBe(firstAt + 86_400_000);

    // Before the day is over the digest job sends nothing; after it, one email for all three.
    await jobs().run(NOTIFY_DIGEST_QUEUE, { userId: robin.userId });
    expect(await mailsTo(t, robin.email, "Sam's news since his last email")).toHaveLength(0);
    await aDayPasses(robin.userId);
    await jobs().run(NOTIFY_DIGEST_QUEUE, { userId: robin.userId });
    await jobs().run(NOTIFY_DIGEST_QUEUE, { userId: robin.userId });
    const digestMails = await mailsTo(t, robin.email, "Sam's news since his last email");
    expect(digestMails).toHaveLength(1);
    for (const secret of ["Sam Jones", "Kim", "Lee Wong"]) expect(digestMails[0]?.text).not.toContain(secret);
  }, 120_000);

  it("deliveries racing for one person (two instances, a retried job) send one email and one push", async () => {
    const robin = await passivePerson();
    const phone = pushService.device();
    await subscribe(robin.cookie, phone.subscription);
    const alex = await searchFinds(robin.zipCode);
    const path = new URL(phone.subscription.endpoint).pathname;
    const pushesBefore = pushService.received.filter((push) => push.path === path).length;
    // The same news again, as if just written, with the day's email not yet used.
    await aDayPasses(robin.userId);
    await t.db.insert(notices).values({ userId: robin.userId, kind: "newPeople", aboutId: alex.userId });
    await Promise.all(Array.from({ length: 10 }, () => jobs().run(NOTIFY_QUEUE, { userId: robin.userId })));
    expect(await mailsTo(t, robin.email, PUSH_BODIES.newPeople)).toHaveLength(2);
    expect(pushService.received.filter((push) => push.path === path).length).toBe(pushesBefore + 1);
  });

  it("is not emailed about news they already acted on", async () => {
    const robin = await passivePerson();
    const alex = await searchFinds(robin.zipCode);
    expect(await mailsTo(t, robin.email, PUSH_BODIES.newPeople)).toHaveLength(1);
    // The second search's pair ends before its digest is due: Robin sets the new person free.
    const kim = await searchFinds(robin.zipCode, "Kim Park");
    await call(t.app, robin.cookie, "triggeredPhotoMatch", { matchUid: alex.userId, action: "declined" });
    await call(t.app, robin.cookie, "triggeredPhotoMatch", { matchUid: kim.userId, action: "declined" });
    await aDayPasses(robin.userId);
    await jobs().run(NOTIFY_DIGEST_QUEUE, { userId: robin.userId });
    expect(await mailsTo(t, robin.email, "Sam's news since his last email")).toHaveLength(0);
  }, 120_000);
});

describe("one-click unsubscribe (RFC 8058)", () => {
  it("each email about news carries List-Unsubscribe on PUBLIC_URL and List-Unsubscribe-Post; account emails do not", async () => {
    const robin = await passivePerson();
    await searchFinds(robin.zipCode);
    const [mail] = await mailsTo(t, robin.email, PUSH_BODIES.newPeople);
    expect(mail?.headers).toMatch(/^List-Unsubscribe: <http:\/\/localhost:3000\/unsubscribe\?t=[\w.-]+>$/im);
    expect(mail?.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    const verification = (await mailsTo(t, robin.email)).find((m) => /verify/i.test(m.subject));
    expect(verification).toBeDefined();
    expect(verification?.headers).not.toMatch(/List-Unsubscribe/i);
  });

  it("a POST of the link, with no sign-in, turns that kind off; opening it (GET) changes nothing; Settings shows it off", async () => {
    const robin = await passivePerson();
    await searchFinds(robin.zipCode);
    const [mail] = await mailsTo(t, robin.email, PUSH_BODIES.newPeople);
    const link = new URL(mail?.headers.match(/^List-Unsubscribe: <([^>]+)>$/im)?.[1] ?? "");
    const url = `${link.pathname}${link.search}`;
    const settings = async () =>
      (
        await t.app.inject({ method: "GET", url: "/api/notifications/settings", headers: { cookie: robin.cookie } })
      ).json().email;

    // A mail scanner opens the link, and the page asks what it is for: nothing changes.
    await t.app.inject({ method: "GET", url });
    const info = await t.app.inject({ method: "GET", url: `/api/notifications/unsubscribe${link.search}` });
    expect(info.json()).toEqual({ kind: "newPeople" });
    expect(await settings()).toEqual({ newPeople: true, keptYou: true, connections: true });

    // A tampered token, or a POST without the one-click body, is refused and changes nothing.
    const token = link.searchParams.get("t") ?? "";
    const [payload, mac] = token.split(".");
    const forged = `${Buffer.from(JSON.stringify([robin.userId, "keptYou"])).toString("base64url")}.${mac}`;
    const oneClick = (target: string, body = "List-Unsubscribe=One-Click") =>
      t.app.inject({
        method: "POST",
        url: target,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: body,
      });
    expect((await oneClick(`/unsubscribe?t=${forged}`)).statusCode).toBe(400);
    expect((await oneClick(url, "")).statusCode).toBe(400);
    expect(payload).toBeTruthy();
    expect(await settings()).toEqual({ newPeople: true, keptYou: true, connections: true });

    // The mail program's one-click POST: no cookie, no Origin.
    const done = await oneClick(url);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ kind: "newPeople", message: MESSAGES.unsubscribeDone });
    expect(await settings()).toEqual({ newPeople: false, keptYou: true, connections: true });
    // multipart/form-data, as some mail programs post it, works the same (and again is harmless).
    const multipart = await t.app.inject({
      method: "POST",
      url,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      payload: '--x\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--x--\r\n',
    });
    expect(multipart.statusCode).toBe(200);

    // The next pair writes no email about new people; the push (there is no device) is not an email.
    await t.db
      .update(notificationSettings)
      .set({ lastNewPeopleEmailAt: null })
      .where(eq(notificationSettings.userId, robin.userId));
    await searchFinds(robin.zipCode, "Kim Park");
    expect(await mailsTo(t, robin.email, PUSH_BODIES.newPeople)).toHaveLength(1);
  });

  it("the kept-you email follows its own switch, and the introduction always goes out", async () => {
    const robin = await passivePerson();
    const alex = await searchFinds(robin.zipCode);
    expect(
      (
        await t.app.inject({
          method: "PATCH",
          url: "/api/notifications/settings",
          headers: { cookie: robin.cookie, origin: "http://localhost:3000" },
          payload: { keptYou: false, connections: false },
        })
      ).json().email,
    ).toEqual({ newPeople: true, keptYou: false, connections: false });
    await call(t.app, alex.cookie, "triggeredPhotoMatch", { matchUid: robin.userId, action: "accepted" });
    await call(t.app, robin.cookie, "triggeredPhotoMatch", { matchUid: alex.userId, action: "accepted" });
    expect(await mailsTo(t, robin.email, MESSAGES.mutualMatchMailSubject)).toHaveLength(0);
    const [toAlex] = await mailsTo(t, alex.email, MESSAGES.mutualMatchMailSubject);
    expect(toAlex?.headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/im);
    await call(t.app, robin.cookie, "triggeredMatchConfirmation", { matchId: alex.userId });
    await call(t.app, alex.cookie, "triggeredMatchConfirmation", { matchId: robin.userId });
    const introduction = (await mailsTo(t, robin.email)).filter((m) => /meet Alex/.test(m.subject));
    expect(introduction).toHaveLength(1);
    expect(introduction[0]?.headers).not.toMatch(/List-Unsubscribe/i);
  });

  it("refuses a PATCH that names no kind, an unknown kind or a non-boolean, and one without sign-in", async () => {
    const robin = await passivePerson();
    const patch = (payload: unknown, cookie: string | null = robin.cookie) =>
      t.app.inject({
        method: "PATCH",
        url: "/api/notifications/settings",
        headers: { ...(cookie ? { cookie } : {}), origin: "http://localhost:3000" },
        payload: payload as object,
      });
    for (const bad of [{}, { everything: false }, { newPeople: "no" }]) expect((await patch(bad)).statusCode).toBe(400);
    expect((await patch({ newPeople: false })).statusCode).toBe(200);
    expect((await patch({ newPeople: false }, null)).statusCode).toBe(401);
  });
});

describe("push subscriptions", () => {
  it("refuse an endpoint that is not a push service's, and anyone not signed in", async () => {
    const robin = await passivePerson();
    const device = pushService.device();
    for (const endpoint of [
      "http://10.0.0.1/push",
      "https://example.com/push",
      "http://localhost:5432/",
      "file:///etc/passwd",
    ]) {
      const response = await subscribe(robin.cookie, { ...device.subscription, endpoint });
      expect(response.statusCode, endpoint).toBe(400);
    }
    const anonymous = await t.app.inject({
      method: "PUT",
      url: "/api/notifications/push-subscription",
      headers: { origin: "http://localhost:3000" },
      payload: device.subscription,
    });
    expect(anonymous.statusCode).toBe(401);
    expect(await t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, robin.userId))).toEqual([]);
  });

  it("one person cannot remove another's; signing out removes this device's; deleting the account removes all", async () => {
    const robin = await passivePerson();
    const kim = await passivePerson();
    const robinsPhone = pushService.device();
    await subscribe(robin.cookie, robinsPhone.subscription);
    const removeAsKim = await t.app.inject({
      method: "DELETE",
      url: "/api/notifications/push-subscription",
      headers: { cookie: kim.cookie, origin: "http://localhost:3000" },
      payload: { endpoint: robinsPhone.subscription.endpoint },
    });
    expect(removeAsKim.statusCode).toBe(204);
    const rows = () => t.db.select().from(pushSubscriptions).where(eq(pushSubscriptions.userId, robin.userId));
    expect(await rows()).toHaveLength(1);

    const signOut = await t.app.inject({
      method: "POST",
      url: "/api/auth/sign-out",
      headers: { cookie: robin.cookie, origin: "http://localhost:3000" },
      payload: {},
    });
    expect(signOut.statusCode).toBe(200);
    expect(await rows()).toEqual([]);

    const kimsPhone = pushService.device();
    await subscribe(kim.cookie, kimsPhone.subscription);
    const deleted = await t.app.inject({
      method: "POST",
      url: "/api/accounts/delete",
      headers: { cookie: kim.cookie, origin: "http://localhost:3000" },
      payload: { confirmation: "delete", password: kim.password },
    });
    expect(deleted.statusCode).toBe(200);
    expect(
      await t.db
        .select()
        .from(pushSubscriptions)
        .where(eq(pushSubscriptions.endpoint, kimsPhone.subscription.endpoint)),
    ).toEqual([]);
  });
});
