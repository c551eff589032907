import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { profiles, users } from "../../../src/db/schema.ts";
import { cookieOf, logIn, oobCodeFromOutbox, post } from "../../support/accounts.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";

// Who owns an account is whoever proved its mailbox while holding its password. An attacker who
// registers someone else's address, with a password of their own, must not be handed the account
// when the real owner (or a mail scanner that runs the page's script) opens the verification link.

const MODERATOR = "mod@example.test";
const { app, db, config } = await createTestApp({ ADMIN_EMAILS: `${MODERATOR},second-mod@example.test` });

const queueStatus = async (cookie: string) =>
  (await app.inject({ method: "GET", url: "/api/admin/queue", headers: { cookie } })).statusCode;

describe("a verification link opened by someone other than the account's creator", () => {
  it("does not verify an attacker's registration of the moderator's address, so it never reads the queue", async () => {
    const attackerPassword = "attacker-owns-this-42";
    const attacker = await signUp(app, { email: "MOD@Example.test", password: attackerPassword });
    // The link goes to the real moderator's mailbox; they (or their mail scanner) open it, in a
    // browser where the attacker is not signed in.
    const code = await oobCodeFromOutbox(config.dataDir, MODERATOR, "/verify-email");
    const opened = await post(app, "/api/accounts/verify-email", { oobCode: code });
    expect(opened.statusCode).toBe(401);
    expect(opened.json().error.message).toBe(MESSAGES.verifySignInFirst);

    const [row] = await db
      .select({ emailVerified: users.emailVerified })
      .from(users)
      .where(eq(users.id, attacker.userId));
    expect(row?.emailVerified).toBe(false);
    expect(await queueStatus(attacker.cookie)).toBe(404);
    const again = await logIn(app, MODERATOR, attackerPassword);
    expect(again.statusCode).toBe(200);
    expect(await queueStatus(cookieOf(again))).toBe(404);

    // The real owner takes the address back through a reset link: that proves the mailbox and
    // sets a password together, ends the attacker's sessions, and only then makes a moderator.
    await post(app, "/api/call/sendCustomPasswordResetEmail", { data: { email: MODERATOR } }, { botcheck: true });
    const resetCode = await oobCodeFromOutbox(config.dataDir, MODERATOR, "/reset-password");
    const ownerPassword = "the-real-moderator-7";
    const reset = await post(app, "/api/accounts/reset-password", { oobCode: resetCode, newPassword: ownerPassword });
    expect(reset.statusCode).toBe(200);
    expect((await app.inject({ method: "GET", url: "/api/me", headers: { cookie: attacker.cookie } })).statusCode).toBe(
      401,
    );
    expect((await logIn(app, MODERATOR, attackerPassword)).statusCode).toBe(401);
    const owner = await logIn(app, MODERATOR, ownerPassword);
    expect(await queueStatus(cookieOf(owner))).toBe(200);
  });

  it("verifies only while signed in as the account it was sent for; signed in as another, it is refused and stays usable", async () => {
    const person = await signUp(app);
    const other = await signUp(app);
    const code = await oobCodeFromOutbox(config.dataDir, person.email, "/verify-email");
    const wrongAccount = await post(app, "/api/accounts/verify-email", { oobCode: code }, { cookie: other.cookie });
    expect(wrongAccount.statusCode).toBe(403);
    expect(wrongAccount.json().error.message).toBe(MESSAGES.verifyOtherAccount);
    const verified = await post(app, "/api/accounts/verify-email", { oobCode: code }, { cookie: person.cookie });
    expect(verified.statusCode).toBe(200);
    const [profile] = await db
      .select({ verified: profiles.verified })
      .from(profiles)
      .where(eq(profiles.userId, person.userId));
    expect(profile?.verified).toBe(true);
  });

  it("the moderator who verifies their own address while signed in reads the queue", async () => {
    const owner = await signUp(app, { email: "second-mod@example.test" });
    expect(await queueStatus(owner.cookie)).toBe(404);
    const code = await oobCodeFromOutbox(config.dataDir, "second-mod@example.test", "/verify-email");
    expect(
      (await post(app, "/api/accounts/verify-email", { oobCode: code }, { cookie: owner.cookie })).statusCode,
    ).toBe(200);
    expect(await queueStatus(owner.cookie)).toBe(200);
  });
});

describe("an account verified before its owner proved the mailbox with the password", () => {
  it("has no moderator power until a reset link sets its password", async () => {
    const email = "legacy-mod@example.test";
    const { app: legacyApp, db: legacyDb, config: legacyConfig } = await createTestApp({ ADMIN_EMAILS: email });
    const account = await signUp(legacyApp, { email });
    // Verified the old way, by whoever opened the link: nothing says who holds the password.
    await legacyDb.update(users).set({ emailVerified: true }).where(eq(users.id, account.userId));
    expect(
      (await legacyApp.inject({ method: "GET", url: "/api/admin/queue", headers: { cookie: account.cookie } }))
        .statusCode,
    ).toBe(404);
    await post(legacyApp, "/api/call/sendCustomPasswordResetEmail", { data: { email } }, { botcheck: true });
    const code = await oobCodeFromOutbox(legacyConfig.dataDir, email, "/reset-password");
    await post(legacyApp, "/api/accounts/reset-password", { oobCode: code, newPassword: "a-proven-password-5" });
    const signedIn = await logIn(legacyApp, email, "a-proven-password-5");
    expect(
      (await legacyApp.inject({ method: "GET", url: "/api/admin/queue", headers: { cookie: cookieOf(signedIn) } }))
        .statusCode,
    ).toBe(200);
  });
});
