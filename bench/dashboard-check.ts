// Checks the Grafana dashboard (docs/grafana-dashboard.json) against real software, as far as
// this machine allows (Grafana itself is not run):
//   1. its structure, typechecked against Grafana's own dashboard types (@grafana/schema): the
//      JSON is compiled as an object literal that must satisfy `Dashboard`, so a wrong type, a
//      missing field or a property Grafana does not know is an error;
//   2. its queries, run by a real Prometheus: a server (`npm start`'s, on an embedded database,
//      METRICS_PORT set, a local stand-in for the language model speaking the OpenAI protocol)
//      sees a sign-up, an interview turn, a photo upload, a search that finds people, a report
//      and a moderator's decision, twice; Prometheus scrapes it every second; once it has scraped
//      after all that, every panel's PromQL (Grafana's variables replaced by concrete values) and the
//      instance variable's label_values go through Prometheus' HTTP API, and each panel is
//      reported: refused, no series, or how many series with a value.
// Exits 1 when the structure is wrong, a query is refused or a panel shows nothing.
//
//   npm run check:dashboard [-- --port P --metrics-port P --pg-port P --prometheus-port P]
//
// Needs the `prometheus` binary (Debian: apt-get install prometheus), or its path in PROMETHEUS_BIN.
import { type ChildProcess, spawn, spawnSync } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { MATCHES_PATH, type MatchesResponse } from "@sams-web/domain/matching/contracts";
import { photosShown } from "@sams-web/domain/matching/rules";
import { PHOTOS_PATH } from "@sams-web/domain/photos/contracts";
import { PHOTO_SIZE_PX } from "@sams-web/domain/photos/rules";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import ts from "typescript";
import { loadConfig } from "../apps/server/src/config.ts";
import { profiles, users } from "../apps/server/src/db/schema.ts";
import { createStorage } from "../apps/server/src/platform/storage/create-storage.ts";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../apps/server/test/support/fake-openai-server.ts";
import { openToolDatabase } from "../scripts/lib/tool-database.ts";
import { seed } from "../scripts/seed.ts";
import { type Instance, signUp, startInstance } from "./instances.ts";
import { freePort } from "./lib.ts";
import { AUTH_SECRET, signedInSession } from "./load/sessions.ts";

const root = path.resolve(import.meta.dirname, "..");
const DASHBOARD = path.join(root, "docs/grafana-dashboard.json");

const { values: args } = parseArgs({
  options: {
    port: { type: "string" },
    "metrics-port": { type: "string" },
    "pg-port": { type: "string" },
    "prometheus-port": { type: "string" },
  },
});

/**
 * What Grafana puts in place of its variables when it runs a query: the instance variable's
 * "All" (its allValue) and concrete ranges for the interval variables.
 */
const GRAFANA_VARIABLES: Record<string, string> = {
  instance: ".*",
  __rate_interval: "1m",
  __interval: "15s",
  __range: "1h",
};

// ── 1. Structure ──

/** Grafana's complaints about the dashboard, as TypeScript reports them against `Dashboard`. */
function structureErrors(json: string): string[] {
  const fileName = path.join(import.meta.dirname, "dashboard-structure.ts");
  const source = `import type { Dashboard } from "@grafana/schema";\nexport const dashboard = (${json}) satisfies Dashboard;\n`;
  const options: ts.CompilerOptions = {
    strict: true,
    noEmit: true,
    skipLibCheck: true,
    target: ts.ScriptTarget.ES2023,
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    types: [],
  };
  // The file is compiled in memory, beside this one so that @grafana/schema resolves from bench/.
  const host = ts.createCompilerHost(options);
  const getSourceFile = host.getSourceFile;
  host.getSourceFile = (name, ...rest) =>
    name === fileName ? ts.createSourceFile(name, source, ts.ScriptTarget.ES2023) : getSourceFile(name, ...rest);
  const fileExists = host.fileExists;
  host.fileExists = (name) => name === fileName || fileExists(name);
  const program = ts.createProgram([fileName], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where =
      diagnostic.file && diagnostic.start !== undefined
        ? `line ${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line}: `
        : "";
    return where + ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n  ");
  });
}

// ── 2. Queries ──

interface Target {
  refId: string;
  expr: string;
}
interface PanelJson {
  id: number;
  type: string;
  title: string;
  targets?: Target[];
  panels?: PanelJson[];
}
interface DashboardJson {
  panels: PanelJson[];
  templating: { list: { name: string; type: string; query: string | { query: string } }[] };
}

/** The query as Grafana sends it: `$name` and `${name}` replaced; an unknown variable is an error. */
function substitute(expr: string): string {
  return expr.replace(/\$\{(\w+)\}|\$(\w+)/g, (whole, braced?: string, bare?: string) => {
    const value = GRAFANA_VARIABLES[braced ?? bare ?? ""];
    if (value === undefined) throw new Error(`unknown Grafana variable ${whole}`);
    return value;
  });
}

interface PrometheusAnswer<T> {
  status: "success" | "error";
  data: T;
  errorType?: string;
  error?: string;
}

async function prometheus<T>(
  base: string,
  apiPath: string,
  form?: Record<string, string>,
): Promise<PrometheusAnswer<T>> {
  const response = await fetch(`${base}${apiPath}`, form ? { method: "POST", body: new URLSearchParams(form) } : {});
  return (await response.json()) as PrometheusAnswer<T>;
}

type QueryOutcome = { kind: "refused"; error: string } | { kind: "series"; series: number; withValue: number };

async function runQuery(base: string, expr: string): Promise<QueryOutcome> {
  const answer = await prometheus<{ resultType: string; result: { value: [number, string] }[] }>(
    base,
    "/api/v1/query",
    { query: expr },
  );
  if (answer.status !== "success") return { kind: "refused", error: `${answer.errorType}: ${answer.error}` };
  const { result } = answer.data;
  const withValue = result.filter((series) => Number.isFinite(Number(series.value[1]))).length;
  return { kind: "series", series: result.length, withValue };
}

/** Waits until Prometheus has scraped the server successfully after `after` (a time in ms). */
async function scrapedAfter(base: string, after: number, limitMs = 120_000): Promise<void> {
  const deadline = Date.now() + limitMs;
  for (;;) {
    const answer = await prometheus<{ activeTargets: { health: string; lastScrape: string; lastError: string }[] }>(
      base,
      "/api/v1/targets",
    ).catch(() => null);
    const target = answer?.data.activeTargets[0];
    if (target && target.health === "up" && Date.parse(target.lastScrape) > after) return;
    if (Date.now() > deadline) {
      throw new Error(
        `Prometheus did not scrape the server within ${limitMs / 1000} s (${target?.lastError ?? "no target yet"})`,
      );
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

async function startPrometheus(bin: string, metricsPort: number, port: number, dir: string) {
  const config = path.join(dir, "prometheus.yml");
  await writeFile(
    config,
    [
      "global:",
      "  scrape_interval: 1s",
      "  evaluation_interval: 1s",
      "scrape_configs:",
      "  - job_name: sams-web",
      "    static_configs:",
      `      - targets: ["127.0.0.1:${metricsPort}"]`,
      "",
    ].join("\n"),
  );
  const child: ChildProcess = spawn(
    bin,
    [
      `--config.file=${config}`,
      `--storage.tsdb.path=${path.join(dir, "tsdb")}`,
      `--web.listen-address=127.0.0.1:${port}`,
      "--log.level=error",
    ],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  return {
    base: `http://127.0.0.1:${port}`,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      await exited;
    },
  };
}

// ── The server and what people do on it ──

type Body = FakeOpenAiServer["requests"][number]["body"];
const schemaName = (body: Body) =>
  (body.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;

/** The language model's stand-in: Sam asks on, every pair scores high with nothing uncertain. */
function answer(body: Body): unknown {
  if (schemaName(body) === "compatibility_judgement") {
    return { subScores: { values: 9, lifestyle: 9, goals: 9, communication: 9, interests: 9 }, uncertain: [] };
  }
  if (schemaName(body) === "dealbreaker_reading") return { items: [] };
  return { message: "Thank you, tell me more!", stage_complete: false, stage_complete_justification: "" };
}

async function call(instance: Instance, cookie: string, name: string, data: unknown = {}): Promise<unknown> {
  const response = await fetch(`${instance.base}/api/call/${name}`, {
    method: "POST",
    headers: { cookie, origin: instance.publicUrl, "content-type": "application/json" },
    body: JSON.stringify({ data }),
  });
  const text = await response.text();
  if (response.status !== 200) throw new Error(`${name} answered ${response.status}: ${text}`);
  return (JSON.parse(text) as { result: unknown }).result;
}

interface People {
  /** Seeded people's session cookies: the first whose search finds someone searches. */
  searchers: string[];
  /** A seeded person whose address proved theirs, to be made a moderator (ADMIN_EMAILS). */
  moderator: { cookie: string; email: string };
}

/** Seeded people, each with a session of their own (cookies signed as Better Auth signs them). */
async function preparePeople(env: Record<string, string>, searchers: number): Promise<People> {
  const config = loadConfig({ ...process.env, ...env });
  const { db, close } = await openToolDatabase(config, 10);
  try {
    await seed(db, { users: 200, seed: 11, photos: false, storage: createStorage(config) });
    const people = await db
      .select({ userId: users.id, email: users.email })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .limit(searchers + 1);
    const cookies: string[] = [];
    for (const { userId } of people) cookies.push((await signedInSession(db, userId)).cookie);
    const moderator = people.at(-1);
    const moderatorCookie = cookies.pop();
    if (!moderator || !moderatorCookie) throw new Error("the seed made nobody");
    await db.update(users).set({ mailboxProvenAt: new Date() }).where(eq(users.id, moderator.userId));
    return { searchers: cookies, moderator: { cookie: moderatorCookie, email: moderator.email } };
  } finally {
    await close();
  }
}

/** Two photos (the fewest a set may have), each a colour with a patch of noise. */
async function uploadPhotos(instance: Instance, cookie: string): Promise<void> {
  const form = new FormData();
  for (const [i, background] of [
    { r: 180, g: 120, b: 90 },
    { r: 60, g: 110, b: 160 },
  ].entries()) {
    const photo = await sharp({ create: { width: PHOTO_SIZE_PX, height: PHOTO_SIZE_PX, channels: 3, background } })
      .composite([{ input: randomBytes(64 * 64 * 3), raw: { width: 64, height: 64, channels: 3 } }])
      .jpeg()
      .toBuffer();
    form.append(`photo${i}`, new Blob([photo], { type: "image/jpeg" }), `photo${i}.jpg`);
  }
  const response = await fetch(`${instance.base}${PHOTOS_PATH}`, {
    method: "PUT",
    headers: { cookie, origin: instance.publicUrl },
    body: form,
  });
  if (response.status !== 200)
    throw new Error(`the photo upload answered ${response.status}: ${await response.text()}`);
}

/** A sign-up, an interview turn, photos, a search that finds people, a report and a decision. */
async function exercise(instance: Instance, people: People, round: number): Promise<void> {
  const newcomer = await signUp(instance.base, `newcomer-${round}@example.com`);
  await call(instance, newcomer, "callSamApi", { userMessage: "I teach piano and love long walks by the river." });
  await uploadPhotos(instance, newcomer);
  // Each round's searcher is someone who has not searched yet, and whose search shows someone's
  // photos (the person they report).
  let shown: { searcher: string; personId: string } | undefined;
  for (let cookie = people.searchers.shift(); cookie && !shown; cookie = people.searchers.shift()) {
    await call(instance, cookie, "triggeredGenerateNarrative");
    const prelim = (await call(instance, cookie, "triggeredPrelimMatch")) as { found: boolean };
    if (!prelim.found) continue;
    await call(instance, cookie, "triggeredMatchingAlgo");
    const { matches } = (await (
      await fetch(`${instance.base}${MATCHES_PATH}`, { headers: { cookie } })
    ).json()) as MatchesResponse;
    // A match's id is the other person's.
    const match = matches.find((candidate) => photosShown(candidate.status));
    if (match) shown = { searcher: cookie, personId: match.id };
  }
  if (!shown) throw new Error("no seeded person left whose search shows someone's photos");
  await call(instance, shown.searcher, "reportPerson", { personId: shown.personId, reason: "scamOrSpam" });
  await call(instance, people.moderator.cookie, "moderatePerson", {
    subjectId: shown.personId,
    action: "dismiss",
    reason: "Checked: nothing wrong.",
  });
}

// ── The check ──

async function main(): Promise<number> {
  const json = await readFile(DASHBOARD, "utf8");
  const dashboard = JSON.parse(json) as DashboardJson;
  let failed = false;

  const errors = structureErrors(json);
  console.log(
    errors.length === 0
      ? "structure: satisfies @grafana/schema's Dashboard"
      : `structure: ${errors.length} error(s) against @grafana/schema's Dashboard`,
  );
  for (const error of errors) console.log(`  ${error}`);
  failed ||= errors.length > 0;

  const bin = process.env.PROMETHEUS_BIN ?? "prometheus";
  if (spawnSync(bin, ["--version"]).status !== 0) {
    console.error(`no Prometheus at "${bin}": install it (Debian: apt-get install prometheus) or set PROMETHEUS_BIN`);
    return 1;
  }

  // The embedded database's own directory (its owner is let in), and Prometheus' beside it.
  const dataDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-dashboard-data-"));
  const prometheusDir = await mkdtemp(path.join(os.tmpdir(), "sams-web-dashboard-prometheus-"));
  const port = Number(args.port ?? (await freePort()));
  const metricsPort = Number(args["metrics-port"] ?? (await freePort()));
  const fake = await startFakeOpenAiServer();
  fake.reply = answer;
  const env = {
    DATA_DIR: dataDir,
    PORT: String(port),
    METRICS_PORT: String(metricsPort),
    EMBEDDED_PG_PORT: String(args["pg-port"] ?? (await freePort())),
    PUBLIC_URL: `http://localhost:${port}`,
    AUTH_SECRET,
    LOG_LEVEL: "warn",
    LLM_BASE_URL: fake.baseUrl,
    LLM_API_KEY: "check",
    LLM_MODEL: "fake-model",
    LLM_TIMEOUT_MS: "30000",
    MATCHING_SCORER: "llm",
    NARRATIVE_WRITER: "extractive",
  };
  let server: Instance | undefined;
  let scraper: Awaited<ReturnType<typeof startPrometheus>> | undefined;
  try {
    const people = await preparePeople(env, 20);
    server = await startInstance({ ...env, ADMIN_EMAILS: people.moderator.email });
    scraper = await startPrometheus(
      bin,
      metricsPort,
      Number(args["prometheus-port"] ?? (await freePort())),
      prometheusDir,
    );
    // A scrape before anything happens, so that rates and increases see the change.
    // Everything happens twice, with a scrape before, between and after: Prometheus takes a
    // series' first sample as its start, so a series that the first round creates (a route's
    // request durations; the fixed label sets, a search's result or a report's reason, are there
    // at 0 from the start) only shows a rate from the second round on.
    await scrapedAfter(scraper.base, Date.now());
    for (const round of [1, 2]) {
      await exercise(server, people, round);
      await scrapedAfter(scraper.base, Date.now());
    }
    console.log(`Prometheus ${scraper.base} scraped the server's metrics on port ${metricsPort} after the activity`);

    for (const variable of dashboard.templating.list.filter((v) => v.type === "query")) {
      const query = typeof variable.query === "string" ? variable.query : variable.query.query;
      const labelValues = /^label_values\((\w+),\s*(\w+)\)$/.exec(query);
      if (!labelValues) {
        console.log(`variable $${variable.name}: cannot run "${query}" outside Grafana`);
        failed = true;
        continue;
      }
      const [, metric, label] = labelValues;
      const values = await prometheus<string[]>(
        scraper.base,
        `/api/v1/label/${label}/values?${new URLSearchParams({ "match[]": metric ?? "" })}`,
      );
      const ok = values.status === "success" && values.data.length > 0;
      console.log(
        `variable $${variable.name}: ${ok ? values.data.join(", ") : `nothing (${values.error ?? "no values"})`}`,
      );
      failed ||= !ok;
    }

    const panels = dashboard.panels.flatMap((panel) => [panel, ...(panel.panels ?? [])]).filter((p) => p.targets);
    let showing = 0;
    for (const panel of panels) {
      const lines: string[] = [];
      let panelShows = true;
      for (const target of panel.targets ?? []) {
        let outcome: QueryOutcome;
        try {
          outcome = await runQuery(scraper.base, substitute(target.expr));
        } catch (error) {
          outcome = { kind: "refused", error: (error as Error).message };
        }
        if (outcome.kind === "refused") {
          lines.push(`  ${target.refId}: refused: ${outcome.error}`);
          panelShows = false;
        } else {
          lines.push(`  ${target.refId}: ${outcome.series} series, ${outcome.withValue} with a value`);
          panelShows &&= outcome.withValue > 0;
        }
      }
      if (panelShows) showing++;
      console.log(`${panelShows ? "ok  " : "FAIL"} ${panel.title}`);
      for (const line of lines) console.log(line);
    }
    console.log(`panels returning data: ${showing}/${panels.length}`);
    failed ||= showing < panels.length;
  } finally {
    await scraper?.stop();
    await server?.stop();
    await fake.close();
    await rm(dataDir, { recursive: true, force: true });
    await rm(prometheusDir, { recursive: true, force: true });
  }
  return failed ? 1 : 0;
}

process.exitCode = await main();
