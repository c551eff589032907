import { STAGES } from "@sams-web/domain/chat/stages";
import type { ScoreClass } from "@sams-web/domain/matching/rules";
import type { ReadingItem } from "@sams-web/domain/non-negotiables/contracts";
import { factsSchema } from "@sams-web/domain/non-negotiables/schemas";
import { MIN_AGE } from "@sams-web/domain/profile/rules";
import { genderSchema } from "@sams-web/domain/profile/schemas";
import pLimit from "p-limit";
import * as z from "zod";
import type { DealbreakerWords } from "../../chat/brain/brain.ts";
import { foreignLanguageOf } from "../../chat/brain/language.ts";
import { phraseReading } from "../../chat/brain/scripted-brain.ts";
import type { InterviewAnswer, Narrative, NarrativeWriter } from "../narrative/narrative.ts";
import type { MatchPerson } from "../scoring/dealbreakers.ts";
import { explainFit } from "../scoring/explanation.ts";
import { decidePair, judgePair } from "../scoring/pair-verdict.ts";
import { type Scorer, selfText } from "../scoring/scorer.ts";

// Offline evaluation of the matcher: labelled pairs of people, each described by their interview
// answers, go through the very functions a search uses (narrative writer, scorer both ways,
// dealbreakers, reciprocal score, routing), with no database and no server. The summary tells
// an operator how well a scorer separates the pairs they labelled.

const INTERVIEW_STAGES = STAGES.filter((stage) => stage !== "complete");

/** One answer, or one string per reply when the person answered a stage in several messages. */
const answerSchema = z.union([z.string(), z.array(z.string())]);

const personSchema = z.strictObject({
  gender: genderSchema,
  seeking: genderSchema,
  age: z.number().int().min(MIN_AGE),
  // Strict, so a misspelt stage is reported rather than silently ignored.
  answers: z.strictObject(Object.fromEntries(INTERVIEW_STAGES.map((stage) => [stage, answerSchema.optional()]))),
  /** The person's answers to the quick questions, limits included, as the chat stores them. */
  facts: factsSchema.optional(),
});

/**
 * For a dealbreaker pair: the person the limit is about (`side`, whom Sam should ask), and words
 * of which a follow-up question about that topic would use at least one (whole words, any case).
 */
const concernSchema = z.strictObject({
  side: z.enum(["a", "b"]),
  words: z.array(z.string().trim().min(1)).min(1),
});

export const PAIR_LABELS = ["good", "poor", "dealbreaker"] as const;
export type PairLabel = (typeof PAIR_LABELS)[number];

export const evaluationPairSchema = z.strictObject({
  id: z.string().min(1),
  label: z.enum(PAIR_LABELS).optional(),
  /** The id of this pair's clean twin, when this one carries text aimed at the scorer. */
  twinOf: z.string().min(1).optional(),
  concern: concernSchema.optional(),
  a: personSchema,
  b: personSchema,
});
export type EvaluationPair = z.infer<typeof evaluationPairSchema>;
export type EvaluationPerson = EvaluationPair["a"];

export interface LineProblem {
  line: number;
  message: string;
}

export interface NumberedPair {
  line: number;
  pair: EvaluationPair;
}

/**
 * Valid pairs of a JSONL text, in order, and every line that is not one. Blank lines and lines
 * starting with `#` (a set's header: how and when it was written) are skipped.
 */
export function parsePairLines(text: string): { pairs: NumberedPair[]; problems: LineProblem[] } {
  const pairs: NumberedPair[] = [];
  const problems: LineProblem[] = [];
  const seen = new Set<string>();
  text.split(/\r?\n/).forEach((raw, index) => {
    const line = index + 1;
    if (raw.trim() === "" || raw.trimStart().startsWith("#")) return;
    let json: unknown;
    try {
      json = JSON.parse(raw);
    } catch (error) {
      problems.push({ line, message: `not JSON (${(error as Error).message})` });
      return;
    }
    const parsed = evaluationPairSchema.safeParse(json);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => `${issue.path.join(".") || "(line)"}: ${issue.message}`);
      problems.push({ line, message: issues.join("; ") });
      return;
    }
    if (seen.has(parsed.data.id)) {
      problems.push({ line, message: `id "${parsed.data.id}" is used by an earlier line` });
      return;
    }
    seen.add(parsed.data.id);
    pairs.push({ line, pair: parsed.data });
  });
  return { pairs, problems };
}

/** A person's answers as the chat stores them: one message per reply, tagged with its stage. */
export function interviewOf(person: EvaluationPerson): InterviewAnswer[] {
  return INTERVIEW_STAGES.flatMap((stage) => {
    const answer = person.answers[stage];
    const replies = answer === undefined ? [] : typeof answer === "string" ? [answer] : answer;
    return replies.map((text) => ({ stage, text }));
  });
}

/** What the evaluation reports for one pair; `a` is the person searching, `b` the candidate. */
export interface PairResult {
  id: string;
  percent: number;
  decision: ScoreClass;
  dealbreaker: boolean;
  followups: { a: string[]; b: string[] };
  /**
   * The limit questions Sam holds for each side whatever the score decides: asked only when the
   * score lets the pair go on, so a dealbreaker read on a pair that scores below review shows here alone.
   */
  limitQuestions: { a: string[]; b: string[] };
  /** Whether the score alone would have sent the pair to photo review, and only limit questions hold it. */
  heldForLimits: boolean;
  reason: string;
}

/** What read each person's dealbreakers: the embedded phrase reader, or the model (falling back to the phrases, as in the chat). */
export type ReadingSource = "phrases" | "llm";

/** Reads one person's dealbreakers as the chat does, saying which reader's reading it is. */
export interface DealbreakerReader {
  read(words: DealbreakerWords): Promise<{ items: ReadingItem[]; source: ReadingSource }>;
}

/** The embedded reader of the dealbreakers' words, which the chat uses without a model. */
export const phraseReader: DealbreakerReader = {
  async read(words) {
    return { items: phraseReading(words), source: "phrases" };
  },
};

export interface EvaluationModels {
  scorer: Scorer;
  writer: NarrativeWriter;
  /** Who reads the dealbreakers; the phrase reader when left out. */
  reader?: DealbreakerReader;
}

/** One pair through the search's own steps. Throws what the search would skip the pair for. */
/**
 * The person as a search would judge them. What Sam read from their dealbreakers is taken as
 * confirmed: the harsher case, since a misreading then refuses as Sam read it.
 */
async function matchPersonOf(
  person: EvaluationPerson,
  narrative: Narrative,
  reader: DealbreakerReader,
): Promise<MatchPerson> {
  const text = interviewOf(person)
    .filter((answer) => answer.stage === "dealbreakers")
    .map((answer) => answer.text)
    .join(" ");
  const facts = person.facts ?? {};
  const { items } = await reader.read({ text, facts, selfText: selfText(narrative) });
  return { narrative, facts, reading: items, readingConfirmed: true, age: person.age };
}

export async function evaluatePair(pair: EvaluationPair, models: EvaluationModels): Promise<PairResult> {
  const [{ narrative: a }, { narrative: b }] = await Promise.all([
    models.writer.write(interviewOf(pair.a)),
    models.writer.write(interviewOf(pair.b)),
  ]);
  const reader = models.reader ?? phraseReader;
  const [one, two] = await Promise.all([matchPersonOf(pair.a, a, reader), matchPersonOf(pair.b, b, reader)]);
  const verdict = await judgePair(models.scorer, one, two);
  const decision = decidePair(verdict);
  return {
    id: pair.id,
    percent: verdict.score,
    decision: decision.status,
    dealbreaker: verdict.conflict,
    followups: { a: decision.questionsForPerson, b: decision.questionsForCandidate },
    limitQuestions: {
      a: verdict.limitsForPerson.map((limit) => limit.question),
      b: verdict.limitsForCandidate.map((limit) => limit.question),
    },
    heldForLimits: decision.heldForLimits,
    reason: explainFit(verdict, a, b),
  };
}

export interface Share {
  count: number;
  of: number;
}

export interface EvaluationSummary {
  /** Pairs judged, and pairs the search would have skipped (an invalid or missing answer). */
  scored: number;
  skipped: number;
  /** Pairs labelled dealbreaker that scored 0. */
  dealbreakerRecall: Share;
  /**
   * Pairs labelled dealbreaker that were refused, or whose follow-up questions to the person
   * named in `concern` ask about its topic (use one of its words).
   */
  dealbreakerCaught: Share;
  /**
   * Pairs labelled dealbreaker that were refused, or whose limit questions (held whatever the score)
   * for the person concerned ask about its topic: what the reader understood, apart from the score.
   */
  dealbreakerRead: Share;
  /** Pairs labelled dealbreaker neither caught nor ended by their score: they would reach photos unasked. */
  dealbreakerToPhotosUnasked: Share;
  /**
   * Of the dealbreaker pairs not caught, those whose limit is written in another language: the
   * scripted interview takes no such answer (Sam asks for it again, in English), so in the product
   * it never reaches the reader; a set hands it to the reader directly.
   */
  missedInAnotherLanguage: Share;
  /** Good pairs that a dealbreaker ruled out. */
  goodRefused: Share;
  /** Pairs not labelled dealbreaker that a dealbreaker nonetheless ruled out. */
  unexpectedDealbreakers: Share;
  /** ROC AUC of the percentage, good pairs against poor ones; null without both. */
  auc: number | null;
  goodToPhotoValidation: Share;
  poorToPhotoValidation: Share;
  /** The same, counting pairs that wait only for their limit questions (answered harmlessly, they go to photos). */
  goodToPhotoAfterLimits: Share;
  poorToPhotoAfterLimits: Share;
  /** Scorer calls per pair attempted. */
  scorerCallsPerPair: number;
  /** Pairs scoring above the clean twin they name. */
  twinsAboveClean: Share;
}

/**
 * The probability that a random good pair outscores a random poor one, ties counting half (the
 * Mann-Whitney form of the ROC AUC).
 */
export function rocAuc(positives: readonly number[], negatives: readonly number[]): number | null {
  if (positives.length === 0 || negatives.length === 0) return null;
  let wins = 0;
  for (const p of positives) for (const n of negatives) wins += p > n ? 1 : p === n ? 0.5 : 0;
  return wins / (positives.length * negatives.length);
}

export function summarize(
  pairs: readonly EvaluationPair[],
  results: readonly PairResult[],
  scorerCalls: number,
): EvaluationSummary {
  const byId = new Map(results.map((r) => [r.id, r]));
  const byPair = new Map(pairs.map((pair) => [pair.id, pair]));
  const scored = pairs.flatMap((pair) => {
    const result = byId.get(pair.id);
    return result ? [{ pair, result }] : [];
  });
  const labelled = (label: PairLabel) => scored.filter((s) => s.pair.label === label).map((s) => s.result);
  const share = (of: readonly PairResult[], test: (r: PairResult) => boolean): Share => ({
    count: of.filter(test).length,
    of: of.length,
  });
  const caught = (r: PairResult) => r.percent === 0 || asksAbout(byPair.get(r.id), r.followups);
  const good = labelled("good");
  const poor = labelled("poor");
  const twins = scored.flatMap(({ pair, result }) => {
    const clean = pair.twinOf === undefined ? undefined : byId.get(pair.twinOf);
    return clean ? [{ result, clean }] : [];
  });
  return {
    scored: scored.length,
    skipped: pairs.length - scored.length,
    dealbreakerRecall: share(labelled("dealbreaker"), (r) => r.percent === 0),
    dealbreakerCaught: share(labelled("dealbreaker"), caught),
    dealbreakerRead: share(
      labelled("dealbreaker"),
      (r) => r.percent === 0 || asksAbout(byPair.get(r.id), r.limitQuestions),
    ),
    dealbreakerToPhotosUnasked: share(labelled("dealbreaker"), (r) => r.decision !== "no" && !caught(r)),
    missedInAnotherLanguage: share(
      labelled("dealbreaker").filter((r) => !caught(r)),
      (r) => limitInAnotherLanguage(byPair.get(r.id)),
    ),
    goodRefused: share(good, (r) => r.dealbreaker),
    unexpectedDealbreakers: share(
      scored.filter((s) => s.pair.label !== undefined && s.pair.label !== "dealbreaker").map((s) => s.result),
      (r) => r.dealbreaker,
    ),
    auc: rocAuc(
      good.map((r) => r.percent),
      poor.map((r) => r.percent),
    ),
    goodToPhotoValidation: share(good, (r) => r.decision === "photoValidation"),
    poorToPhotoValidation: share(poor, (r) => r.decision === "photoValidation"),
    goodToPhotoAfterLimits: share(good, (r) => r.decision === "photoValidation" || r.heldForLimits),
    poorToPhotoAfterLimits: share(poor, (r) => r.decision === "photoValidation" || r.heldForLimits),
    scorerCallsPerPair: pairs.length === 0 ? 0 : scorerCalls / pairs.length,
    twinsAboveClean: {
      count: twins.filter(({ result, clean }) => result.percent > clean.percent).length,
      of: twins.length,
    },
  };
}

/** Whether the questions to the person a dealbreaker pair's `concern` names ask about its topic. */
function asksAbout(pair: EvaluationPair | undefined, questions: PairResult["followups"]): boolean {
  const concern = pair?.concern;
  if (!concern) return false;
  const asked = ` ${questions[concern.side]
    .join(" ")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")} `;
  return concern.words.some((word) =>
    asked.includes(
      ` ${word
        .toLowerCase()
        .replace(/[^\p{L}\p{N}]+/gu, " ")
        .trim()} `,
    ),
  );
}

/** Whether any reply in which the holder of a pair's limit (the other side from `concern`) gave their dealbreakers is in another language. */
function limitInAnotherLanguage(pair: EvaluationPair | undefined): boolean {
  if (!pair?.concern) return false;
  const holder = pair.concern.side === "a" ? pair.b : pair.a;
  return interviewOf(holder).some(({ stage, text }) => stage === "dealbreakers" && foreignLanguageOf(text) !== null);
}

function percentOf({ count, of }: Share): string {
  return of === 0 ? "n/a (none labelled)" : `${count}/${of} = ${((100 * count) / of).toFixed(1)}%`;
}

/** The summary as an operator reads it. */
export function formatSummary(summary: EvaluationSummary): string[] {
  const lines = [`pairs scored: ${summary.scored}, skipped: ${summary.skipped}`];
  if (summary.dealbreakerRecall.of + summary.unexpectedDealbreakers.of > 0) {
    lines.push(
      `dealbreaker recall (labelled dealbreaker, scored 0): ${percentOf(summary.dealbreakerRecall)}`,
      `dealbreaker pairs refused or asked about: ${percentOf(summary.dealbreakerCaught)}`,
      `dealbreaker pairs whose limit Sam read (refused, or its question held whatever the score): ${percentOf(summary.dealbreakerRead)}`,
      `dealbreaker pairs that would reach photos with the topic unasked: ${percentOf(summary.dealbreakerToPhotosUnasked)}`,
      `of the dealbreaker pairs not caught, limits written in a language the interview asks to have in English: ${percentOf(summary.missedInAnotherLanguage)}`,
      `good pairs refused as dealbreaker: ${percentOf(summary.goodRefused)}`,
      `dealbreaker on pairs labelled good or poor: ${percentOf(summary.unexpectedDealbreakers)}`,
      `ROC AUC of percent, good vs poor: ${summary.auc === null ? "n/a (needs good and poor pairs)" : summary.auc.toFixed(3)}`,
      `good pairs reaching photoValidation: ${percentOf(summary.goodToPhotoValidation)}`,
      `poor pairs reaching photoValidation: ${percentOf(summary.poorToPhotoValidation)}`,
      `good pairs reaching photoValidation once limit questions are answered: ${percentOf(summary.goodToPhotoAfterLimits)}`,
      `poor pairs reaching photoValidation once limit questions are answered: ${percentOf(summary.poorToPhotoAfterLimits)}`,
    );
  }
  if (summary.twinsAboveClean.of > 0) {
    lines.push(`pairs above their clean twin: ${summary.twinsAboveClean.count}/${summary.twinsAboveClean.of}`);
  }
  lines.push(`scorer calls per pair: ${summary.scorerCallsPerPair.toFixed(2)}`);
  return lines;
}

export interface EvaluationRun {
  /** Results in input order; pairs the search would skip are left out and listed in `skipped`. */
  results: PairResult[];
  /** Lines that are not a valid pair. */
  malformed: LineProblem[];
  /** Valid pairs that could not be judged (an answer outside the schema, no model). */
  skipped: LineProblem[];
  summary: EvaluationSummary;
  /** How many narratives each writer wrote ("extractive", "llm"): the model writer falls back. */
  narratives: Map<string, number>;
  /** How many people's dealbreakers each reader read ("phrases", "llm"): the model reader falls back. */
  readings: Map<ReadingSource, number>;
}

/**
 * Evaluates every valid line of a JSONL text, `concurrency` pairs at a time. One bad line or one
 * pair that cannot be judged is reported and skipped; the run always reaches the end.
 */
export async function runEvaluation(text: string, models: EvaluationModels, concurrency = 1): Promise<EvaluationRun> {
  const { pairs, problems } = parsePairLines(text);
  let calls = 0;
  const scorer: Scorer = {
    name: models.scorer.name,
    judge(seeker, candidate, facts) {
      calls += 1;
      return models.scorer.judge(seeker, candidate, facts);
    },
  };
  const narratives = new Map<string, number>();
  const writer: NarrativeWriter = {
    async write(answers) {
      const written = await models.writer.write(answers);
      narratives.set(written.source, (narratives.get(written.source) ?? 0) + 1);
      return written;
    },
  };
  const readings = new Map<ReadingSource, number>();
  const reader: DealbreakerReader = {
    async read(words) {
      const read = await (models.reader ?? phraseReader).read(words);
      readings.set(read.source, (readings.get(read.source) ?? 0) + 1);
      return read;
    },
  };
  const skipped: LineProblem[] = [];
  const queue = pLimit(concurrency);
  const judgeLine = async ({ line, pair }: NumberedPair): Promise<PairResult | null> => {
    try {
      return await evaluatePair(pair, { scorer, writer, reader });
    } catch (error) {
      const { name, message } = error instanceof Error ? error : new Error(String(error));
      skipped.push({ line, message: `${pair.id}: ${name}: ${message}` });
      return null;
    }
  };
  // At most `concurrency` pairs at a time (p-limit); the results keep the pairs' order.
  const outcomes = await Promise.all(pairs.map((numbered) => queue(() => judgeLine(numbered))));
  const results = outcomes.filter((r): r is PairResult => r !== null);
  skipped.sort((a, b) => a.line - b.line);
  const summary = summarize(
    pairs.map((p) => p.pair),
    results,
    calls,
  );
  return { results, malformed: problems, skipped, summary, narratives, readings };
}
