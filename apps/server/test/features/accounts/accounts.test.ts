import { authErrorMessage } from "@sams-web/domain/accounts/auth-errors";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { Feature } from "../../../src/app.ts";
import { conversations, matches, messages, profiles, sessions, users, verifications } from "../../../src/db/schema.ts";
import { logIn, oobCodeFromOutbox, post } from "../../support/accounts.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";
import { mailsTo } from "../../support/outbox.ts";

const deletedUsers: string[] = [];
const recordDeletions: Feature = async ({ accountLifecycle }) => {
  accountLifecycle.onDeleted(async (userId) => {
    deletedUsers.push(userId);
  });
};

const { app, db, bus, config, pool } = await createTestApp({}, [recordDeletions]);

const STRONG = "violet-harbor-42-lantern";

describe("sign-up", () => {
  it("refuses a sign-up without a solved bot check", async () => {
    const response = await post(app, "/api/auth/sign-up/email", {
      email: "nobot@example.com",
      password: STRONG,
      name: "N",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(MESSAGES.securityCheckFailed);
  });

  it("refuses a replayed bot-check solution", async () => {
    const { solveBotcheck } = await import("../../support/helpers.ts");
    const solution = await solveBotcheck(app);
    const first = await post(
      app,
      "/api/auth/sign-up/email",
      { email: "replay1@example.com", password: STRONG, name: "R" },
      { headers: { "x-botcheck": solution } },
    );
    expect(first.statusCode).toBe(200);
    const second = await post(
      app,
      "/api/auth/sign-up/email",
      { email: "replay2@example.com", password: STRONG, name: "R" },
      { headers: { "x-botcheck": solution } },
    );
    expect(second.statusCode).toBe(403);
  });

  it("refuses a tampered bot-check solution", async () => {
    const { solveBotcheck } = await import("../../support/helpers.ts");
    const payload = JSON.parse(Buffer.from(await solveBotcheck(app), "base64").toString("utf8"));
    const tampered = Buffer.from(JSON.stringify({ ...payload, number: payload.number + 1 })).toString("base64");
    const response = await post(
      app,
      "/api/auth/sign-in/email",
      { email: "tamper@example.com", password: STRONG },
      { headers: { "x-botcheck": tampered } },
    );
    expect(response.statusCode).toBe(403);
    expect(response.json().error.message).toBe(MESSAGES.securityCheckFailed);
  });

  it("the server policy refuses fewer than 8 characters with its requirement (password-does-not-meet-requirements)", async () => {
    const response = await post(
      app,
      "/api/auth/sign-up/email",
      { email: "short@example.com", password: "abc1234", name: "S" },
      { botcheck: true },
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS",
      message: MESSAGES.passwordPolicy,
    });
  });

  it("the server policy refuses one of the most common passwords", async () => {
    for (const password of ["password123", "Iloveyou1", "qwertyuiop"]) {
      const response = await post(
        app,
        "/api/auth/sign-up/email",
        { email: `common-${password.length}@example.com`, password, name: "C" },
        { botcheck: true },
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe("PASSWORD_DOES_NOT_MEET_REQUIREMENTS");
    }
  });

  it("'Email already in use.' comes from USER_ALREADY_EXISTS for a taken email", async () => {
    const { email } = await signUp(app, { password: STRONG });
    const response = await post(
      app,
      "/api/auth/sign-up/email",
      { email, password: STRONG, name: "Again" },
      { botcheck: true },
    );
    expect(response.statusCode).toBe(422);
    expect(authErrorMessage(response.json())).toBe("Email already in use.");
  });

  it("'Invalid email address.' comes from INVALID_EMAIL", async () => {
    const response = await post(
      app,
      "/api/auth/sign-up/email",
      { email: "not-an-email", password: STRONG, name: "X" },
      { botcheck: true },
    );
    expect(response.statusCode).toBe(400);
    expect(authErrorMessage(response.json())).toBe("Invalid email address.");
  });

  it("creates the profile: sanitised name, status unavailable, verified false", async () => {
    const { userId } = await signUp(app, { name: ` <b>Ann & "Bo"</b> `, password: STRONG });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(profile).toMatchObject({ displayName: "bAnn  Bo/b", status: "unavailable", verified: false });
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user?.name).toBe("bAnn  Bo/b");
  });

  it("falls back to the part of the email before the @ when the name is empty", async () => {
    const { userId } = await signUp(app, { name: "  ", email: "fallback.person@example.com", password: STRONG });
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(profile?.displayName).toBe("fallback.person");
  });
});

describe("log-in ('Invalid email or password.')", () => {
  it("answers INVALID_EMAIL_OR_PASSWORD for a wrong password and for an unknown user alike", async () => {
    const { email } = await signUp(app, { password: STRONG });
    const wrong = await logIn(app, email, "not-the-password-1");
    const unknown = await logIn(app, "nobody-here@example.com", STRONG);
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(authErrorMessage(wrong.json())).toBe("Invalid email or password.");
    expect(authErrorMessage(unknown.json())).toBe("Invalid email or password.");
  });

  it("logs in with the right password; the session cookie is HttpOnly, SameSite=Lax and outlives the browser (persisted session)", async () => {
    const { email } = await signUp(app, { password: STRONG });
    const response = await logIn(app, email, STRONG);
    expect(response.statusCode).toBe(200);
    const token = response.cookies.find((c) => c.name.endsWith("session_token"));
    expect(token).toMatchObject({ httpOnly: true, sameSite: "Lax" });
    expect(token?.secure).toBeFalsy();
    expect(token?.maxAge).toBeGreaterThanOrEqual(29 * 24 * 3600);
  });
});

describe("name changes", () => {
  it("a name changed through the auth API is stripped of < > \" ' & like at sign-up", async () => {
    const { cookie, userId } = await signUp(app, { password: STRONG });
    const response = await post(app, "/api/auth/update-user", { name: " <i>Zed's</i> " }, { cookie });
    expect(response.statusCode).toBe(200);
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(user?.name).toBe("iZeds/i");
  });
});

describe("GET /api/me", () => {
  it("answers 401 without a session", async () => {
    const response = await app.inject({ method: "GET", url: "/api/me" });
    expect(response.statusCode).toBe(401);
  });

  it("answers the signed-in user's id, email, name and emailVerified", async () => {
    const { cookie, userId, email } = await signUp(app, { name: "Mia", password: STRONG });
    const response = await app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(response.json()).toEqual({
      id: userId,
      email,
      name: "Mia",
      emailVerified: false,
      providers: ["credential"],
    });
  });
});

describe("email verification (verifying, then success or error)", () => {
  it("sign-up mails a /verify-email?oobCode= link; opening it verifies the profile and publishes 'profile'", async () => {
    const { email, userId, cookie } = await signUp(app, { password: STRONG });
    const code = await oobCodeFromOutbox(config.dataDir, email, "/verify-email");
    const events: string[] = [];
    const stop = bus.subscribe(userId, (event) => events.push(event.topic));
    const response = await post(app, "/api/accounts/verify-email", { oobCode: code }, { cookie });
    stop();
    expect(response.statusCode).toBe(200);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
    const [user] = await db.select().from(users).where(eq(users.id, userId));
    expect(profile?.verified).toBe(true);
    expect(user?.emailVerified).toBe(true);
    expect(events).toContain("profile");
    const me = await app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
    expect(me.json().emailVerified).toBe(true);
  });

  it("a used code fails the second time (single use)", async () => {
    const { email, cookie } = await signUp(app, { password: STRONG });
    const code = await oobCodeFromOutbox(config.dataDir, email, "/verify-email");
    expect((await post(app, "/api/accounts/verify-email", { oobCode: code }, { cookie })).statusCode).toBe(200);
    const again = await post(app, "/api/accounts/verify-email", { oobCode: code }, { cookie });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(MESSAGES.verificationFailedDetail);
  });

  it("an expired code fails (verification links last 24 hours)", async () => {
    const { email, userId, cookie } = await signUp(app, { password: STRONG });
    const code = await oobCodeFromOutbox(config.dataDir, email, "/verify-email");
    const [token] = await db.select().from(verifications).where(eq(verifications.value, userId));
    expect(token!.expiresAt.getTime() - Date.now()).toBeGreaterThan(23.9 * 3600_000);
    expect(token!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(24 * 3600_000);
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(verifications.value, userId));
    const response = await post(app, "/api/accounts/verify-email", { oobCode: code }, { cookie });
    expect(response.statusCode).toBe(400);
    const [profile] = await db.select().from(profiles).where(eq(profiles.userId, userId));
    expect(profile?.verified).toBe(false);
  });

  it("no code and a made-up code fail", async () => {
    expect((await post(app, "/api/accounts/verify-email", {})).statusCode).toBe(400);
    expect((await post(app, "/api/accounts/verify-email", { oobCode: "made-up" })).statusCode).toBe(400);
  });

  it("sendCustomVerificationEmail needs a session and mails a fresh link that supersedes the old one", async () => {
    const anonymous = await post(app, "/api/call/sendCustomVerificationEmail", { data: {} });
    expect(anonymous.statusCode).toBe(401);
    const { email, cookie } = await signUp(app, { password: STRONG });
    const first = await oobCodeFromOutbox(config.dataDir, email, "/verify-email");
    const response = await post(app, "/api/call/sendCustomVerificationEmail", { data: {} }, { cookie });
    expect(response.json()).toEqual({ result: { sent: true, alreadyVerified: false } });
    let second = first;
    for (let i = 0; i < 50 && second === first; i++) {
      second = await oobCodeFromOutbox(config.dataDir, email, "/verify-email");
    }
    expect(second).not.toBe(first);
    expect((await post(app, "/api/accounts/verify-email", { oobCode: first }, { cookie })).statusCode).toBe(400);
    expect((await post(app, "/api/accounts/verify-email", { oobCode: second }, { cookie })).statusCode).toBe(200);
  });
});

describe("password reset", () => {
  const requestReset = (email: string, botcheck = true) =>
    post(app, "/api/call/sendCustomPasswordResetEmail", { data: { email } }, { botcheck });

  it("answers the same neutral result whether or not the account exists", async () => {
    const { email } = await signUp(app, { password: STRONG });
    const known = await requestReset(email);
    const unknown = await requestReset("no-such-person@example.com");
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toEqual({ result: { message: MESSAGES.resetLinkSent } });
  });

  it("needs a bot check and a valid email", async () => {
    expect((await requestReset("someone@example.com", false)).statusCode).toBe(403);
    const invalid = await requestReset("nope");
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.message).toBe(MESSAGES.invalidEmail);
  });

  it("the emailed code names the account, resets the password once, and ends the other sessions", async () => {
    const { email, cookie } = await signUp(app, { password: STRONG });
    await requestReset(email);
    const code = await oobCodeFromOutbox(config.dataDir, email, "/reset-password");

    const check = await post(app, "/api/accounts/check-reset-code", { oobCode: code });
    expect(check.json()).toEqual({ email });

    const weak = await post(app, "/api/accounts/reset-password", { oobCode: code, newPassword: "12345678" });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatchObject({
      code: "PASSWORD_DOES_NOT_MEET_REQUIREMENTS",
      message: MESSAGES.passwordPolicy,
    });

    const newPassword = "copper-kettle-sings-77";
    const reset = await post(app, "/api/accounts/reset-password", { oobCode: code, newPassword });
    expect(reset.statusCode).toBe(200);

    expect((await app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(401);
    expect((await logIn(app, email, STRONG)).statusCode).toBe(401);
    expect((await logIn(app, email, newPassword)).statusCode).toBe(200);

    const reused = await post(app, "/api/accounts/reset-password", {
      oobCode: code,
      newPassword: "another-fine-pass-9",
    });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().error.message).toBe(MESSAGES.resetFailed);
    const recheck = await post(app, "/api/accounts/check-reset-code", { oobCode: code });
    expect(recheck.statusCode).toBe(400);
    expect(recheck.json().error.message).toBe(MESSAGES.invalidResetLink);
  });

  it("an expired reset code fails (reset links last 1 hour)", async () => {
    const { email, userId } = await signUp(app, { password: STRONG });
    await requestReset(email);
    const code = await oobCodeFromOutbox(config.dataDir, email, "/reset-password");
    const [token] = await db
      .select()
      .from(verifications)
      .where(sql`${verifications.value} = ${userId} and ${verifications.identifier} like 'sams-reset-password:%'`);
    expect(token!.expiresAt.getTime() - Date.now()).toBeLessThanOrEqual(3600_000);
    expect(token!.expiresAt.getTime() - Date.now()).toBeGreaterThan(3500_000);
    await db
      .update(verifications)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(verifications.id, token!.id));
    expect((await post(app, "/api/accounts/check-reset-code", { oobCode: code })).statusCode).toBe(400);
    const reset = await post(app, "/api/accounts/reset-password", {
      oobCode: code,
      newPassword: "copper-kettle-sings-78",
    });
    expect(reset.statusCode).toBe(400);
  });
});

describe("logout", () => {
  it("ends the session: the cookie then gets 401", async () => {
    const { cookie } = await signUp(app, { password: STRONG });
    const out = await post(app, "/api/auth/sign-out", {}, { cookie });
    expect(out.statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(401);
  });
});

describe("state-changing requests from another origin are refused", () => {
  it("refuses a cross-origin sign-in, logout and callable", async () => {
    const { email, cookie } = await signUp(app, { password: STRONG });
    const evil = { origin: "https://evil.example" };
    const signIn = await post(
      app,
      "/api/auth/sign-in/email",
      { email, password: STRONG },
      { botcheck: true, headers: evil },
    );
    expect(signIn.statusCode).toBe(403);
    const signOut = await post(app, "/api/auth/sign-out", {}, { cookie, headers: evil });
    expect(signOut.statusCode).toBe(403);
    const callable = await post(app, "/api/call/sendCustomVerificationEmail", { data: {} }, { cookie, headers: evil });
    expect(callable.statusCode).toBe(403);
    const fetchMetadata = await app.inject({
      method: "POST",
      url: "/api/accounts/delete",
      headers: { cookie, "sec-fetch-site": "cross-site" },
      payload: { confirmation: "delete" },
    });
    expect(fetchMetadata.statusCode).toBe(403);
    expect((await app.inject({ method: "GET", url: "/api/me", headers: { cookie } })).statusCode).toBe(200);
  });
});

describe("account deletion", () => {
  it("requires typing 'delete'", async () => {
    const { cookie } = await signUp(app, { password: STRONG });
    const response = await post(app, "/api/accounts/delete", { confirmation: "remove" }, { cookie });
    expect(response.statusCode).toBe(400);
    expect(response.json().error.message).toBe(MESSAGES.deleteConfirmationRequired);
  });

  it("needs a session", async () => {
    const response = await post(app, "/api/accounts/delete", { confirmation: "delete" });
    expect(response.statusCode).toBe(401);
  });

  it("without a recent login asks for the password; a wrong one fails to reauthenticate", async () => {
    const { cookie, userId } = await signUp(app, { password: STRONG });
    await db
      .update(sessions)
      .set({ createdAt: new Date(Date.now() - 10 * 60_000) })
      .where(eq(sessions.userId, userId));
    const ask = await post(app, "/api/accounts/delete", { confirmation: "delete" }, { cookie });
    expect(ask.statusCode).toBe(400);
    expect(ask.json().error).toMatchObject({ code: "REAUTH_PASSWORD_REQUIRED", message: MESSAGES.reauthWithPassword });
    const wrong = await post(
      app,
      "/api/accounts/delete",
      { confirmation: "delete", password: "wrong-password-1" },
      { cookie },
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatchObject({ code: "REAUTH_FAILED", message: MESSAGES.reauthFailed });
    const right = await post(app, "/api/accounts/delete", { confirmation: "delete", password: STRONG }, { cookie });
    expect(right.statusCode).toBe(200);
    expect(await db.select().from(users).where(eq(users.id, userId))).toEqual([]);
  });

  it("checks a password given up front even within a recent login: a wrong one deletes nothing", async () => {
    const { cookie, userId, email } = await signUp(app, { password: STRONG });
    const wrong = await post(
      app,
      "/api/accounts/delete",
      { confirmation: "delete", password: "wrong-password-1" },
      { cookie },
    );
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error).toMatchObject({ code: "REAUTH_FAILED" });
    expect(await db.select().from(users).where(eq(users.id, userId))).toHaveLength(1);
    const right = await post(app, "/api/accounts/delete", { confirmation: "delete", password: STRONG }, { cookie });
    expect(right.statusCode).toBe(200);
    expect(await db.select().from(users).where(eq(users.id, userId))).toEqual([]);
    // A short email tells the address the account had that it is gone.
    expect(
      (await mailsTo({ config }, email)).some((mail) => mail.text.includes("Your Sam's Web account is deleted")),
    ).toBe(true);
  });

  it("one user's session deletes only that user's own account", async () => {
    const a = await signUp(app, { password: STRONG });
    const b = await signUp(app, { password: STRONG });
    const response = await post(
      app,
      "/api/accounts/delete",
      { confirmation: "delete", userId: b.userId },
      { cookie: a.cookie },
    );
    expect(response.statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/me", headers: { cookie: b.cookie } })).statusCode).toBe(200);
    expect((await logIn(app, b.email, STRONG)).statusCode).toBe(200);
    expect((await logIn(app, a.email, STRONG)).statusCode).toBe(401);
  });

  it("removes every row naming the user in every table, and tells the features (photos)", async () => {
    const person = await signUp(app, { name: "Gone Soon", password: STRONG });
    const other = await signUp(app, { password: STRONG });
    // Data of every kind: a conversation with a message, matches on both sides, an open reset token.
    await db.insert(conversations).values({ id: `${Date.now()}`, userId: person.userId });
    const [conversation] = await db.select().from(conversations).where(eq(conversations.userId, person.userId));
    await db.insert(messages).values({
      conversationId: conversation!.id,
      userId: person.userId,
      sender: "user",
      text: "hello",
      stage: "rapport_building",
    });
    await db.insert(matches).values([
      { userId: person.userId, candidateId: other.userId, status: "photoValidation", score: 80 },
      { userId: other.userId, candidateId: person.userId, status: "photoValidation", score: 80 },
    ]);
    await post(app, "/api/call/sendCustomPasswordResetEmail", { data: { email: person.email } }, { botcheck: true });
    await oobCodeFromOutbox(config.dataDir, person.email, "/reset-password");
    await logIn(app, person.email, STRONG);

    const response = await post(app, "/api/accounts/delete", { confirmation: "delete" }, { cookie: person.cookie });
    expect(response.statusCode).toBe(200);
    expect(deletedUsers).toContain(person.userId);

    const { rows: columns } = await pool.query<{ table_name: string; column_name: string }>(
      `select table_name, column_name from information_schema.columns
        where table_schema = 'public' and data_type in ('text', 'character varying', 'jsonb', 'json')`,
    );
    const tables = new Set(columns.map((c) => c.table_name));
    expect(tables.size).toBeGreaterThanOrEqual(8);
    const leftovers: string[] = [];
    for (const table of tables) {
      const cols = columns.filter((c) => c.table_name === table).map((c) => `"${c.column_name}"::text`);
      const { rows } = await pool.query(
        `select count(*)::int as n from "${table}" where ${cols.map((c) => `position($1 in ${c}) > 0 or position($2 in ${c}) > 0`).join(" or ")}`,
        [person.userId, person.email],
      );
      if (rows[0].n > 0) leftovers.push(`${table}: ${rows[0].n}`);
    }
    expect(leftovers).toEqual([]);
    // The other person keeps their account, without the match.
    expect((await app.inject({ method: "GET", url: "/api/me", headers: { cookie: other.cookie } })).statusCode).toBe(
      200,
    );

    // The deleted account's cookie gets 401, and logging in fails.
    expect((await app.inject({ method: "GET", url: "/api/me", headers: { cookie: person.cookie } })).statusCode).toBe(
      401,
    );
    const again = await logIn(app, person.email, STRONG);
    expect(authErrorMessage(again.json())).toBe("Invalid email or password.");
  });
});
