import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accounts, sessions, users } from "../../../src/db/schema.ts";
import { createTestApp, signUp, solveBotcheck } from "../../support/helpers.ts";

const t = await createTestApp();
const ORIGIN = "http://localhost:3000";
const PASSWORD = "violet-harbor-42-lantern";

const send = (method: "GET" | "POST", url: string, cookie: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie, origin: ORIGIN }, ...(payload ? { payload } : {}) });

async function accountOf(userId: string) {
  const [user] = await t.db.select().from(users).where(eq(users.id, userId));
  const [credential] = await t.db.select().from(accounts).where(eq(accounts.userId, userId));
  const live = await t.db.select().from(sessions).where(eq(sessions.userId, userId));
  return {
    name: user?.name,
    email: user?.email,
    image: user?.image,
    password: credential?.password,
    sessions: live.length,
  };
}

describe("Better Auth answers only the endpoints the product uses", () => {
  it("every other endpoint is 404 and changes nothing", async () => {
    const person = await signUp(t.app, { name: "Robin", password: PASSWORD });
    const other = await signUp(t.app, { password: PASSWORD });
    const before = await accountOf(person.userId);
    const attempts: ["GET" | "POST", string, object?][] = [
      ["POST", "/api/auth/change-email", { newEmail: "taken-over@example.com" }],
      ["POST", "/api/auth/change-password", { currentPassword: PASSWORD, newPassword: "another-long-pass-99" }],
      ["POST", "/api/auth/set-password", { newPassword: "another-long-pass-99" }],
      ["GET", "/api/auth/list-sessions"],
      ["POST", "/api/auth/revoke-sessions", {}],
      ["POST", "/api/auth/revoke-other-sessions", {}],
      ["POST", "/api/auth/revoke-session", { token: "x" }],
      ["POST", "/api/auth/delete-user", {}],
      ["GET", "/api/auth/list-accounts"],
      ["POST", "/api/auth/unlink-account", { providerId: "credential" }],
      ["POST", "/api/auth/link-social", { provider: "google" }],
      ["GET", "/api/auth/account-info"],
      ["POST", "/api/auth/get-access-token", { providerId: "google" }],
      ["POST", "/api/auth/refresh-token", { providerId: "google" }],
      ["POST", "/api/auth/send-verification-email", { email: person.email }],
      ["GET", "/api/auth/verify-email?token=x"],
      ["POST", "/api/auth/request-password-reset", { email: person.email }],
      ["POST", "/api/auth/reset-password", { token: "x", newPassword: "another-long-pass-99" }],
      ["POST", "/api/auth/update-session", {}],
      ["GET", "/api/auth/ok"],
      ["GET", "/api/auth/sign-up/email"],
      ["POST", "/api/auth/get-session", {}],
    ];
    for (const [method, url, payload] of attempts) {
      const response = await send(method, url, person.cookie, payload);
      expect(response.statusCode, `${method} ${url}`).toBe(404);
      expect(response.json().error.status).toBe("NOT_FOUND");
    }
    expect(await accountOf(person.userId)).toEqual(before);
    expect((await send("GET", "/api/auth/get-session", other.cookie)).json()?.user?.id).toBe(other.userId);
  });

  it("update-user keeps to the display-name rules: a 5,000-character or empty name, or any other field, is refused", async () => {
    const person = await signUp(t.app, { name: "Robin", password: PASSWORD });
    const refused: [object, string][] = [
      [{ name: "x".repeat(5_000) }, MESSAGES.displayNameTooLong],
      [{ name: "" }, MESSAGES.displayNameRequired],
      [{ name: " <'&> " }, MESSAGES.displayNameRequired],
      [{ name: "Robin", image: `https://example.com/${"x".repeat(5_000)}` }, MESSAGES.nameChangeOnly],
      [{ image: "https://example.com/me.png" }, MESSAGES.nameChangeOnly],
      [{ email: "taken-over@example.com" }, MESSAGES.nameChangeOnly],
    ];
    for (const [payload, message] of refused) {
      const response = await send("POST", "/api/auth/update-user", person.cookie, payload);
      expect(response.statusCode, JSON.stringify(payload).slice(0, 60)).toBe(400);
      expect(response.json().message).toBe(message);
    }
    const after = await accountOf(person.userId);
    expect(after.name).toBe("Robin");
    expect(after.image).toBeNull();
    expect(after.email).toBe(person.email);
  });

  it("a name changed through update-user is the profile's display name too: one name, whichever door changes it", async () => {
    const person = await signUp(t.app, { name: "Robin", password: PASSWORD });
    const renamed = await send("POST", "/api/auth/update-user", person.cookie, { name: "Renamedb <x>" });
    expect(renamed.statusCode).toBe(200);
    const profile = await send("GET", "/api/profile", person.cookie);
    expect(profile.json().profile.displayName).toBe("Renamedb x");
    expect((await accountOf(person.userId)).name).toBe("Renamedb x");
    const session = await send("GET", "/api/auth/get-session", person.cookie);
    expect(session.json().user.name).toBe("Renamedb x");
  });

  it("sign-up sets only the email, password and name: an image or a verified flag is refused", async () => {
    for (const extra of [{ image: `https://example.com/${"x".repeat(100_000)}` }, { emailVerified: true }]) {
      const email = `extra-${Object.keys(extra)[0]}@example.com`;
      const response = await t.app.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        headers: { origin: ORIGIN, "x-botcheck": await solveBotcheck(t.app) },
        payload: { email, password: PASSWORD, name: "Extra", ...extra },
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(MESSAGES.unexpectedFields);
      expect(await t.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    }
  });

  it("the endpoints the web app calls still work: get-session, sign-out", async () => {
    const person = await signUp(t.app, { password: PASSWORD });
    const session = await send("GET", "/api/auth/get-session", person.cookie);
    expect(session.statusCode).toBe(200);
    expect(session.json().user.id).toBe(person.userId);
    expect((await send("POST", "/api/auth/sign-out", person.cookie, {})).statusCode).toBe(200);
    expect((await send("GET", "/api/auth/get-session", person.cookie)).json()).toBeNull();
  });
});
