// Sam's interview under measurement, against the real server (embedded Postgres):
// 1. Prompt tokens sent per reply at turns 5, 30, 60 (and 120) of a long interview with the LLM brain
//    (a local fake OpenAI-compatible server counts them), next to what sending the whole history
//    would cost: the bounded context must keep the curve flat.
// 2. Server-added latency of callSamApi (signed in, scripted brain: load history, reply, save,
//    publish) p50/p95, next to /api/health in the same run.

import { type ChildProcess, spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { estimateTokens, resetFake, startFakeOpenAiServer } from "../apps/server/test/support/fake-openai-server.ts";
import { freePort, percentile } from "./lib.ts";

const root = path.resolve(import.meta.dirname, "..");
const ANSWER = "I love hiking in the mountains with friends, then cooking a long slow dinner and talking until late";

async function startServer(env: Record<string, string>): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const child = spawn("node", ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: root,
    env: { ...process.env, ...env, PORT: String(port), PUBLIC_URL: `http://localhost:${port}`, LOG_LEVEL: "warn" },
    stdio: "ignore",
  });
  const url = `http://localhost:${port}`;
  const started = Date.now();
  for (;;) {
    const ok = await fetch(`${url}/api/health`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ok) return { url, child };
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() - started > 180_000) throw new Error("no healthy answer within 180 s");
    await new Promise((r) => setTimeout(r, 100));
  }
}

async function stop(child: ChildProcess): Promise<void> {
  child.kill("SIGINT");
  await new Promise((r) => child.once("exit", r));
}

async function signUp(url: string): Promise<string> {
  const response = await fetch(`${url}/api/auth/sign-up/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: url },
    body: JSON.stringify({
      email: `bench-${Date.now()}-${Math.random()}@example.com`,
      password: "bench-password-1",
      name: "Bench",
    }),
  });
  if (!response.ok) throw new Error(`sign-up failed: ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

/**
 * One message to Sam; Sam's reply text is returned. `after` is Sam's previous reply: at the
 * dealbreakers stage the person skips the quick questions and confirms Sam's read-back, as the
 * chat's buttons do, so the interview walks on.
 */
async function callSam(url: string, cookie: string, userMessage: string, after = ""): Promise<string> {
  const data = after.endsWith(MESSAGES.tapsIntro)
    ? { userMessage: MESSAGES.tapsSkipped, nonNegotiables: { step: "taps", facts: null } }
    : after.startsWith(MESSAGES.readBackIntro)
      ? { userMessage: MESSAGES.readBackConfirmed, nonNegotiables: { step: "confirm", removed: [] } }
      : { userMessage };
  const response = await fetch(`${url}/api/call/callSamApi`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie, origin: url },
    body: JSON.stringify({ data }),
  });
  if (!response.ok) throw new Error(`callSamApi failed: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { result: { message: string } }).result.message;
}

async function timed(run: () => Promise<void>): Promise<number> {
  const started = performance.now();
  await run();
  return performance.now() - started;
}

const LIMITS = { CHAT_MESSAGES_PER_MINUTE: "100000", CHAT_IP_MESSAGES_PER_MINUTE: "100000" };

export async function measureChat() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-chat-"));
  const base = { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(await freePort()), ...LIMITS };
  try {
    // 1. Latency with the scripted brain, next to /api/health.
    const scripted = await startServer(base);
    const latency = { health: [] as number[], callSamApi: [] as number[] };
    try {
      const samples = 200;
      for (let i = 0; i < 20; i++) await fetch(`${scripted.url}/api/health`).then((r) => r.text());
      for (let i = 0; i < samples; i++) {
        latency.health.push(await timed(() => fetch(`${scripted.url}/api/health`).then((r) => void r.text())));
      }
      // A fresh person per 40 messages, so every interview stage and a growing history are covered.
      let cookie = "";
      let last = "";
      for (let i = 0; i < samples; i++) {
        if (i % 40 === 0) cookie = await signUp(scripted.url);
        latency.callSamApi.push(
          await timed(async () => {
            last = await callSam(scripted.url, cookie, `${ANSWER} (${i})`, last);
          }),
        );
      }
    } finally {
      await stop(scripted.child);
    }

    // 2. Prompt size per reply with the LLM brain against the fake endpoint.
    const fake = await startFakeOpenAiServer();
    const llm = await startServer({
      ...base,
      LLM_BASE_URL: fake.baseUrl,
      LLM_API_KEY: "bench",
      LLM_MODEL: "fake-model",
    });
    const tokensAt = new Map<number, { sent: number; wholeHistory: number }>();
    try {
      const cookie = await signUp(llm.url);
      resetFake(fake, ["valid"]);
      let historyChars = 0;
      let last = "";
      for (let turn = 1; turn <= 120; turn++) {
        // Sam moves on every seventh turn, so a 60-turn interview walks through all the stages.
        const reply = {
          message: "That's wonderful. What else would you like me to know about that side of your life?",
          stage_complete: turn % 7 === 0,
          stage_complete_justification: "Enough substance for this stage.",
        };
        fake.reply = reply;
        const userMessage = `${ANSWER}, and on turn ${turn} there is more to say about it`;
        last = await callSam(llm.url, cookie, userMessage, last);
        const sent = fake.requests.at(-1)?.promptChars ?? 0;
        historyChars += userMessage.length + reply.message.length;
        if ([5, 30, 60, 120].includes(turn)) {
          tokensAt.set(turn, { sent: estimateTokens(sent), wholeHistory: estimateTokens(historyChars) });
        }
      }
    } finally {
      await stop(llm.child);
      await fake.close();
    }
    return {
      health: { p50: percentile(latency.health, 50), p95: percentile(latency.health, 95) },
      callSamApi: { p50: percentile(latency.callSamApi, 50), p95: percentile(latency.callSamApi, 95) },
      tokensAt,
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("chat.ts")) {
  const { health, callSamApi, tokensAt } = await measureChat();
  console.log("prompt tokens per reply (LLM brain, fake endpoint; ~4 characters per token):");
  for (const [turn, { sent, wholeHistory }] of tokensAt) {
    console.log(`  turn ${turn}: ${sent} tokens sent (the whole history alone would be ${wholeHistory})`);
  }
  const t5 = tokensAt.get(5)?.sent ?? 1;
  console.log(`  turn 60 / turn 5: ${((tokensAt.get(60)?.sent ?? 0) / t5).toFixed(2)}×`);
  console.log(`/api/health: p50 ${health.p50.toFixed(2)} ms, p95 ${health.p95.toFixed(2)} ms (baseline)`);
  console.log(
    `callSamApi (scripted brain, signed in): p50 ${callSamApi.p50.toFixed(2)} ms (${(callSamApi.p50 / health.p50).toFixed(1)}× baseline), p95 ${callSamApi.p95.toFixed(2)} ms (${(callSamApi.p95 / health.p95).toFixed(1)}× baseline)`,
  );
}
