import { readFileSync } from "node:fs";
import path from "node:path";
import { FUNNEL_STEPS } from "@sams-web/domain/insights/rules";
import { MODERATION_ACTIONS, REPORT_REASONS } from "@sams-web/domain/safety/rules";
import { afterAll, describe, expect, it } from "vitest";
import { type FakeOpenAiServer, startFakeOpenAiServer } from "../../support/fake-openai-server.ts";
import { createTestApp, dealbreakersNext, signUp } from "../../support/helpers.ts";
import { call, DEFAULT_INTERVIEW, signedUpPerson } from "../../support/matching-fixtures.ts";

// Prometheus metrics on the public port, behind METRICS_TOKEN: after a real sign-up, an interview
// turn and a search (with a language model, a local fake that speaks the OpenAI protocol), each
// metric family is there with the labels it promises, and no label carries anything about a
// person: only words from fixed sets.

const TOKEN = "a-long-enough-metrics-token";

const fake: FakeOpenAiServer = await startFakeOpenAiServer();
afterAll(() => fake.close());

type Body = FakeOpenAiServer["requests"][number]["body"];
const schemaName = (body: Body) => (body.response_format as { json_schema?: { name?: string } }).json_schema?.name;
fake.reply = (body: Body) => {
  if (schemaName(body) === "narrative") {
    const content = String(body.messages.at(-1)?.content);
    return JSON.parse(content.slice("<answers>".length, -"</answers>".length));
  }
  if (schemaName(body) === "compatibility_judgement") {
    return { subScores: { values: 9, lifestyle: 9, goals: 9, communication: 9, interests: 9 }, uncertain: [] };
  }
  if (schemaName(body) === "dealbreaker_reading") {
    return { items: [{ kind: "trait", limit: null, label: "dishonesty", question: null, endsOn: null }] };
  }
  // Sam moves on after each answer: eight substantive answers finish the interview.
  return { message: "Thank you, tell me more!", stage_complete: true, stage_complete_justification: "Answered." };
};

const t = await createTestApp({
  METRICS_TOKEN: TOKEN,
  LLM_BASE_URL: fake.baseUrl,
  LLM_API_KEY: "test-key",
  LLM_MODEL: "fake-model",
  LLM_TIMEOUT_MS: "5000",
});

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of a scrape in Prometheus' text format. */
function parse(text: string): { samples: Sample[]; families: Map<string, string> } {
  const samples: Sample[] = [];
  const families = new Map<string, string>();
  for (const line of text.split("\n")) {
    const type = /^# TYPE (\S+) (\S+)$/.exec(line);
    if (type) families.set(type[1] ?? "", type[2] ?? "");
    if (line === "" || line.startsWith("#")) continue;
    const match = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!match) throw new Error(`not a sample: ${line}`);
    const labels: Record<string, string> = {};
    for (const pair of (match[2] ?? "").matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[pair[1] ?? ""] = pair[2] ?? "";
    samples.push({ name: match[1] ?? "", labels, value: Number(match[3]) });
  }
  return { samples, families };
}

async function scrape() {
  const response = await t.app.inject({
    method: "GET",
    url: "/api/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  expect(response.headers["content-type"]).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(response.body);
}

const sum = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples
    .filter((s) => s.name === name && Object.entries(labels).every(([key, value]) => s.labels[key] === value))
    .reduce((total, s) => total + s.value, 0);

describe("the metrics endpoint", () => {
  it("answers 404, as a path that does not exist, without the token or with a wrong one", async () => {
    for (const headers of [{}, { authorization: "Bearer wrong-token-wrong-token" }, { authorization: TOKEN }]) {
      const response = await t.app.inject({ method: "GET", url: "/api/metrics", headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({
        error: { status: "NOT_FOUND", code: "noRoute", message: "No route for GET /api/metrics" },
      });
    }
  });

  // Runs before anything else happens on this app: nothing has been counted yet.
  it("has every series of a fixed label set at 0 from the start, so a first event counts in a rate", async () => {
    const { samples } = await scrape();
    const zeroed = (name: string, labels: Record<string, string>) =>
      expect(
        samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))?.value,
      ).toBe(0);
    for (const purpose of ["reply", "scorer", "narrative"])
      for (const outcome of ["ok", "invalid", "timeout", "error"]) {
        zeroed("samsweb_model_calls_total", { purpose, outcome });
        zeroed("samsweb_model_call_duration_seconds_count", { purpose, outcome });
      }
    for (const result of ["found", "nobody"]) {
      zeroed("samsweb_searches_finished_total", { result });
      zeroed("samsweb_search_duration_seconds_count", { result });
    }
    for (const step of FUNNEL_STEPS) zeroed("samsweb_match_steps_total", { step });
    for (const attempt of ["first", "retry"])
      for (const outcome of ["sent", "failed"]) zeroed("samsweb_email_sends_total", { attempt, outcome });
    for (const reason of REPORT_REASONS) zeroed("samsweb_reports_total", { reason });
    for (const action of MODERATION_ACTIONS) zeroed("samsweb_moderation_decisions_total", { action });
    for (const outcome of ["saved", "refused"]) zeroed("samsweb_photo_uploads_total", { outcome });
  });

  it("after a sign-up, an interview turn and a search, has every family with bounded labels and nobody's data", async () => {
    const guest = await signUp(t.app);
    expect((await call(t.app, guest.cookie, "sendCustomVerificationEmail")).body.result).toMatchObject({ sent: true });
    for (const answer of Object.values(DEFAULT_INTERVIEW)) {
      let turn = await call(t.app, guest.cookie, "callSamApi", { userMessage: answer });
      expect(turn.status).toBe(200);
      // At the dealbreakers stage: the quick questions skipped, Sam's read-back confirmed.
      const reply = (response: typeof turn) => response.body.result as unknown as { message: string };
      for (let next = dealbreakersNext(reply(turn)); next; next = dealbreakersNext(reply(turn))) {
        turn = await call(t.app, guest.cookie, "callSamApi", next);
        expect(turn.status).toBe(200);
      }
    }

    const her = await signedUpPerson(t, { zipCode: "10001", name: "Harriet" });
    const him = await signedUpPerson(t, { gender: "man", seekingGender: "woman", zipCode: "10002", name: "Horatio" });
    expect((await call(t.app, her.cookie, "triggeredGenerateNarrative")).status).toBe(200);
    expect((await call(t.app, her.cookie, "triggeredPrelimMatch")).body.result).toMatchObject({ found: true });
    expect((await call(t.app, her.cookie, "triggeredMatchingAlgo")).body.result).toEqual({ found: true });
    // Both keep each other in the photo review, then both confirm: connected.
    for (const [who, other] of [
      [her, him],
      [him, her],
    ] as const) {
      expect(
        (await call(t.app, who.cookie, "triggeredPhotoMatch", { matchUid: other.userId, action: "accepted" })).status,
      ).toBe(200);
    }
    for (const [who, other] of [
      [her, him],
      [him, her],
    ] as const) {
      expect((await call(t.app, who.cookie, "triggeredMatchConfirmation", { matchId: other.userId })).status).toBe(200);
    }
    // A request that matches no route, with an id in its path.
    await t.app.inject({ method: "GET", url: `/api/nothing/${her.userId}` });

    const { samples, families } = await scrape();

    expect(families.get("samsweb_http_request_duration_seconds")).toBe("histogram");
    const routes = new Set(
      samples.filter((s) => s.name === "samsweb_http_request_duration_seconds_count").map((s) => s.labels.route),
    );
    for (const route of ["/api/call/callSamApi", "/api/call/triggeredMatchingAlgo", "/api/auth/*", "unmatched"]) {
      expect(routes).toContain(route);
    }
    expect(
      sum(samples, "samsweb_http_request_duration_seconds_count", {
        method: "POST",
        route: "/api/call/triggeredMatchingAlgo",
        status_class: "2xx",
      }),
    ).toBeGreaterThanOrEqual(1);

    for (const purpose of ["reply", "scorer", "narrative"]) {
      expect(sum(samples, "samsweb_model_calls_total", { purpose, outcome: "ok" }), purpose).toBeGreaterThanOrEqual(1);
      expect(
        sum(samples, "samsweb_model_call_duration_seconds_count", { purpose, outcome: "ok" }),
      ).toBeGreaterThanOrEqual(1);
      expect(sum(samples, "samsweb_model_tokens_total", { purpose, direction: "input" })).toBeGreaterThan(0);
      expect(sum(samples, "samsweb_model_tokens_total", { purpose, direction: "output" })).toBeGreaterThan(0);
    }
    expect(sum(samples, "samsweb_interviews_completed_total")).toBe(1);
    // Every call Sam's chat made (his replies, and his reading of the dealbreakers) is counted once.
    const chatCalls = fake.requests.filter((r) =>
      ["sam_reply", "dealbreaker_reading"].includes(schemaName(r.body) ?? ""),
    );
    expect(chatCalls.length).toBeGreaterThanOrEqual(Object.keys(DEFAULT_INTERVIEW).length + 1);
    expect(sum(samples, "samsweb_model_calls_total", { purpose: "reply" })).toBe(chatCalls.length);
    expect(sum(samples, "samsweb_searches_started_total")).toBe(1);
    expect(sum(samples, "samsweb_searches_finished_total", { result: "found" })).toBe(1);
    expect(sum(samples, "samsweb_search_duration_seconds_count", { result: "found" })).toBe(1);
    // The pair's two records, each found, reviewed, kept and connected.
    for (const step of ["found", "photoReview", "kept", "connected"]) {
      expect(sum(samples, "samsweb_match_steps_total", { step }), step).toBe(2);
    }
    expect(sum(samples, "samsweb_match_steps_total", { step: "followupsAnswered" })).toBe(0);
    // The verification email sent again, and the two introductions, written to the outbox.
    expect(sum(samples, "samsweb_email_sends_total", { attempt: "first", outcome: "sent" })).toBeGreaterThanOrEqual(3);
    expect(sum(samples, "samsweb_sign_ups_total")).toBeGreaterThanOrEqual(3);
    expect(families.get("samsweb_db_pool_connections")).toBe("gauge");
    expect(samples.some((s) => s.name === "samsweb_db_pool_connections" && s.labels.state === "waiting")).toBe(true);
    expect(families.get("samsweb_event_streams_open")).toBe("gauge");
    for (const family of [
      "samsweb_job_queue_jobs",
      "samsweb_job_queue_oldest_waiting_seconds",
      "samsweb_email_sends_total",
      "samsweb_reports_total",
      "samsweb_moderation_decisions_total",
      "samsweb_photo_uploads_total",
      "samsweb_interviews_completed_total",
      "process_cpu_seconds_total",
      "nodejs_eventloop_lag_seconds",
    ]) {
      expect(families.has(family), family).toBe(true);
    }

    // Nobody's data in any label: each label value is a word from a fixed set or a route pattern.
    const people = [guest, her, him];
    const forbidden = [...people.flatMap((p) => [p.email, p.userId]), "Harriet", "Horatio", "hiking"];
    for (const sample of samples) {
      for (const value of Object.values(sample.labels)) {
        for (const secret of forbidden) expect(value, `${sample.name} ${value}`).not.toContain(secret);
        expect(value, `${sample.name}`).not.toContain("@");
        expect(value, `${sample.name}`).toMatch(/^[\w/:*.+-]*$/);
      }
    }
  });
});

describe("the Grafana dashboard (docs/grafana-dashboard.json)", () => {
  it("reads only metric families this server serves", async () => {
    const file = path.resolve(import.meta.dirname, "../../../../../docs/grafana-dashboard.json");
    const dashboard = JSON.parse(readFileSync(file, "utf8")) as { panels: { targets?: { expr: string }[] }[] };
    const expressions = dashboard.panels.flatMap((panel) => panel.targets ?? []).map((target) => target.expr);
    const used = new Set(
      expressions
        .flatMap((expr) => expr.match(/\b(?:samsweb|process|nodejs)_\w+/g) ?? [])
        .map((name) => name.replace(/_(bucket|count|sum)$/, "")),
    );
    expect(used.size).toBeGreaterThan(20);
    const { families } = await scrape();
    for (const name of used) expect(families.has(name), name).toBe(true);
  });
});

describe("without METRICS_PORT or METRICS_TOKEN", () => {
  it("serves no metrics at all", async () => {
    const plain = await createTestApp();
    await signUp(plain.app);
    for (const headers of [{}, { authorization: `Bearer ${TOKEN}` }]) {
      const response = await plain.app.inject({ method: "GET", url: "/api/metrics", headers });
      expect(response.statusCode).toBe(404);
    }
    // Nothing timed either: the registry holds only what features count for the insights.
    const text = await plain.app.metrics.registry.metrics();
    expect(text).not.toContain("samsweb_http_request_duration_seconds");
    expect(text).not.toContain("process_cpu_seconds_total");
  });
});
