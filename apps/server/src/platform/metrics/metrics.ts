import { FUNNEL_STEPS, type FunnelStep } from "@sams-web/domain/insights/rules";
import {
  MODERATION_ACTIONS,
  type ModerationAction,
  REPORT_REASONS,
  type ReportReason,
} from "@sams-web/domain/safety/rules";
import client from "prom-client";
import { Tallies, type TallyName } from "./tallies.ts";

// What the service counts about itself, in one place. Every label is one of a fixed set of words
// (a route pattern, a status class, a purpose, an outcome): never a URL, an id, an email or
// anything else a person typed, so a scrape reveals nobody and the number of series stays bounded.
//
// Two readers: Prometheus scrapes the registry (METRICS_PORT or METRICS_TOKEN, per instance), and
// the moderators' insights read the daily tallies, which every instance adds to the shared
// database (see tallies.ts). A recorder call updates both where both apply.

/** What a language model was asked for: Sam's reply, a pair's compatibility, or a narrative. */
const MODEL_PURPOSES = ["reply", "scorer", "narrative"] as const;
export type ModelPurpose = (typeof MODEL_PURPOSES)[number];
/** How a model call ended: a valid answer, an answer outside the schema, past its deadline, or a failure. */
const MODEL_OUTCOMES = ["ok", "invalid", "timeout", "error"] as const;
export type ModelOutcome = (typeof MODEL_OUTCOMES)[number];

export interface ModelCallRecord {
  purpose: ModelPurpose;
  outcome: ModelOutcome;
  seconds: number;
  /** Tokens the model reports for the call, when it does. */
  inputTokens?: number;
  outputTokens?: number;
}

/** A step a person's view of a candidate (one match record) reaches, in the order of the journey. */
export type MatchStep = FunnelStep;
/** How a search ended: somebody to look at (now or after follow-ups), or nobody. */
const SEARCH_RESULTS = ["found", "nobody"] as const;
export type SearchResult = (typeof SEARCH_RESULTS)[number];
/** A mail handed to the transport, on its first try or from the retry queue. */
const MAIL_ATTEMPTS = ["first", "retry"] as const;
export type MailAttempt = (typeof MAIL_ATTEMPTS)[number];
const MAIL_OUTCOMES = ["sent", "failed"] as const;
const PHOTO_UPLOAD_OUTCOMES = ["saved", "refused"] as const;
const TOKEN_DIRECTIONS = ["input", "output"] as const;

export interface Metrics {
  /** Everything Prometheus reads from this instance. */
  readonly registry: client.Registry;
  /** Counts waiting to be added to the shared database's daily tallies. */
  readonly tallies: Tallies;
  modelCall(record: ModelCallRecord): void;
  interviewCompleted(): void;
  searchStarted(): void;
  searchFinished(result: SearchResult, seconds: number): void;
  matchStep(step: MatchStep, records?: number): void;
  mailSent(attempt: MailAttempt, outcome: (typeof MAIL_OUTCOMES)[number]): void;
  report(reason: ReportReason): void;
  moderation(action: ModerationAction): void;
  photoUpload(outcome: (typeof PHOTO_UPLOAD_OUTCOMES)[number]): void;
  signUp(): void;
  /** An event stream (/api/events) opened or closed on this instance. */
  streamOpened(): void;
  streamClosed(): void;
}

const MODEL_SECONDS = [0.1, 0.25, 0.5, 1, 2, 4, 8, 15, 30, 60];
const SEARCH_SECONDS = [0.05, 0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 120];

const MATCH_STEP_TALLIES: Record<MatchStep, TallyName> = {
  found: "match_found",
  followupsAnswered: "match_followups_answered",
  photoReview: "match_photo_review",
  kept: "match_kept",
  connected: "match_connected",
};

/** A registry of this instance's own, so several apps in one process (tests) keep apart. */
export function createMetrics(): Metrics {
  const registry = new client.Registry();
  const tallies = new Tallies();
  const register = [registry];

  const modelCalls = new client.Counter({
    name: "samsweb_model_calls_total",
    help: "Language model calls, by purpose (reply, scorer, narrative) and outcome (ok, invalid, timeout, error).",
    labelNames: ["purpose", "outcome"] as const,
    registers: register,
  });
  const modelSeconds = new client.Histogram({
    name: "samsweb_model_call_duration_seconds",
    help: "Time of a language model call, retries included, by purpose and outcome.",
    labelNames: ["purpose", "outcome"] as const,
    buckets: MODEL_SECONDS,
    registers: register,
  });
  const modelTokens = new client.Counter({
    name: "samsweb_model_tokens_total",
    help: "Tokens the model reported, by purpose and direction (input, output).",
    labelNames: ["purpose", "direction"] as const,
    registers: register,
  });
  const interviews = new client.Counter({
    name: "samsweb_interviews_completed_total",
    help: "Interviews with Sam that reached their last stage.",
    registers: register,
  });
  const searchesStarted = new client.Counter({
    name: "samsweb_searches_started_total",
    help: "Searches claimed (Begin Search that really started one).",
    registers: register,
  });
  const searchesFinished = new client.Counter({
    name: "samsweb_searches_finished_total",
    help: "Searches whose scoring finished, by result (found, nobody).",
    labelNames: ["result"] as const,
    registers: register,
  });
  const searchSeconds = new client.Histogram({
    name: "samsweb_search_duration_seconds",
    help: "Time from a search's claim to the end of its scoring, by result.",
    labelNames: ["result"] as const,
    buckets: SEARCH_SECONDS,
    registers: register,
  });
  const matchSteps = new client.Counter({
    name: "samsweb_match_steps_total",
    help: "Match records (one person's view of one candidate) reaching a step: found, followupsAnswered, photoReview, kept, connected.",
    labelNames: ["step"] as const,
    registers: register,
  });
  const mails = new client.Counter({
    name: "samsweb_email_sends_total",
    help: "Emails handed to the transport, by attempt (first, retry) and outcome (sent, failed). A failed first attempt waits on the mail-retry queue.",
    labelNames: ["attempt", "outcome"] as const,
    registers: register,
  });
  const reports = new client.Counter({
    name: "samsweb_reports_total",
    help: "Reports people sent about someone, by reason.",
    labelNames: ["reason"] as const,
    registers: register,
  });
  const decisions = new client.Counter({
    name: "samsweb_moderation_decisions_total",
    help: "Moderators' decisions, by action (dismiss, suspend, restore).",
    labelNames: ["action"] as const,
    registers: register,
  });
  const photoUploads = new client.Counter({
    name: "samsweb_photo_uploads_total",
    help: "Photo set uploads, by outcome (saved, refused).",
    labelNames: ["outcome"] as const,
    registers: register,
  });
  const signUps = new client.Counter({
    name: "samsweb_sign_ups_total",
    help: "Accounts created (email and password, or Google).",
    registers: register,
  });

  const streams = new client.Gauge({
    name: "samsweb_event_streams_open",
    help: "Live-update streams (/api/events) open on this instance.",
    registers: register,
  });

  // Every series of a fixed label set is there from the start, at 0. Prometheus' rate() needs two
  // samples of a series: one created by its first event would not count that event, and a share
  // whose numerator has no series yet (no failure so far) would read "no data" instead of 0.
  for (const purpose of MODEL_PURPOSES) {
    for (const outcome of MODEL_OUTCOMES) {
      modelCalls.inc({ purpose, outcome }, 0);
      modelSeconds.zero({ purpose, outcome });
    }
    for (const direction of TOKEN_DIRECTIONS) modelTokens.inc({ purpose, direction }, 0);
  }
  for (const result of SEARCH_RESULTS) {
    searchesFinished.inc({ result }, 0);
    searchSeconds.zero({ result });
  }
  for (const step of FUNNEL_STEPS) matchSteps.inc({ step }, 0);
  for (const attempt of MAIL_ATTEMPTS) for (const outcome of MAIL_OUTCOMES) mails.inc({ attempt, outcome }, 0);
  for (const reason of REPORT_REASONS) reports.inc({ reason }, 0);
  for (const action of MODERATION_ACTIONS) decisions.inc({ action }, 0);
  for (const outcome of PHOTO_UPLOAD_OUTCOMES) photoUploads.inc({ outcome }, 0);

  return {
    registry,
    tallies,
    modelCall({ purpose, outcome, seconds, inputTokens, outputTokens }) {
      modelCalls.inc({ purpose, outcome });
      modelSeconds.observe({ purpose, outcome }, seconds);
      tallies.add(`model_calls_${purpose}`);
      const tokens = (inputTokens ?? 0) + (outputTokens ?? 0);
      if (inputTokens) modelTokens.inc({ purpose, direction: "input" }, inputTokens);
      if (outputTokens) modelTokens.inc({ purpose, direction: "output" }, outputTokens);
      if (tokens > 0) tallies.add(`model_tokens_${purpose}`, tokens);
    },
    interviewCompleted() {
      interviews.inc();
      tallies.add("interview_completed");
    },
    searchStarted() {
      searchesStarted.inc();
    },
    searchFinished(result, seconds) {
      searchesFinished.inc({ result });
      searchSeconds.observe({ result }, seconds);
      tallies.add(result === "found" ? "search_found" : "search_nobody");
    },
    matchStep(step, records = 1) {
      if (records <= 0) return;
      matchSteps.inc({ step }, records);
      tallies.add(MATCH_STEP_TALLIES[step], records);
    },
    mailSent(attempt, outcome) {
      mails.inc({ attempt, outcome });
    },
    report(reason) {
      reports.inc({ reason });
    },
    moderation(action) {
      decisions.inc({ action });
    },
    photoUpload(outcome) {
      photoUploads.inc({ outcome });
    },
    signUp() {
      signUps.inc();
    },
    streamOpened() {
      streams.inc();
    },
    streamClosed() {
      streams.dec();
    },
  };
}
