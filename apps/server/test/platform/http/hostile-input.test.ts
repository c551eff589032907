import { MESSAGES } from "@sams-web/domain/shared/messages";
import { eq, sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { buildApp, FEATURES, type Feature } from "../../../src/app.ts";
import { messages, profiles, users } from "../../../src/db/schema.ts";
import { createAuth } from "../../../src/features/accounts/auth.ts";
import { createInProcessBus } from "../../../src/platform/realtime/bus.ts";
import { createTestApp, signUp, solveBotcheck } from "../../support/helpers.ts";

// Every attack carries this text; none of it may reach the log.
const CANARY = "canary-7qz";
const ORIGIN = "http://localhost:3000";

// A route that fails in the database with the person's text as a query parameter, as any query
// might: its log line must name the query, never the parameter.
const failingQuery: Feature = async (app) => {
  app.post("/api/test/failing-query", async (request) => {
    const { text } = request.body as { text: string };
    await app.db.execute(sql`select ${text}::integer`);
    return { ok: true };
  });
};

const t = await createTestApp();
const logLines: string[] = [];
const logged = await buildApp(
  {
    config: { ...t.config, LOG_LEVEL: "info" },
    db: t.db,
    pool: t.pool,
    bus: createInProcessBus(),
    auth: createAuth({ config: t.config, db: t.db, secret: "test-secret-test-secret-test-secret-0123" }),
    logStream: { write: (line: string) => void logLines.push(line) },
  },
  [...FEATURES, failingQuery],
);
afterAll(() => logged.close());

const person = await signUp(logged);
const asPerson = { cookie: person.cookie, origin: ORIGIN };

function expectNulRefused(response: { statusCode: number; json: () => unknown }) {
  expect(response.statusCode).toBe(400);
  expect(response.json()).toEqual({
    error: { status: "INVALID_ARGUMENT", code: "textHasNulCharacter", message: MESSAGES.textHasNulCharacter },
  });
}

describe("a NUL character in any text input is refused with 400, never a 500", () => {
  it("in a JSON body: a chat message, a profile field, a nested key, an auth request", async () => {
    expectNulRefused(
      await logged.inject({
        method: "POST",
        url: "/api/call/callSamApi",
        headers: asPerson,
        payload: { data: { userMessage: `hello ${CANARY} \u0000 there` } },
      }),
    );
    expectNulRefused(
      await logged.inject({
        method: "PATCH",
        url: "/api/profile",
        headers: asPerson,
        payload: { displayName: `${CANARY}\u0000` },
      }),
    );
    expectNulRefused(
      await logged.inject({
        method: "PATCH",
        url: "/api/profile",
        headers: asPerson,
        payload: { privacySettings: { [`${CANARY}\u0000`]: true } },
      }),
    );
    expectNulRefused(
      await logged.inject({
        method: "POST",
        url: "/api/auth/sign-up/email",
        headers: { origin: ORIGIN, "x-botcheck": await solveBotcheck(logged) },
        payload: { email: `${CANARY}@example.com`, password: "violet-harbor-42-lantern", name: `${CANARY}\u0000` },
      }),
    );
    expect(await t.db.select().from(messages).where(eq(messages.userId, person.userId))).toEqual([]);
    const [profile] = await t.db.select().from(profiles).where(eq(profiles.userId, person.userId));
    expect(profile?.displayName).toBe("Test Person");
    expect(
      await t.db
        .select()
        .from(users)
        .where(eq(users.email, `${CANARY}@example.com`)),
    ).toEqual([]);
  });

  it("in a query string and in a path parameter", async () => {
    expectNulRefused(await logged.inject({ method: "GET", url: `/api/matches?q=${CANARY}%00`, headers: asPerson }));
    expectNulRefused(
      await logged.inject({ method: "GET", url: `/api/photos/${CANARY}%00/1/photo0.jpg`, headers: asPerson }),
    );
  });

  it("text without NUL still goes through", async () => {
    const response = await logged.inject({
      method: "PATCH",
      url: "/api/profile",
      headers: asPerson,
      payload: { displayName: "Robin" },
    });
    expect(response.statusCode).toBe(200);
  });
});

describe("a malformed multipart body is 400", () => {
  const upload = (body: string, boundary = "XYZ") =>
    logged.inject({
      method: "PUT",
      url: "/api/photos",
      headers: { ...asPerson, "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: body,
    });

  it("a body cut off inside a file, a part without headers, no closing boundary", async () => {
    const part = 'Content-Disposition: form-data; name="photo0"; filename="a.jpg"\r\nContent-Type: image/jpeg\r\n\r\n';
    for (const body of [
      `--XYZ\r\n${part}${CANARY}`,
      `--XYZ\r\n${part}`,
      `--XYZ\r\n${CANARY}`,
      "--XYZ",
      `--XYZ\r\n${part}${CANARY}\r\n--XYZ\r\n${part}`,
    ]) {
      const response = await upload(body);
      expect(response.statusCode, body).toBe(400);
      expect(response.json().error.message).toBe(MESSAGES.photoUnreadable);
    }
  });
});

describe("the log holds no user text and no query parameters", () => {
  it("after the attacks above, a failing query with the person's text, and a query string", async () => {
    await logged.inject({ method: "GET", url: `/api/profile?email=${CANARY}@example.com`, headers: asPerson });
    const failed = await logged.inject({
      method: "POST",
      url: "/api/test/failing-query",
      headers: asPerson,
      payload: { text: `${CANARY} secret words` },
    });
    expect(failed.statusCode).toBe(500);
    expect(failed.body).not.toContain(CANARY);

    const log = logLines.join("");
    expect(log).toContain("/api/profile");
    expect(log).toContain("select $1::integer");
    expect(log).not.toContain(CANARY);
    expect(log).not.toContain("email=");
  });
});
