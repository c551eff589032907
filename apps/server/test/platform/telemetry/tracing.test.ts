import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { solveChallenge } from "altcha-lib/v1";
import { afterAll, describe, expect, it } from "vitest";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../../support/fake-openai-server.ts";
import { createTestDatabase } from "../../support/helpers.ts";
import { createPerson } from "../../support/matching-fixtures.ts";
import { type OtlpReceiver, type ReceivedSpan, startOtlpReceiver } from "../../support/otlp-receiver.ts";
import { type ServerProcess, startServerProcess, stopServerProcess } from "../../support/server-process.ts";

// `npm start` with OTEL_EXPORTER_OTLP_ENDPOINT: the server sends its traces over OTLP/HTTP to a
// local receiver, and a search's work (its steps, the model's calls, the database's queries) is
// nested under the request that asked for it.

const database = await createTestDatabase();
const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-test-tracing-"));
const receiver: OtlpReceiver = await startOtlpReceiver();
const fake: FakeOpenAiServer = await startFakeOpenAiServer();
let server: ServerProcess | null = null;
afterAll(async () => {
  if (server && server.child.exitCode === null) server.child.kill("SIGKILL");
  await fake.close();
  await receiver.close();
  await database.drop();
  await rm(dataDir, { recursive: true, force: true });
});

type Body = FakeOpenAiServer["requests"][number]["body"];
const schemaName = (body: Body) => (body.response_format as { json_schema?: { name?: string } }).json_schema?.name;
fake.reply = (body: Body) => {
  if (schemaName(body) === "narrative") {
    const content = String(body.messages.at(-1)?.content);
    return JSON.parse(content.slice("<answers>".length, -"</answers>".length));
  }
  return { subScores: { values: 9, lifestyle: 9, goals: 9, communication: 9, interests: 9 }, uncertain: [] };
};

async function signUpOver(base: string): Promise<{ cookie: string; userId: string }> {
  const challenge = (await (await fetch(`${base}/api/botcheck/challenge`)).json()) as {
    algorithm: string;
    challenge: string;
    salt: string;
    maxnumber: number;
  };
  const solution = await solveChallenge(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  const response = await fetch(`${base}/api/auth/sign-up/email`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: base.replace("127.0.0.1", "localhost"),
      "x-botcheck": Buffer.from(JSON.stringify({ ...challenge, number: solution?.number })).toString("base64"),
    },
    body: JSON.stringify({ email: "traced@example.com", password: "correct horse battery staple", name: "Tracy" }),
  });
  if (response.status !== 200) throw new Error(`sign-up answered ${response.status}: ${await response.text()}`);
  const body = (await response.json()) as { user: { id: string } };
  const cookie = response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
  return { cookie, userId: body.user.id };
}

async function callOver(base: string, cookie: string, name: string) {
  const response = await fetch(`${base}/api/call/${name}`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: base.replace("127.0.0.1", "localhost") },
    body: JSON.stringify({ data: {} }),
  });
  expect(response.status, name).toBe(200);
  return (await response.json()) as { result: unknown };
}

/** The span's ancestors, nearest first, among the spans received. */
function ancestors(span: ReceivedSpan, spans: ReceivedSpan[]): ReceivedSpan[] {
  const byId = new Map(spans.map((s) => [s.spanId, s]));
  const chain: ReceivedSpan[] = [];
  for (let parent = byId.get(span.parentSpanId); parent; parent = byId.get(parent.parentSpanId)) chain.push(parent);
  return chain;
}

describe("tracing", () => {
  it("sends a search's spans, nested under its request, to the OTLP endpoint", async () => {
    server = await startServerProcess({
      databaseUrl: database.url,
      dataDir,
      env: {
        OTEL_EXPORTER_OTLP_ENDPOINT: receiver.endpoint,
        OTEL_BSP_SCHEDULE_DELAY: "100",
        LLM_BASE_URL: fake.baseUrl,
        LLM_API_KEY: "test-key",
        LLM_MODEL: "fake-model",
      },
    });
    const { base } = server;
    const { cookie, userId } = await signUpOver(base);
    await createPerson(database.db, { userId, zipCode: "10001" });
    await createPerson(database.db, { gender: "man", seekingGender: "woman", zipCode: "10002" });
    await callOver(base, cookie, "triggeredGenerateNarrative");
    expect((await callOver(base, cookie, "triggeredPrelimMatch")).result).toMatchObject({ found: true });
    expect((await callOver(base, cookie, "triggeredMatchingAlgo")).result).toEqual({ found: true });

    const isScoringRequest = (span: ReceivedSpan) =>
      span.kind === 2 && span.attributes["url.path"] === "/api/call/triggeredMatchingAlgo";
    for (let tries = 0; ; tries++) {
      const request = receiver.spans.find(isScoringRequest);
      if (request && receiver.spans.some((s) => s.name === "model scorer" && s.traceId === request.traceId)) break;
      if (tries > 300) throw new Error(`no scoring trace in ${JSON.stringify(receiver.spans.map((s) => s.name))}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const request = receiver.spans.find(isScoringRequest)!;
    const trace = receiver.spans.filter((span) => span.traceId === request.traceId);
    const under = (name: string) =>
      trace.filter((span) => span.name === name && ancestors(span, trace).some((a) => a.spanId === request.spanId));
    // The route's handler, the model's calls (each with its HTTP call to the model under it) and
    // the queries that wrote the pairs, all nested under the request.
    expect(under("handler /api/call/:name")).toHaveLength(1);
    // The search's scoring step, and under it the scorer's two calls (the pair both ways).
    const [scoring] = under("search scoring");
    expect(scoring).toBeDefined();
    expect(under("model scorer")).toHaveLength(2);
    for (const call of under("model scorer")) expect(ancestors(call, trace)).toContain(scoring);
    expect(under("model narrative")).toHaveLength(1);
    for (const call of under("model scorer")) {
      const http = trace.filter((span) => span.parentSpanId === call.spanId && span.kind === 3);
      expect(http.map((span) => span.attributes["url.path"])).toEqual(["/v1/chat/completions"]);
    }
    const writes = trace.filter(
      (span) =>
        String(span.attributes["db.query.text"] ?? "").startsWith('insert into "matches"') &&
        ancestors(span, trace).includes(request),
    );
    expect(writes.length).toBeGreaterThanOrEqual(1);
    // Queries are sent as text with placeholders, never with the values.
    expect(JSON.stringify(trace)).not.toContain("10001");

    // A query string may carry a one-time code: it never reaches the collector.
    const code = "one-time-code-5f2a9c";
    await fetch(`${base}/verify-email?oobCode=${code}`);
    await fetch(`${base}/api/health/ready`);
    for (let tries = 0; !receiver.spans.some((span) => span.attributes["url.path"] === "/verify-email"); tries++) {
      if (tries > 300) throw new Error("the page request was not traced");
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const page = receiver.spans.find((span) => span.kind === 2 && span.attributes["url.path"] === "/verify-email");
    expect(page?.attributes["url.query"]).toBe("REDACTED");
    expect(JSON.stringify(receiver.spans)).not.toContain(code);
    // Probes are not traced; every span names the service.
    expect(receiver.spans.some((span) => String(span.attributes["url.path"] ?? "").startsWith("/api/health"))).toBe(
      false,
    );
    expect(new Set(receiver.spans.map((span) => span.service))).toEqual(new Set(["sams-web"]));
    expect(receiver.contentTypes.every((type) => type.startsWith("application/json"))).toBe(true);
    expect(await stopServerProcess(server)).toBe(0);
  }, 180_000);
});
