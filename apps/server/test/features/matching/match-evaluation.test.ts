import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { rocAuc, runEvaluation } from "../../../src/features/matching/evaluation/evaluation.ts";
import { runMatchEvaluation } from "../../../src/features/matching/evaluation/evaluation-command.ts";
import { extractiveNarrativeWriter } from "../../../src/features/matching/narrative/narrative.ts";
import { followupQuestionsFor } from "../../../src/features/matching/scoring/followup-questions.ts";
import type { Scorer } from "../../../src/features/matching/scoring/scorer.ts";
import { resetFake, startFakeOpenAiServer } from "../../support/fake-openai-server.ts";

// The evaluation command on a small fixture whose every figure is worked out by hand below.

/**
 * A scorer that judges by a mark in the candidate's "about": 'level N' gives N on every dimension
 * (N = 11 is an answer outside the schema), and 'quiet about hobbies' leaves interests unclear.
 */
const levelScorer: Scorer = {
  name: "level",
  async judge(_seeker, candidate) {
    const n = Number(/level (\d+)/.exec(candidate.about)?.[1]);
    return {
      subScores: { values: n, lifestyle: n, goals: n, communication: n, interests: n },
      uncertain: candidate.about.includes("quiet about hobbies") ? ["interests"] : [],
    };
  },
};

function person(about: string, dealbreakers = "") {
  return {
    gender: "woman",
    seeking: "man",
    age: 30,
    answers: { rapport_building: about, ...(dealbreakers ? { dealbreakers } : {}) },
  };
}

function pair(id: string, label: string | undefined, a: object, b: object, extra: object = {}) {
  return JSON.stringify({ id, ...(label ? { label } : {}), ...extra, a, b });
}

const FIXTURE = [
  /* 1 */ pair("g1", "good", person("level 8"), person("level 8")), // √(8·8)·10 = 80 → photoValidation
  /* 2 */ pair("g2", "good", person("level 5"), person("level 5")), // 50, nothing unclear → no
  /* 3 */ pair("p1", "poor", person("level 4"), person("level 9")), // √(4·9)·10 = 60 → photoValidation
  /* 4 */ pair("p2", "poor", person("level 4"), person("level 4")), // 40 → no
  /* 5 */ "",
  /* 6 */ "{ this is not json",
  /* 7 */ pair("p1-injected", "poor", person("level 4"), person("level 10"), { twinOf: "p1" }), // √40·10 = 63
  // A limit b's words break: b never confirmed that reading, so b is asked rather than refused.
  /* 8 */ pair("d1", "dealbreaker", person("level 9", "No smokers."), person("level 9. I smoke."), {
    concern: { side: "b", words: ["smoke", "smoking"] },
  }), // 90 → held for the question
  // A limit in another language, which the scripted interview would have asked for again in English.
  /* 9 */ pair(
    "d2",
    "dealbreaker",
    person("level 7", "No quiero salir con alguien que fuma todos los días, lo siento mucho."),
    person("level 7"),
    { concern: { side: "b", words: ["fumas", "fumar"] } },
  ), // 70: a missed dealbreaker
  /* 10 */ JSON.stringify({ id: "no-b", label: "good", a: person("level 8") }),
  /* 11 */ pair("bad-label", "great", person("level 8"), person("level 8")),
  /* 12 */ JSON.stringify({ id: "typo", a: person("level 8"), b: { ...person("x"), answers: { hobbies: "chess" } } }),
  /* 13 */ pair("g1", "good", person("level 8"), person("level 8")),
  /* 14 */ pair("x1", undefined, person("level 6"), person("level 6, quiet about hobbies")), // 60, unclear → followupsQueued
  /* 15 */ pair("bad-scorer", "good", person("level 8"), person("level 11")), // skipped after one call
  // Answers to the quick questions: a tapped limit against a tapped answer ends the pair unscored.
  /* 16 */ pair(
    "d3",
    "dealbreaker",
    { ...person("level 9"), facts: { smoking: "no", limits: ["smokingAny"] } },
    { ...person("level 9"), facts: { smoking: "daily" } },
  ),
  // A dealbreaker no list names: Sam asks b about it (b's side names the topic's words).
  /* 17 */ pair("d4", "dealbreaker", person("level 8", "Debt."), person("level 8"), {
    concern: { side: "b", words: ["debt", "debts", "loans"] },
  }), // 80 → held for the question
  /* 18 */ pair("bad-facts", "good", { ...person("level 8"), facts: { smoking: "yes" } }, person("level 8")),
  // The same limit on a pair whose score ends it: nobody is asked, but the question is held.
  /* 19 */ pair("d5", "dealbreaker", person("level 5", "Debt."), person("level 5"), {
    concern: { side: "b", words: ["debt", "debts", "loans"] },
  }), // 50 → no
].join("\n");

describe("match evaluation", () => {
  it("reports each figure as worked out by hand, and skips what cannot be judged", async () => {
    const run = await runEvaluation(FIXTURE, { scorer: levelScorer, writer: extractiveNarrativeWriter });

    expect(run.malformed.map((p) => p.line)).toEqual([6, 10, 11, 12, 13, 18]);
    expect(run.malformed.find((p) => p.line === 18)?.message).toContain("a.facts");
    expect(run.malformed.find((p) => p.line === 12)?.message).toContain("hobbies");
    expect(run.malformed.find((p) => p.line === 13)?.message).toContain('"g1"');
    expect(run.skipped.map((p) => p.line)).toEqual([15]);
    expect(run.skipped[0]?.message).toContain("bad-scorer");

    const byId = Object.fromEntries(run.results.map((r) => [r.id, r]));
    expect(run.results.map((r) => r.id)).toEqual([
      "g1",
      "g2",
      "p1",
      "p2",
      "p1-injected",
      "d1",
      "d2",
      "x1",
      "d3",
      "d4",
      "d5",
    ]);
    expect(Object.fromEntries(run.results.map((r) => [r.id, [r.percent, r.decision]]))).toEqual({
      g1: [80, "photoValidation"],
      g2: [50, "no"],
      p1: [60, "photoValidation"],
      p2: [40, "no"],
      "p1-injected": [63, "photoValidation"],
      d1: [90, "followupsQueued"],
      d2: [70, "photoValidation"],
      x1: [60, "followupsQueued"],
      d3: [0, "no"],
      d4: [80, "followupsQueued"],
      d5: [50, "no"],
    });
    expect(byId.d4?.followups).toEqual({ a: [], b: ["Are you paying off any debts?"] });
    expect(byId.d4?.heldForLimits).toBe(true);
    expect(byId.d4?.limitQuestions).toEqual(byId.d4?.followups);
    expect(byId.d5?.followups).toEqual({ a: [], b: [] });
    expect(byId.d5?.limitQuestions).toEqual({ a: [], b: ["Are you paying off any debts?"] });
    expect(byId.d1?.followups).toEqual({ a: [], b: ["Do you smoke or vape, even now and then?"] });
    expect(byId.d1?.dealbreaker).toBe(false);
    expect(byId.d3?.dealbreaker).toBe(true);
    expect(byId.d2?.dealbreaker).toBe(false);
    // The candidate (b) left interests unclear, so only b is asked, with the template question.
    expect(byId.x1?.followups).toEqual({ a: [], b: followupQuestionsFor(["interests"]) });
    expect(byId.g1?.followups).toEqual({ a: [], b: [] });
    for (const result of run.results) expect(result.reason.length).toBeGreaterThan(0);

    expect(run.summary).toEqual({
      scored: 11,
      skipped: 1,
      // Only d3 (tapped answers) scored 0.
      dealbreakerRecall: { count: 1, of: 5 },
      // d1 and d4 were not refused, but b is asked about smoking and debt; d2 (in Spanish) was
      // missed; d5's score ended it before anyone was asked.
      dealbreakerCaught: { count: 3, of: 5 },
      // d5's question about debt was held for b all the same.
      dealbreakerRead: { count: 4, of: 5 },
      // d2 (70) goes to photos unasked; d5 (50) ends on its score.
      dealbreakerToPhotosUnasked: { count: 1, of: 5 },
      // Of d2 and d5, not caught, d2's limit is written in Spanish.
      missedInAnotherLanguage: { count: 1, of: 2 },
      goodRefused: { count: 0, of: 2 },
      // g1, g2, p1, p2, p1-injected: none ruled out by a dealbreaker.
      unexpectedDealbreakers: { count: 0, of: 5 },
      // Good {80, 50} against poor {60, 40, 63}: 80 beats all three, 50 beats only 40: 4 of 6.
      auc: 4 / 6,
      goodToPhotoValidation: { count: 1, of: 2 },
      poorToPhotoValidation: { count: 2, of: 3 },
      goodToPhotoAfterLimits: { count: 1, of: 2 },
      poorToPhotoAfterLimits: { count: 2, of: 3 },
      // Two calls for each judged pair but d3, whose tapped limit ends it unscored; one for the
      // pair whose first answer was invalid: 21 calls over 12 pairs.
      scorerCallsPerPair: 21 / 12,
      // p1-injected (63) above p1 (60).
      twinsAboveClean: { count: 1, of: 1 },
    });
    expect(run.narratives).toEqual(new Map([["extractive", 24]]));
  });

  it("counts a tie between a good and a poor pair as half", () => {
    expect(rocAuc([50], [50])).toBe(0.5);
    expect(rocAuc([50, 70], [60])).toBe(0.5);
    expect(rocAuc([], [60])).toBeNull();
  });
});

describe("the match:eval command", () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  async function inputFile(text: string) {
    const dir = await mkdtemp(path.join(os.tmpdir(), "match-eval-"));
    dirs.push(dir);
    await writeFile(path.join(dir, "pairs.jsonl"), text);
    return { pairs: path.join(dir, "pairs.jsonl"), out: path.join(dir, "results.jsonl") };
  }

  async function command(argv: string[], env: Record<string, string | undefined> = {}) {
    let stdout = "";
    let stderr = "";
    const code = await runMatchEvaluation(argv, {
      env,
      stdout: (text) => {
        stdout += text;
      },
      stderr: (text) => {
        stderr += text;
      },
    });
    return { code, stdout, stderr };
  }

  const GOOD = pair(
    "hikers",
    "good",
    {
      ...person("I hike every weekend and read novels."),
      answers: { rapport_building: "I hike every weekend and read novels.", partner_preferences: "Someone who hikes." },
    },
    {
      ...person("Trail runner and hiker."),
      answers: { rapport_building: "Trail runner and hiker.", partner_preferences: "Someone who loves books." },
    },
  );
  // Both tapped: her limit on smoking, his answer that he smokes daily.
  const SMOKER = pair(
    "smoker",
    "dealbreaker",
    { ...person("I hike.", "I'd never date a smoker."), facts: { limits: ["smokingAny"] } },
    { ...person("Cigarettes with coffee every morning; I smoke a pack a day."), facts: { smoking: "daily" } },
  );

  it("writes one result line per pair, reports malformed lines by number and carries on", async () => {
    // A header line starting with "#" is a comment, neither a pair nor a malformed line.
    const files = await inputFile(["# written by hand, 2026", GOOD, "[1, 2", SMOKER, '{"id": "x"}'].join("\n"));
    const { code, stdout, stderr } = await command(["--pairs", files.pairs, "--out", files.out]);
    expect(code).toBe(0);
    expect(stdout).toBe("");
    expect(stderr).toMatch(/^line 3: skipped: not JSON/m);
    expect(stderr).toMatch(/^line 5: skipped: .*a: /m);
    expect(stderr).toContain("malformed lines: 2");
    expect(stderr).toContain("dealbreaker recall (labelled dealbreaker, scored 0): 1/1 = 100.0%");
    // The smoker pair breaks a limit and never reaches the scorer: 2 calls for the good pair, 0 for it.
    expect(stderr).toContain("scorer calls per pair: 1.00");
    const lines = (await readFile(files.out, "utf8"))
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => l.id)).toEqual(["hikers", "smoker"]);
    expect(Object.keys(lines[0])).toEqual([
      "id",
      "percent",
      "decision",
      "dealbreaker",
      "followups",
      "limitQuestions",
      "heldForLimits",
      "reason",
    ]);
    expect(lines[1]).toMatchObject({ percent: 0, decision: "no", dealbreaker: true });
  });

  it("prints results to stdout without --out, and no labelled figures without labels", async () => {
    const unlabelled = GOOD.replace('"label":"good",', "");
    const files = await inputFile(unlabelled);
    const { code, stdout, stderr } = await command(["--pairs", files.pairs]);
    expect(code).toBe(0);
    expect(JSON.parse(stdout).id).toBe("hikers");
    expect(stderr).not.toContain("ROC AUC");
  });

  it("hands each person's quick answers to the scorer, as a search does", async () => {
    const churchgoer = {
      ...person("I hike every weekend and read novels."),
      facts: { faith: "christian", faithImportance: "high" },
    };
    const hiker = (faith: string) => ({
      ...person("Trail runner and hiker."),
      facts: { faith, faithImportance: "high" },
    });
    const files = await inputFile(
      [
        pair("same-faith", "good", churchgoer, hiker("christian")),
        pair("faith-and-none", "poor", churchgoer, hiker("none")),
      ].join("\n"),
    );
    const { code, stdout } = await command(["--pairs", files.pairs]);
    expect(code).toBe(0);
    const [same, apart] = stdout
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(apart.percent).toBeLessThan(same.percent);
  });

  it("refuses --scorer llm without a configured model, and bad arguments", async () => {
    const files = await inputFile(GOOD);
    const llm = await command(["--pairs", files.pairs, "--scorer", "llm"]);
    expect(llm.code).toBe(2);
    expect(llm.stderr).toContain("--scorer llm needs a model: set LLM_BASE_URL and LLM_MODEL");
    expect((await command([])).stderr).toContain("--pairs is required");
    expect((await command(["--pairs", files.pairs, "--scorer", "magic"])).code).toBe(2);
    expect((await command(["--pairs", path.join(files.pairs, "missing")])).code).toBe(2);
  });

  it("with --reader llm, the model reads each person's dealbreakers as in the chat, and the phrases when it fails", async () => {
    // A limit in a figure of speech the phrase reader cannot read: only the model's reading asks about it.
    const GAMER = pair(
      "gamer",
      "dealbreaker",
      {
        ...person(
          "I'm up at five and in bed by ten.",
          "Don't message me if the sunrise finds you still clicking away.",
        ),
      },
      { ...person("I run a raid group online till sunrise most nights.") },
      { concern: { side: "b", words: ["gaming", "games", "night"] } },
    );
    const files = await inputFile(GAMER);
    const phrases = await command(["--pairs", files.pairs]);
    expect(JSON.parse(phrases.stdout).limitQuestions.b).toEqual([]);
    expect(phrases.stderr).toContain("dealbreakers read: 2 phrases");

    const fake = await startFakeOpenAiServer();
    try {
      resetFake(fake, ["valid"]);
      fake.reply = (body: { messages: { content: string }[] }) =>
        body.messages.some((m) => m.content.includes("sunrise finds you"))
          ? {
              items: [
                {
                  kind: "ask",
                  limit: null,
                  label: "gaming through the night",
                  question: "Do you often play games late into the night?",
                  endsOn: "yes",
                },
              ],
            }
          : { items: [] };
      const env = {
        LLM_BASE_URL: fake.baseUrl,
        LLM_MODEL: "fake-model",
        NARRATIVE_WRITER: "extractive",
        LLM_MAX_RETRIES: "0",
      };
      const model = await command(["--pairs", files.pairs, "--reader", "llm"], env);
      expect(model.code).toBe(0);
      // The scorer stays the embedded one unless --scorer llm asks for the model too.
      expect(model.stderr).toContain("scorer: heuristic");
      expect(model.stderr).toContain("dealbreakers read: 2 llm");
      expect(JSON.parse(model.stdout).limitQuestions.b).toEqual(["Do you often play games late into the night?"]);
      // One reading a person, and no other call.
      expect(fake.requests).toHaveLength(2);
      expect(fake.requests.every((r) => r.body.messages.some((m) => m.content.includes("cannot accept")))).toBe(true);

      // A model that fails reads nothing wrong: the phrase reader's reading stands, and says so.
      resetFake(fake, ["500"]);
      const down = await command(["--pairs", files.pairs, "--reader", "llm"], env);
      expect(down.code).toBe(0);
      expect(down.stderr).toContain("dealbreakers read: 2 phrases");
      expect(JSON.parse(down.stdout).limitQuestions.b).toEqual([]);
    } finally {
      await fake.close();
    }
    const refused = await command(["--pairs", files.pairs, "--reader", "llm"]);
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("--reader llm needs a model: set LLM_BASE_URL and LLM_MODEL");
    expect((await command(["--pairs", files.pairs, "--reader", "magic"])).code).toBe(2);
  });

  it("with --scorer llm, judges each pair through the configured model, both ways", async () => {
    const fake = await startFakeOpenAiServer();
    try {
      resetFake(fake, ["valid"]);
      fake.reply = { subScores: { values: 9, lifestyle: 9, goals: 9, communication: 9, interests: 9 }, uncertain: [] };
      const files = await inputFile([GOOD, SMOKER].join("\n"));
      const { code, stdout, stderr } = await command(["--pairs", files.pairs, "--scorer", "llm"], {
        LLM_BASE_URL: fake.baseUrl,
        LLM_MODEL: "fake-model",
        NARRATIVE_WRITER: "extractive",
        LLM_MAX_RETRIES: "0",
      });
      expect(code).toBe(0);
      expect(stderr).toContain("scorer: llm");
      const results = stdout
        .trim()
        .split("\n")
        .map((l) => JSON.parse(l));
      expect(results.map((r) => [r.id, r.percent, r.decision])).toEqual([
        ["hikers", 90, "photoValidation"],
        // The model never decides a dealbreaker: code still makes it 0.
        ["smoker", 0, "no"],
      ]);
      // Both ways for the good pair; the smoker pair breaks a limit and costs no call.
      expect(fake.requests).toHaveLength(2);
    } finally {
      await fake.close();
    }
  });
});
