import { describe, expect, it } from "vitest";
import { createTestApp, signUp } from "../../support/helpers.ts";

// Whom a route's own limit counts: a signed-in person by their account, whatever else their
// request carries or wherever it comes from; anyone else by their address. A junk cookie, or a
// new address, must not buy a fresh allowance.

// The limits' windows are measured by a clock that stands still, so a slow machine taking more
// than a minute over a hundred requests cannot end a window mid-test.
const now = Date.now();
const { app } = await createTestApp({}, [], undefined, { build: { rateLimitClock: () => now } });

/** PUT /api/photos allows 30 a minute; the limit is counted before the body is read (not multipart: 400). */
const upload = (headers: Record<string, string>, remoteAddress = "198.51.100.30") =>
  app.inject({ method: "PUT", url: "/api/photos", headers, payload: "not multipart", remoteAddress });

describe("the limits of a route count a signed-in person by their account", () => {
  it("a junk cookie beside the session does not reset the photo-upload limit", async () => {
    const person = await signUp(app);
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await upload({ cookie: `${person.cookie}; junk=${i}`, "content-type": "text/plain" })).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 400)).toBe(true);
    expect(statuses[30]).toBe(429);
  });

  it("nor does moving to another address: the profile's limit follows the account", async () => {
    // PATCH /api/profile allows 120 a minute.
    const person = await signUp(app);
    const statuses: number[] = [];
    for (let i = 0; i < 121; i += 1) {
      const response = await app.inject({
        method: "PATCH",
        url: "/api/profile",
        headers: { cookie: person.cookie, origin: "http://localhost:3000" },
        payload: { displayName: `Name ${i % 10}` },
        remoteAddress: `203.0.113.${i % 250}`,
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 120).every((status) => status === 200)).toBe(true);
    expect(statuses[120]).toBe(429);
  });

  it("someone signed out is counted by address, junk cookies or not", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i += 1) {
      statuses.push((await upload({ cookie: `junk=${i}`, "content-type": "text/plain" }, "198.51.100.31")).statusCode);
    }
    expect(statuses.slice(0, 30).every((status) => status === 401)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
