// When a person sees the first and the last candidate of a search scored by a model.
//
//   node --import tsx bench/search-progress.ts [--call-ms 2000] [--searches 3] [--port P] [--pg-port P]
//
// A local OpenAI-compatible server judges each pair in --call-ms (the time a model takes); the
// search judges the top k = 20 both ways (40 calls, 4 at a time, as configured by default). The
// person's event stream is open: each "matches" event is when their chat can show a new candidate.
// Baseline, in the same run: the end of the scoring call, which is when the search showed its
// first candidate before pairs were announced one by one (everything was announced at the end).
import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { EVENTS_PATH } from "@sams-web/domain/api/realtime";
import { eq } from "drizzle-orm";
import { loadConfig } from "../apps/server/src/config.ts";
import { profiles } from "../apps/server/src/db/schema.ts";
import { createStorage } from "../apps/server/src/platform/storage/create-storage.ts";
import { startFakeOpenAiServer, tokensOf } from "../apps/server/test/support/fake-openai-server.ts";
import { openToolDatabase } from "../scripts/lib/tool-database.ts";
import { seed } from "../scripts/seed.ts";
import { startInstance } from "./instances.ts";
import { freePort, percentile } from "./lib.ts";
import { AUTH_SECRET, signedInSession } from "./load/sessions.ts";

const { values: args } = parseArgs({
  options: {
    "call-ms": { type: "string", default: "2000" },
    searches: { type: "string", default: "3" },
    people: { type: "string", default: "4000" },
    port: { type: "string" },
    "pg-port": { type: "string" },
  },
});
const CALL_MS = Number(args["call-ms"]);
const JUDGEMENT = { subScores: { values: 9, lifestyle: 8, goals: 9, communication: 8, interests: 7 }, uncertain: [] };

/** Searchers: seeded people at one metro ZIP (10001, New York), each with a session cookie. */
async function prepare(env: Record<string, string>, count: number): Promise<string[]> {
  const config = loadConfig({ ...process.env, ...env });
  const { db, close } = await openToolDatabase(config, 30);
  try {
    await seed(db, { users: Number(args.people), seed: 5, photos: false, storage: createStorage(config) });
    const nearby = await db
      .select({ userId: profiles.userId })
      .from(profiles)
      .where(eq(profiles.zipCode, "10001"))
      .limit(200);
    const searchers = nearby.slice(0, count);
    if (searchers.length < count) {
      // Not enough people at the metro ZIP itself: any seeded people will do (their pools vary).
      searchers.push(
        ...(await db.select({ userId: profiles.userId }).from(profiles).limit(count)).slice(searchers.length),
      );
    }
    const cookies: string[] = [];
    for (const { userId } of searchers) cookies.push((await signedInSession(db, userId)).cookie);
    return cookies;
  } finally {
    await close();
  }
}

function call(port: number, cookie: string, name: string): Promise<{ status: number; body: string }> {
  return fetch(`http://127.0.0.1:${port}/api/call/${name}`, {
    method: "POST",
    headers: { cookie, origin: `http://localhost:${port}`, "content-type": "application/json" },
    body: JSON.stringify({ data: {} }),
  }).then(async (r) => ({ status: r.status, body: await r.text() }));
}

/** The person's event stream: the times "matches" was heard, from when `since` is set. */
function listen(port: number, cookie: string) {
  const heard: number[] = [];
  const request = http.get({ host: "127.0.0.1", port, path: EVENTS_PATH, headers: { cookie } }, (response) => {
    response.setEncoding("utf8");
    response.on("data", (chunk: string) => {
      if (chunk.includes('"topic":"matches"')) heard.push(performance.now());
    });
  });
  request.on("error", () => {});
  return { heard, close: () => request.destroy() };
}

async function main() {
  const fake = await startFakeOpenAiServer();
  fake.reply = JUDGEMENT;
  fake.tokenDelayMs = CALL_MS / tokensOf(JSON.stringify(JUDGEMENT)).length;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-search-"));
  const port = Number(args.port ?? (await freePort()));
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(args["pg-port"] ?? (await freePort())),
    PUBLIC_URL: `http://localhost:${port}`,
    AUTH_SECRET,
    LOG_LEVEL: "warn",
    LLM_BASE_URL: fake.baseUrl,
    LLM_API_KEY: "bench",
    LLM_MODEL: "fake-model",
    LLM_TIMEOUT_MS: "120000",
    MATCHING_SCORER: "llm",
    NARRATIVE_WRITER: "extractive",
  };
  const cookies = await prepare(env, Number(args.searches));
  const server = await startInstance(env);
  const rows: { first: number; last: number; end: number; events: number; calls: number }[] = [];
  try {
    for (const cookie of cookies) {
      const stream = listen(port, cookie);
      await new Promise((r) => setTimeout(r, 300));
      for (const step of ["triggeredGenerateNarrative", "triggeredPrelimMatch"]) {
        const result = await call(port, cookie, step);
        if (result.status !== 200) throw new Error(`${step}: ${result.status} ${result.body}`);
      }
      const calls = fake.requests.length;
      const started = performance.now();
      stream.heard.length = 0;
      const scored = await call(port, cookie, "triggeredMatchingAlgo");
      const end = performance.now() - started;
      if (scored.status !== 200) throw new Error(`scoring: ${scored.status} ${scored.body}`);
      // The last event is the search's own end; the ones before it are the pairs as they came.
      const pairs = stream.heard.slice(0, -1).map((at) => at - started);
      stream.close();
      rows.push({
        first: pairs[0] ?? end,
        last: pairs.at(-1) ?? end,
        end,
        events: pairs.length,
        calls: fake.requests.length - calls,
      });
    }
  } finally {
    await server.stop();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  console.log(`each judgement takes ${CALL_MS} ms; k = 20, 4 pairs at a time`);
  for (const row of rows) {
    console.log(
      `  search: ${row.calls} model calls, ${row.events} candidates announced; first at ${(row.first / 1000).toFixed(1)} s, last at ${(row.last / 1000).toFixed(1)} s; scoring ends at ${(row.end / 1000).toFixed(1)} s (baseline: first and last shown then)`,
    );
  }
  const p50 = (pick: (r: (typeof rows)[number]) => number) => (percentile(rows.map(pick), 50) / 1000).toFixed(1);
  console.log(
    `p50: first candidate ${p50((r) => r.first)} s (baseline ${p50((r) => r.end)} s), last ${p50((r) => r.last)} s (baseline ${p50((r) => r.end)} s)`,
  );
}

await main();
