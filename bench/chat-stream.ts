// Time to Sam's first visible character with a model, in Chromium, streamed and not, in one run.
//
//   node --import tsx bench/chat-stream.ts [--messages 12] [--answer-ms 4000] [--port P] [--pg-port P]
//
// A local OpenAI-compatible server writes each reply token by token, so that a whole answer takes
// --answer-ms (about 4 s). A signed-in person sends --messages messages from the chat screen;
// the page notes when Enter was pressed and when the first character of Sam's reply showed.
// Baseline: the same page, server and model with the stream turned off (the browser's Accept
// header for streamed answers removed on the way), so the reply arrives whole, as it did before
// streaming. Messages alternate between the two, so both see the same machine.
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { chromium } from "@playwright/test";
import { CALLABLE_STREAM_TYPE } from "@sams-web/domain/api/callables";
import { startFakeOpenAiServer, tokensOf } from "../apps/server/test/support/fake-openai-server.ts";
import { signUp, startInstance } from "./instances.ts";
import { CHROMIUM_ARGS, chromiumPath, freePort, percentile } from "./lib.ts";

const { values: args } = parseArgs({
  options: {
    messages: { type: "string", default: "12" },
    "answer-ms": { type: "string", default: "4000" },
    port: { type: "string" },
    "pg-port": { type: "string" },
    /** Where to save screenshots of a reply being streamed (phone, then laptop). */
    screens: { type: "string" },
  },
});
const MESSAGES_PER_MODE = Number(args.messages);
const ANSWER_MS = Number(args["answer-ms"]);

const REPLY = {
  message:
    "That sounds like a lovely way to spend a weekend. Cooking for friends says a lot about you: you like to look after people and make them feel at home. What is the dish your friends ask you for again and again, and who taught you to make it?",
  stage_complete: false,
  stage_complete_justification: "The person is still telling me about themselves.",
};

async function main() {
  const fake = await startFakeOpenAiServer();
  fake.reply = REPLY;
  fake.tokenDelayMs = ANSWER_MS / tokensOf(JSON.stringify(REPLY)).length;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-stream-"));
  const port = Number(args.port ?? (await freePort()));
  const url = `http://localhost:${port}`;
  const server = await startInstance({
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(args["pg-port"] ?? (await freePort())),
    PUBLIC_URL: url,
    LOG_LEVEL: "warn",
    BOTCHECK_MAX_NUMBER: "1",
    AUTH_RATE_LIMIT_PER_IP: "1000",
    CHAT_MESSAGES_PER_MINUTE: "1000",
    CHAT_IP_MESSAGES_PER_MINUTE: "1000",
    LLM_BASE_URL: fake.baseUrl,
    LLM_API_KEY: "bench",
    LLM_MODEL: "fake-model",
  });
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: CHROMIUM_ARGS });
  const firstChar = { streamed: [] as number[], whole: [] as number[] };
  try {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const cookieHeader = await signUp(server.base, `stream-${Date.now()}@example.com`);
    await context.addCookies(
      cookieHeader.split("; ").map((pair) => {
        const [name = "", ...value] = pair.split("=");
        return { name, value: value.join("="), url };
      }),
    );
    // The baseline: the Accept header for a streamed answer removed, so the reply comes whole.
    let streaming = true;
    await context.route("**/api/call/callSamApi", async (route) => {
      const headers = { ...route.request().headers() };
      if (!streaming) headers.accept = "application/json";
      await route.continue({ headers });
    });
    const page = await context.newPage();
    await page.goto(url);
    await page.locator("#chat-input").waitFor();
    // Sam's greeting types itself out first; the box takes a message once it is done.
    await page.getByRole("button", { name: /Sam is typing/ }).click();
    await page.getByRole("button", { name: "Send" }).waitFor();
    // In the page: when Enter was pressed, and when the first character of Sam's reply showed.
    await page.evaluate(() => {
      const w = window as unknown as { sentAt: number | null; firstCharAfter: number | null };
      w.sentAt = null;
      w.firstCharAfter = null;
      document.addEventListener(
        "keydown",
        (event) => {
          if (event.key === "Enter") {
            w.sentAt = performance.now();
            w.firstCharAfter = null;
          }
        },
        true,
      );
      new MutationObserver(() => {
        if (w.sentAt === null || w.firstCharAfter !== null) return;
        const typed = document.querySelector('button[aria-label^="Sam is typing"] span[aria-hidden="true"]');
        if (typed && (typed.textContent ?? "").length > 0) w.firstCharAfter = performance.now() - w.sentAt;
      }).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    for (let i = 0; i < MESSAGES_PER_MODE * 2; i++) {
      streaming = i % 2 === 0;
      await page.locator("#chat-input").fill(`I love cooking for my friends on Sundays (${i}).`);
      await page.locator("#chat-input").press("Enter");
      await page.waitForFunction(
        () => (window as unknown as { firstCharAfter: number | null }).firstCharAfter !== null,
        null,
        {
          timeout: 60_000,
        },
      );
      const ms = await page.evaluate(() => (window as unknown as { firstCharAfter: number }).firstCharAfter);
      (streaming ? firstChar.streamed : firstChar.whole).push(ms);
      // The first two streamed replies, a second in: on a phone, then on a laptop.
      if (args.screens && streaming && i < 4) {
        await page.waitForTimeout(1000);
        await page.screenshot({ path: path.join(args.screens, `chat-streaming-${i === 0 ? "390" : "1280"}.png`) });
        if (i === 0) await page.setViewportSize({ width: 1280, height: 800 });
      }
      // Show what has arrived at once, again until the whole reply is in and the box takes the next message.
      const send = page.getByRole("button", { name: "Send" });
      while (!(await send.isVisible())) {
        const typing = page.getByRole("button", { name: /Sam is typing/ });
        if (await typing.isVisible()) await typing.click().catch(() => {});
        await page.waitForTimeout(100);
      }
    }
  } finally {
    await browser.close();
    await server.stop();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  const line = (name: string, list: number[]) =>
    `${name}: p50 ${percentile(list, 50).toFixed(0)} ms, p95 ${percentile(list, 95).toFixed(0)} ms (${list.length} replies)`;
  console.log(`a whole answer takes ${ANSWER_MS} ms (${fake.tokenDelayMs.toFixed(1)} ms per token)`);
  console.log(line("time to Sam's first character, reply whole (baseline)", firstChar.whole));
  console.log(line("time to Sam's first character, reply streamed", firstChar.streamed));
  console.log(
    `streamed / whole at p50: ${(percentile(firstChar.streamed, 50) / percentile(firstChar.whole, 50)).toFixed(2)}×; accept header sent: ${CALLABLE_STREAM_TYPE}`,
  );
}

await main();
