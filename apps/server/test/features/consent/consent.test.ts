import type { RealtimeEvent } from "@sams-web/domain/api/realtime";
import { acceptAll, manageCookies } from "@sams-web/domain/consent/rules";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { consentRecords } from "../../../src/db/schema.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";

const { app, db, bus, config } = await createTestApp();

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
