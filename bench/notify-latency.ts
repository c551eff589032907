// How soon the passive side of a pair hears of it: from a pair being written (its created_at) to
// the email about new people landing in the outbox and to the push reaching the person's device,
// p50/p95 over every person a search left questions or photos for (target: p95 within 60 s).
// Baseline, from the same run: how long after the pair was written the searcher, who watched the
// search, had its answer (the Begin Search call returning): the passive side's figure over it says
// how much later than the person watching the passive side hears.
//
//   node --import tsx bench/notify-latency.ts [--searches 8] [--people 2000] [--seed 5] [--port P] [--pg-port P]
//     [--burst] [--smtp]
//
// A real server (`npm start`'s main.ts, embedded PostgreSQL, pg-boss, the outbox mailer, the
// heuristic scorer) and a local push service standing in for the browsers' (the server's
// PUSH_SERVICE_ORIGINS lets it post there). Every seeded person has a session and a subscribed
// device, so whoever a search finds can be pushed to. Searchers at one metro ZIP press Begin Search
// through the API, one after the other (or all at once with --burst); the people their searches
// find are the passive side. --smtp sends the mail over SMTP to a local mail server instead of the
// outbox, and times each mail's arrival there.
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { and, eq, inArray } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { loadConfig } from "../apps/server/src/config.ts";
import { matches, profiles, pushSubscriptions } from "../apps/server/src/db/schema.ts";
import { createStorage } from "../apps/server/src/platform/storage/create-storage.ts";
import { startLocalPushService } from "../apps/server/test/support/push-service.ts";
import { openToolDatabase } from "../scripts/lib/tool-database.ts";
import { seed } from "../scripts/seed.ts";
import { type Instance, startInstance } from "./instances.ts";
import { freePort, percentile } from "./lib.ts";
import { AUTH_SECRET, signedInSession } from "./load/sessions.ts";

const { values: args } = parseArgs({
  options: {
    searches: { type: "string", default: "8" },
    people: { type: "string", default: "2000" },
    seed: { type: "string", default: "5" },
    port: { type: "string" },
    "pg-port": { type: "string" },
    burst: { type: "boolean", default: false },
    smtp: { type: "boolean", default: false },
  },
});
/** How long a search's passive side is waited for before what is missing counts as never told. */
const WAIT_MS = 180_000;

function call(port: number, cookie: string, name: string): Promise<{ status: number; body: string }> {
  return fetch(`http://127.0.0.1:${port}/api/call/${name}`, {
    method: "POST",
    headers: { cookie, origin: `http://localhost:${port}`, "content-type": "application/json" },
    body: JSON.stringify({ data: {} }),
  }).then(async (r) => ({ status: r.status, body: await r.text() }));
}

/** A local mail server for SMTP_URL that notes when each recipient's mail arrived. */
async function startSmtpSink() {
  const received: { to: string; at: number }[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      stream.on("data", () => {});
      stream.on("end", () => {
        for (const to of session.envelope.rcptTo) received.push({ to: to.address, at: Date.now() });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    received,
    port: (server.server.address() as AddressInfo).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

async function main() {
  const push = await startLocalPushService();
  // When the first push arrived at a device, by the device's path.
  const pushedAt = (devicePath: string) => push.received.find((received) => received.path === devicePath)?.at;
  const smtp = args.smtp ? await startSmtpSink() : undefined;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-notify-"));
  const port = Number(args.port ?? (await freePort()));
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    EMBEDDED_PG_PORT: String(args["pg-port"] ?? (await freePort())),
    PUBLIC_URL: `http://localhost:${port}`,
    AUTH_SECRET,
    LOG_LEVEL: "warn",
    MATCHING_SCORER: "heuristic",
    NARRATIVE_WRITER: "extractive",
    PUSH_SERVICE_ORIGINS: "http://127.0.0.1:*",
    ...(smtp ? { SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, MAIL_FROM: "Sam's Web <sam@example.com>" } : {}),
  };
  const config = loadConfig({ ...process.env, ...env });
  // Seeded with the embedded database started for the tool; read, once the server runs its own
  // embedded database on the same port and directory, through that server's address.
  let { db, close } = await openToolDatabase(config, 30);
  let server: Instance | undefined;
  try {
    await seed(db, {
      users: Number(args.people),
      seed: Number(args.seed),
      photos: false,
      storage: createStorage(config),
    });
    const everyone = await db.select({ userId: profiles.userId, email: profiles.email }).from(profiles);
    const deviceOf = new Map<string, string>();
    const cookieOf = new Map<string, string>();
    for (const { userId } of everyone) {
      const session = await signedInSession(db, userId);
      const device = push.device();
      await db.insert(pushSubscriptions).values({
        endpoint: device.subscription.endpoint,
        userId,
        sessionId: session.id,
        p256dh: device.subscription.keys.p256dh,
        auth: device.subscription.keys.auth,
      });
      deviceOf.set(userId, new URL(device.subscription.endpoint).pathname);
      cookieOf.set(userId, session.cookie);
    }
    const emailOf = new Map(everyone.map((p) => [p.userId, p.email]));
    // Searchers at one metro ZIP when the seed put enough people there, else any seeded people.
    const nearby = await db.select({ userId: profiles.userId }).from(profiles).where(eq(profiles.zipCode, "10001"));
    const searchers = [...nearby, ...everyone]
      .map((row) => row.userId)
      .filter((id, i, all) => all.indexOf(id) === i)
      .slice(0, Number(args.searches));
    await close();
    close = async () => {};
    server = await startInstance(env);
    const url = `postgres://sams_web:sams_web_local@127.0.0.1:${env.EMBEDDED_PG_PORT}/sams_web`;
    ({ db, close } = await openToolDatabase(loadConfig({ ...process.env, ...env, DATABASE_URL: url }), 30));
    // Every search runs to its answer: one after another, or all at once with --burst.
    const answeredAt = new Map<string, number>();
    const search = async (searcher: string) => {
      const cookie = cookieOf.get(searcher) as string;
      for (const step of ["triggeredGenerateNarrative", "triggeredPrelimMatch", "triggeredMatchingAlgo"]) {
        const result = await call(port, cookie, step);
        if (result.status !== 200) throw new Error(`${step}: ${result.status} ${result.body}`);
      }
      answeredAt.set(searcher, Date.now());
    };
    if (args.burst) await Promise.all(searchers.map(search));
    else for (const searcher of searchers) await search(searcher);
    // The passive side: each person the searches left questions or photos for, by the first pair
    // that did (a later pair within the day is gathered into tomorrow's digest, not emailed now).
    const firstPairOf = new Map<string, { searcher: string; createdAt: number }>();
    const pairs = await db
      .select({ userId: matches.userId, searcher: matches.candidateId, createdAt: matches.createdAt })
      .from(matches)
      .where(
        and(inArray(matches.candidateId, searchers), inArray(matches.status, ["followupsQueued", "photoValidation"])),
      );
    for (const pair of pairs) {
      if (searchers.includes(pair.userId)) continue;
      const first = firstPairOf.get(pair.userId);
      if (!first || pair.createdAt.getTime() < first.createdAt)
        firstPairOf.set(pair.userId, { searcher: pair.searcher, createdAt: pair.createdAt.getTime() });
    }
    const passive = [...firstPairOf.keys()];
    const deadline = Date.now() + WAIT_MS;
    const mailedAt = new Map<string, number>();
    const emailsOf = new Map(passive.map((userId) => [emailOf.get(userId) as string, userId]));
    while (Date.now() < deadline) {
      if (smtp) {
        for (const mail of smtp.received) {
          const userId = emailsOf.get(mail.to);
          if (userId && !mailedAt.has(userId)) mailedAt.set(userId, mail.at);
        }
      } else {
        for (const file of await readdir(path.join(dataDir, "outbox")).catch(() => [] as string[])) {
          const text = await readFile(path.join(dataDir, "outbox", file), "utf8");
          // The header names the person too: `To: Riley <seed-…@example.com>`.
          const to = text.split(/\r?\n/).find((line) => line.startsWith("To: ")) ?? "";
          const userId = emailsOf.get(to.match(/<([^>]+)>/)?.[1] ?? "");
          if (userId && !mailedAt.has(userId)) mailedAt.set(userId, Number(file.split("-")[0]));
        }
      }
      if (passive.every((id) => mailedAt.has(id) && pushedAt(deviceOf.get(id) as string) !== undefined)) break;
      await new Promise((r) => setTimeout(r, 250));
    }
    const emailLatency: number[] = [];
    const pushLatency: number[] = [];
    const searcherLatency: number[] = [];
    for (const [userId, pair] of firstPairOf) {
      const mailed = mailedAt.get(userId);
      const pushed = pushedAt(deviceOf.get(userId) as string);
      searcherLatency.push((answeredAt.get(pair.searcher) as number) - pair.createdAt);
      emailLatency.push(mailed === undefined ? Number.POSITIVE_INFINITY : mailed - pair.createdAt);
      pushLatency.push(pushed === undefined ? Number.POSITIVE_INFINITY : pushed - pair.createdAt);
    }
    console.log(
      `${searchers.length} searches ${args.burst ? "at once" : "one after another"}, mail ${smtp ? "over SMTP" : "to the outbox"}`,
    );
    const s = (xs: number[], p: number) => `${(percentile(xs, p) / 1000).toFixed(1)} s`;
    const ratio = (xs: number[]) => (percentile(xs, 95) / percentile(searcherLatency, 95)).toFixed(1);
    const missed = (xs: number[]) => xs.filter((x) => x === Number.POSITIVE_INFINITY).length;
    console.log(`${emailLatency.length} passive people`);
    console.log(
      `baseline, pair written -> the searcher's answer: p50 ${s(searcherLatency, 50)}, p95 ${s(searcherLatency, 95)}`,
    );
    console.log(
      `pair written -> email ${smtp ? "at the mail server" : "in the outbox"}: p50 ${s(emailLatency, 50)}, p95 ${s(emailLatency, 95)} (${ratio(emailLatency)}x the baseline's p95; ${missed(emailLatency)} never)`,
    );
    console.log(
      `pair written -> push at the device:  p50 ${s(pushLatency, 50)}, p95 ${s(pushLatency, 95)} (${ratio(pushLatency)}x the baseline's p95; ${missed(pushLatency)} never)`,
    );
  } finally {
    await server?.stop();
    await close();
    await push.close();
    await smtp?.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

await main();
