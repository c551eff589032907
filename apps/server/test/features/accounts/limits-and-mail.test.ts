import { MESSAGES } from "@sams-web/domain/shared/messages";
import { describe, expect, it } from "vitest";
import { oobCodeIn, post } from "../../support/accounts.ts";
import { createTestApp, signUp } from "../../support/helpers.ts";
import { smtpCatcher } from "../../support/smtp-catcher.ts";

// A local SMTP catcher: SMTP_URL points at it, so mail travels the real SMTP path.
const { received, listen } = smtpCatcher();
const smtpPort = await listen();

const { app } = await createTestApp({
  SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
  MAIL_FROM: "Sam's Web <sam@example.com>",
  AUTH_RATE_LIMIT_PER_IP: "8",
  AUTH_RATE_LIMIT_PER_ACCOUNT: "4",
  TRUST_PROXY: "10.0.0.1",
});

/** The link's code in the first mail to `address` with a `page` link, once the catcher has it. */
async function mailTo(address: string, page: string): Promise<string> {
  // Polled until it arrives (the test's own time limit ends a wait for a mail that never comes).
  for (;;) {
    const mail = received.find((m) => m.to.includes(address) && oobCodeIn(m.raw, page));
    if (mail) return oobCodeIn(mail.raw, page) as string;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe("mail through SMTP_URL (caught by a local smtp-server)", () => {
  it("delivers the verification email with a working link", async () => {
    const { email, cookie } = await signUp(app, { password: "violet-harbor-42-lantern" });
    const code = await mailTo(email, "/verify-email");
    expect(received.find((m) => m.to.includes(email))?.raw).toContain('From: "Sam\'s Web" <sam@example.com>');
    expect(
      (await post(app, "/api/accounts/verify-email", { oobCode: code }, { cookie, remoteAddress: "10.9.9.9" }))
        .statusCode,
    ).toBe(200);
  });

  it("delivers the password reset email with a /reset-password?oobCode= link", async () => {
    const { email } = await signUp(app, { password: "violet-harbor-42-lantern" });
    await post(
      app,
      "/api/call/sendCustomPasswordResetEmail",
      { data: { email } },
      { botcheck: true, remoteAddress: "10.8.8.8" },
    );
    const code = await mailTo(email, "/reset-password");
    const check = await post(app, "/api/accounts/check-reset-code", { oobCode: code }, { remoteAddress: "10.8.8.8" });
    expect(check.json()).toEqual({ email });
  });
});

describe("rate limits on every auth endpoint, per address and per account", () => {
  const attempt = (email: string, headers: Record<string, string> = {}, remoteAddress = "203.0.113.5") =>
    post(
      app,
      "/api/auth/sign-in/email",
      { email, password: "whatever-it-is-1" },
      { botcheck: true, headers, remoteAddress },
    );

  it("a forged X-Forwarded-For does not buy a fresh allowance from an untrusted client", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      const response = await attempt(`spray${i}@example.com`, { "x-forwarded-for": `198.51.100.${i}` });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 8).every((s) => s === 401)).toBe(true);
    expect(statuses.slice(8)).toEqual([429, 429]);
    const limited = await attempt("spray-last@example.com");
    expect(limited.json().error.message).toBe(MESSAGES.tooManyAttempts);
  });

  it("behind the configured proxy, each forwarded client counts on its own", async () => {
    for (let i = 0; i < 3; i++) {
      const response = await attempt(`proxied${i}@example.com`, { "x-forwarded-for": `192.0.2.${i}` }, "10.0.0.1");
      expect(response.statusCode).toBe(401);
    }
  });

  it("sign-ins to one account from many addresses are not refused by a per-account limit", async () => {
    // The per-account limit would let anyone lock the owner out; sign-ins escalate the bot check
    // instead (sign-in-lockout.test.ts).
    const statuses: number[] = [];
    for (let i = 0; i < 5; i++) {
      statuses.push((await attempt("target@example.com", {}, `198.18.0.${i}`)).statusCode);
    }
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
  });

  it("the verification and reset endpoints are limited too", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) {
      statuses.push(
        (await post(app, "/api/accounts/verify-email", { oobCode: "x" }, { remoteAddress: "198.19.0.1" })).statusCode,
      );
    }
    expect(statuses.at(-1)).toBe(429);
  });
});

describe("session cookie over https", () => {
  it("is Secure when PUBLIC_URL is https", async () => {
    const secure = await createTestApp({ PUBLIC_URL: "https://sams-web.example" });
    const response = await secure.app.inject({
      method: "POST",
      url: "/api/auth/sign-up/email",
      headers: {
        origin: "https://sams-web.example",
        "x-botcheck": await (await import("../../support/helpers.ts")).solveBotcheck(secure.app),
      },
      payload: { email: "secure@example.com", password: "violet-harbor-42-lantern", name: "S" },
    });
    expect(response.statusCode).toBe(200);
    const token = response.cookies.find((c) => c.name.endsWith("session_token"));
    expect(token).toMatchObject({ httpOnly: true, secure: true, sameSite: "Lax" });
  });
});
