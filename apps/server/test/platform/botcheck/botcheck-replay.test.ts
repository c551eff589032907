import { MESSAGES } from "@sams-web/domain/shared/messages";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp } from "../../../src/app.ts";
import { createAuth } from "../../../src/features/accounts/auth.ts";
import { createInProcessBus } from "../../../src/platform/realtime/bus.ts";
import { createTestApp, signUp, solveBotcheck } from "../../support/helpers.ts";

const t = await createTestApp();
const ORIGIN = "http://localhost:3000";

const signIn = (app = t.app, solution: string, email: string, password: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/sign-in/email",
    headers: { origin: ORIGIN, "x-botcheck": solution },
    payload: { email, password },
  });

const passedBotcheck = (response: { statusCode: number; body: string }) =>
  !(response.statusCode === 403 && response.body.includes(MESSAGES.securityCheckFailed));

describe("a bot-check solution works once, however many requests carry it at once", () => {
  it("20 parallel sign-ins with one solution: at most one passes the bot check", async () => {
    const person = await signUp(t.app);
    const solution = await solveBotcheck(t.app);

    const responses = await Promise.all(
      Array.from({ length: 20 }, () => signIn(t.app, solution, person.email, person.password)),
    );

    expect(responses.filter(passedBotcheck)).toHaveLength(1);
    expect(responses.find(passedBotcheck)?.statusCode).toBe(200);
  });

  it("a solution used on one instance is refused on another sharing the database", async () => {
    const auth = createAuth({ config: t.config, db: t.db, secret: "test-secret-test-secret-test-secret-0123" });
    const other = await buildApp({ config: t.config, db: t.db, pool: t.pool, bus: createInProcessBus(), auth });
    afterAll(() => other.close());
    const person = await signUp(t.app);
    const solution = await solveBotcheck(other);

    const responses = await Promise.all(
      Array.from({ length: 20 }, (_, i) => signIn(i % 2 ? other : t.app, solution, person.email, person.password)),
    );

    expect(responses.filter(passedBotcheck)).toHaveLength(1);
  });

  it("used solutions are kept only until their challenge has expired", async () => {
    await t.db.execute(
      sql`insert into botcheck_solutions (signature, expires_at) values ('long-expired', now() - interval '1 hour')`,
    );
    const person = await signUp(t.app);
    expect((await signIn(t.app, await solveBotcheck(t.app), person.email, person.password)).statusCode).toBe(200);
    const left = await t.db.execute<{ signature: string }>(
      sql`select signature from botcheck_solutions where expires_at <= now()`,
    );
    expect(left.rows).toEqual([]);
  });
});
