import { readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import {
  type EvaluationPerson,
  interviewOf,
  parsePairLines,
} from "../../../src/features/matching/evaluation/evaluation.ts";
import {
  emptyNarrative,
  extractiveNarrativeWriter,
  type Narrative,
} from "../../../src/features/matching/narrative/narrative.ts";
import { readPerson } from "../../../src/features/matching/scoring/dealbreakers.ts";
import { explainFit, sharedInterests } from "../../../src/features/matching/scoring/explanation.ts";
import { heuristicScorer } from "../../../src/features/matching/scoring/heuristic-scorer.ts";
import { judgePair } from "../../../src/features/matching/scoring/pair-verdict.ts";
import { words } from "../../../src/platform/text-reading/text.ts";

// "Why Sam thinks you fit" must never hand one person the other's private words: over the whole
// evaluation set, in both directions, no run of six words of the candidate's interview appears in
// the reason, nor any email address, ZIP code or birthday from it.

const EVALUATION_SETS = ["pairs.jsonl", "holdout.jsonl"].map((file) =>
  path.resolve(import.meta.dirname, "../../../../../bench/match-eval", file),
);
const RUN = 6;

const EMAIL = /[\w.+-]+@[\w-]+\.[\w.-]+/g;
const ZIP = /\b\d{5}(?:-\d{4})?\b/g;
const BIRTHDAY =
  /\b(?:january|february|march|april|may|june|july|august|september|october|november|december)\s+\d{1,2}(?:,\s*\d{4})?|\b\d{4}-\d{2}-\d{2}\b|\b\d{1,2}\/\d{1,2}\/\d{2,4}\b/gi;

async function narrativeOf(person: EvaluationPerson): Promise<Narrative> {
  return (await extractiveNarrativeWriter.write(interviewOf(person))).narrative;
}

function runsOf(text: string): Set<string> {
  const w = words(text);
  const runs = new Set<string>();
  for (let i = 0; i + RUN <= w.length; i += 1) runs.add(w.slice(i, i + RUN).join(" "));
  return runs;
}

const { pairs, problems } = parsePairLines(
  (await Promise.all(EVALUATION_SETS.map((file) => readFile(file, "utf8")))).join("\n"),
);

describe("the reason's privacy, over the whole evaluation set", () => {
  it("are valid sets of at least 60 labelled pairs", () => {
    expect(problems).toEqual([]);
    expect(pairs.length).toBeGreaterThanOrEqual(60);
    expect(pairs.every(({ pair }) => pair.label !== undefined)).toBe(true);
  });

  it("the sets hold an email address, a ZIP code and a birthday, so the test below can catch them", () => {
    const all = pairs.flatMap(({ pair }) => [pair.a, pair.b].flatMap((p) => interviewOf(p).map((a) => a.text)));
    const text = all.join("\n");
    expect(text.match(EMAIL)?.length).toBeGreaterThan(0);
    expect(text.match(ZIP)?.length).toBeGreaterThan(0);
    expect(text.match(BIRTHDAY)?.length).toBeGreaterThan(0);
  });

  it("no reason carries six words in a row of the candidate's interview, or their email, ZIP or birthday", async () => {
    let checked = 0;
    for (const { pair } of pairs) {
      for (const [person, candidate] of [
        [pair.a, pair.b],
        [pair.b, pair.a],
      ] as const) {
        const mine = await narrativeOf(person);
        const theirs = await narrativeOf(candidate);
        const reason = explainFit(await judgePair(heuristicScorer, readPerson(mine), readPerson(theirs)), mine, theirs);
        const replies = interviewOf(candidate).map((a) => a.text);
        const reasonRuns = runsOf(reason);
        for (const source of [...replies, replies.join(" ")]) {
          for (const run of runsOf(source)) expect(reasonRuns.has(run), `${pair.id}: "${run}"`).toBe(false);
        }
        const secrets = replies.join("\n").match(new RegExp(`${EMAIL.source}|${ZIP.source}|${BIRTHDAY.source}`, "gi"));
        for (const secret of secrets ?? []) expect(reason.toLowerCase()).not.toContain(secret.toLowerCase());
        // Stronger still: a reason has no digits and no '@' at all.
        expect(reason).not.toMatch(/[\d@]/);
        checked += 1;
      }
    }
    expect(checked).toBe(pairs.length * 2);
  });
});

describe("the reason itself", () => {
  const base: Narrative = {
    ...emptyNarrative(),
    about: "I hike most weekends and I read novels.",
    goals: "I want marriage.",
    partnerPreferences: "Someone who loves hiking and books and wants marriage.",
  };

  it("names the strongest shared ground with fixed words and says where the fit is weakest", async () => {
    const other: Narrative = {
      ...base,
      about: "Trail runner, hiker and reader; I'm a night owl.",
      partnerPreferences: "Someone who loves the outdoors, books and early mornings, and wants marriage.",
    };
    const reason = explainFit(await judgePair(heuristicScorer, readPerson(base), readPerson(other)), base, other);
    expect(reason).toMatch(/^Your strongest common ground is /);
    expect(reason).toContain("you both bring up");
    expect(reason).toMatch(/The weakest fit is |you said least about /);
    expect(reason.split(". ").length).toBeLessThanOrEqual(2);
  });

  it("says plainly when a dealbreaker rules the pair out", async () => {
    const strict = { ...base, dealbreakers: "No smokers." };
    const smoker = { ...base, about: `${base.about} I smoke.` };
    const verdict = await judgePair(heuristicScorer, readPerson(strict), readPerson(smoker, { smoking: "daily" }));
    expect(verdict.conflict).toBe(true);
    expect(explainFit(verdict, strict, smoker)).toBe(
      "One of you named a dealbreaker that the other meets, so Sam does not see a match here.",
    );
  });

  it("does not claim common ground that is not there", () => {
    const even = { values: 6, lifestyle: 6, goals: 6, communication: 6, interests: 6 };
    const low = { values: 6, lifestyle: 2, goals: 6, communication: 6, interests: 6 };
    const verdict = { conflict: false, unclearAboutCandidate: [], unclearAboutPerson: [] };
    const silent = emptyNarrative();
    expect(explainFit({ ...verdict, aboutCandidate: low, aboutPerson: even }, silent, silent)).toBe(
      "Sam sees little common ground between you yet. The weakest fit is the way you live.",
    );
    expect(explainFit({ ...verdict, aboutCandidate: even, aboutPerson: even }, silent, silent)).toMatch(/even fit/);
  });

  it("reads a narrative's interests again once its words change (readings are kept by their words)", () => {
    const person = { ...emptyNarrative(), about: "I love hiking, jazz and old films." };
    const candidate = { ...emptyNarrative(), about: "Weekends are for hiking." };
    expect(sharedInterests(person, candidate)).toEqual(["the outdoors"]);
    // The same person rewritten: every field selfText reads counts, and nothing of the old reading stays.
    expect(sharedInterests(person, { ...candidate, goals: "More concerts and jazz." })).toEqual([
      "music",
      "the outdoors",
    ]);
    expect(sharedInterests(person, { ...candidate, about: "Weekends are for sleeping." })).toEqual([]);
    expect(sharedInterests({ ...person, worstQualities: "I hate films." }, candidate)).toEqual(["the outdoors"]);
    expect(sharedInterests(person, candidate)).toEqual(["the outdoors"]);
  });
});
