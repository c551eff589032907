import { SIGN_IN_FAILURES_BEFORE_HARDER_CHECK, SIGN_IN_FAILURES_PER_ADDRESS } from "@sams-web/domain/accounts/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { describe, expect, it } from "vitest";
import { createTestApp, signUp, solveBotcheck } from "../../support/helpers.ts";

// An attacker who knows someone's email tries passwords from many addresses. The owner must still
// get in; the attacker must slow down.

const { app } = await createTestApp({ AUTH_RATE_LIMIT_PER_IP: "1000", AUTH_RATE_LIMIT_PER_ACCOUNT: "1000" });

const signIn = async (email: string, password: string, address: string, level: "normal" | "harder" = "normal") =>
  app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: "http://localhost:3000", "x-botcheck": await solveBotcheck(app, level) },
    remoteAddress: address,
    payload: { email, password },
  });

describe("wrong passwords slow an attacker without locking the owner out", () => {
  it("past the threshold a harder check is asked, and the owner still signs in from a new address with it", async () => {
    const owner = await signUp(app);
    for (let i = 0; i < SIGN_IN_FAILURES_BEFORE_HARDER_CHECK; i += 1) {
      expect((await signIn(owner.email, "wrong-guess-123", `198.51.100.${i}`)).statusCode).toBe(401);
    }
    // Now even the right password needs the harder check, from anywhere ...
    const normal = await signIn(owner.email, owner.password, "203.0.113.50");
    expect(normal.statusCode).toBe(403);
    expect(normal.json().error.message).toBe(MESSAGES.harderCheckRequired);
    // ... and with it, the owner is in: never a 429.
    const harder = await signIn(owner.email, owner.password, "203.0.113.50", "harder");
    expect(harder.statusCode).toBe(200);
    expect(harder.cookies.some((c) => c.name.endsWith("session_token"))).toBe(true);
  });

  it("the attacker's guesses need the harder check too, and one address is refused past its own limit", async () => {
    const owner = await signUp(app);
    const attacker = "192.0.2.66";
    const statuses: number[] = [];
    for (let i = 0; i < SIGN_IN_FAILURES_PER_ADDRESS + 1; i += 1) {
      const level = i < SIGN_IN_FAILURES_BEFORE_HARDER_CHECK ? "normal" : "harder";
      statuses.push((await signIn(owner.email, `guess-${i}-abcdef`, attacker, level)).statusCode);
    }
    expect(statuses.slice(0, SIGN_IN_FAILURES_PER_ADDRESS).every((s) => s === 401)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    // The attacker's address is refused even with the right password; the owner elsewhere is not.
    expect((await signIn(owner.email, owner.password, attacker, "harder")).statusCode).toBe(429);
    expect((await signIn(owner.email, owner.password, "203.0.113.77", "harder")).statusCode).toBe(200);
  });

  it("a harder level cannot be claimed for a normal solution", async () => {
    const owner = await signUp(app);
    for (let i = 0; i < SIGN_IN_FAILURES_BEFORE_HARDER_CHECK; i += 1) {
      await signIn(owner.email, "wrong-guess-123", `198.51.100.${100 + i}`);
    }
    const normal = JSON.parse(Buffer.from(await solveBotcheck(app), "base64").toString("utf8"));
    const forged = Buffer.from(JSON.stringify({ ...normal, salt: `${normal.salt}&level=harder` })).toString("base64");
    const response = await app.inject({
      method: "POST",
      url: "/api/auth/sign-in/email",
      headers: { origin: "http://localhost:3000", "x-botcheck": forged },
      remoteAddress: "203.0.113.90",
      payload: { email: owner.email, password: owner.password },
    });
    expect(response.statusCode).toBe(403);
  });

  it("failures on one account do not make another's sign-in harder", async () => {
    const target = await signUp(app);
    const bystander = await signUp(app);
    for (let i = 0; i < SIGN_IN_FAILURES_BEFORE_HARDER_CHECK; i += 1) {
      await signIn(target.email, "wrong-guess-123", `198.51.100.${150 + i}`);
    }
    expect((await signIn(bystander.email, bystander.password, "203.0.113.91")).statusCode).toBe(200);
  });
});
