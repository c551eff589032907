import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../../config.ts";
import {
  countingScorer,
  type EvaluationModels,
  evaluatePair,
  formatSummary,
  type PairResult,
  parsePairLines,
  summarize,
} from "./evaluation.ts";
import { matchingModels } from "./models.ts";
import type { NarrativeWriter } from "./narrative.ts";

// `npm run match:eval -- --pairs FILE.jsonl [--scorer heuristic|llm] [--out RESULT.jsonl]`
// Results go to --out (else stdout) as JSON lines; problems and the summary go to stderr, so
// stdout stays machine-readable.

export const USAGE = "usage: npm run match:eval -- --pairs FILE.jsonl [--scorer heuristic|llm] [--out RESULT.jsonl]";

export interface CommandIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

type Options = { pairs: string; scorer: "heuristic" | "llm"; out: string | undefined };

function parseOptions(argv: readonly string[]): Options | string {
  let values: { pairs?: string; scorer?: string; out?: string };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: { pairs: { type: "string" }, scorer: { type: "string", default: "heuristic" }, out: { type: "string" } },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return (error as Error).message;
  }
  if (!values.pairs) return "--pairs is required";
  if (values.scorer !== "heuristic" && values.scorer !== "llm") return "--scorer must be heuristic or llm";
  return { pairs: values.pairs, scorer: values.scorer, out: values.out };
}

/**
 * The scorer and narrative writer a search would use with this environment, the scorer forced to
 * the one asked for. 'llm' without a configured model is refused, as the server refuses it.
 */
function modelsFor(scorer: Options["scorer"], env: CommandIo["env"]) {
  if (scorer === "llm" && !(env.LLM_BASE_URL?.trim() && env.LLM_MODEL?.trim())) {
    return "--scorer llm needs a model: set LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY if the provider asks for one)";
  }
  try {
    const config = loadConfig({ ...env, MATCHING_SCORER: scorer });
    return { ...matchingModels(config), concurrency: config.MATCHING_SCORER_CONCURRENCY };
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

/** Runs `task` over `items` at most `limit` at a time; results keep the items' order. */
async function mapLimited<T, R>(items: readonly T[], limit: number, task: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const index = next++;
      results[index] = await task(items[index] as T);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
  return results;
}

/** The command; returns its exit code (0 done, 1 nothing to score, 2 refused). */
export async function runMatchEvaluation(argv: readonly string[], io: CommandIo): Promise<number> {
  const options = parseOptions(argv);
  if (typeof options === "string") {
    io.stderr(`${options}\n${USAGE}\n`);
    return 2;
  }
  const models = modelsFor(options.scorer, io.env);
  if (typeof models === "string") {
    io.stderr(`${models}\n`);
    return 2;
  }
  let text: string;
  try {
    text = await readFile(options.pairs, "utf8");
  } catch (error) {
    io.stderr(`cannot read ${options.pairs}: ${(error as Error).message}\n`);
    return 2;
  }

  const { pairs, problems } = parsePairLines(text);
  for (const problem of problems) io.stderr(`line ${problem.line}: skipped: ${problem.message}\n`);
  const counted = countingScorer(models.scorer);
  // The model writer falls back to the extractive one on failure; the tally shows how often.
  const sources = new Map<string, number>();
  const writer: NarrativeWriter = {
    async write(answers) {
      const written = await models.writer.write(answers);
      sources.set(written.source, (sources.get(written.source) ?? 0) + 1);
      return written;
    },
  };
  const run: EvaluationModels = { scorer: counted.scorer, writer };
  const outcomes = await mapLimited(pairs, models.concurrency, async ({ line, pair }) => {
    try {
      return await evaluatePair(pair, run);
    } catch (error) {
      // What the search skips (an answer outside the schema) or fails on (no model): one pair only.
      io.stderr(`line ${line} (${pair.id}): skipped: ${(error as Error).name}: ${(error as Error).message}\n`);
      return null;
    }
  });
  const results = outcomes.filter((r): r is PairResult => r !== null);

  const jsonl = results.map((r) => `${JSON.stringify(r)}\n`).join("");
  if (options.out) await writeFile(options.out, jsonl);
  else io.stdout(jsonl);

  const summary = summarize(
    pairs.map((p) => p.pair),
    results,
    counted.calls(),
  );
  const written = [...sources].map(([source, count]) => `${count} ${source}`).join(", ") || "none";
  io.stderr(
    [
      `scorer: ${models.scorer.name}; narratives written: ${written}; malformed lines: ${problems.length}`,
      ...formatSummary(summary),
      ...(options.out ? [`results: ${options.out}`] : []),
    ]
      .map((l) => `${l}\n`)
      .join(""),
  );
  return pairs.length === 0 ? 1 : 0;
}
