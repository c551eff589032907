import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../../../config.ts";
import { configuredLlm, type LlmCallSettings } from "../../../platform/llm/structured-call.ts";
import { readingWithFallback } from "../../chat/brain/llm-brain.ts";
import { matchingModels } from "../models.ts";
import { type DealbreakerReader, formatSummary, phraseReader, runEvaluation } from "./evaluation.ts";

// `npm run match:eval -- --pairs FILE.jsonl [--scorer heuristic|llm] [--reader phrases|llm] [--out RESULT.jsonl]`
// Results go to --out (else stdout) as JSON lines; problems and the summary go to stderr, so
// stdout stays machine-readable.

export const USAGE =
  "usage: npm run match:eval -- --pairs FILE.jsonl [--scorer heuristic|llm] [--reader phrases|llm] [--out RESULT.jsonl]";

export interface CommandIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

type Options = { pairs: string; scorer: "heuristic" | "llm"; reader: "phrases" | "llm"; out: string | undefined };

function parseOptions(argv: readonly string[]): Options | string {
  let values: { pairs?: string; scorer?: string; reader?: string; out?: string };
  try {
    ({ values } = parseArgs({
      args: [...argv],
      options: {
        pairs: { type: "string" },
        scorer: { type: "string", default: "heuristic" },
        reader: { type: "string", default: "phrases" },
        out: { type: "string" },
      },
      strict: true,
      allowPositionals: false,
    }));
  } catch (error) {
    return (error as Error).message;
  }
  if (!values.pairs) return "--pairs is required";
  if (values.scorer !== "heuristic" && values.scorer !== "llm") return "--scorer must be heuristic or llm";
  if (values.reader !== "phrases" && values.reader !== "llm") return "--reader must be phrases or llm";
  return { pairs: values.pairs, scorer: values.scorer, reader: values.reader, out: values.out };
}

/** The model's reading of each person's dealbreakers as the chat asks for it, the phrase reader's where the model fails. */
function modelReader(llm: LlmCallSettings): DealbreakerReader {
  return { read: (words) => readingWithFallback(llm, words) };
}

/**
 * The scorer and narrative writer a search would use with this environment, the scorer forced to
 * the one asked for, and the dealbreaker reader asked for. 'llm' without a configured model is
 * refused, as the server refuses it.
 */
function modelsFor({ scorer, reader }: Pick<Options, "scorer" | "reader">, env: CommandIo["env"]) {
  const model = env.LLM_BASE_URL?.trim() && env.LLM_MODEL?.trim();
  for (const [option, value] of [
    ["--scorer", scorer],
    ["--reader", reader],
  ] as const) {
    if (value === "llm" && !model) {
      return `${option} llm needs a model: set LLM_BASE_URL and LLM_MODEL (and LLM_API_KEY if the provider asks for one)`;
    }
  }
  try {
    const config = loadConfig({ ...env, MATCHING_SCORER: scorer });
    const llm = configuredLlm(config);
    return {
      ...matchingModels(config),
      reader: reader === "llm" && llm ? modelReader(llm) : phraseReader,
      concurrency: config.MATCHING_SCORER_CONCURRENCY,
    };
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

/** The command; returns its exit code (0 done, 1 nothing to score, 2 refused). */
export async function runMatchEvaluation(argv: readonly string[], io: CommandIo): Promise<number> {
  const options = parseOptions(argv);
  if (typeof options === "string") {
    io.stderr(`${options}\n${USAGE}\n`);
    return 2;
  }
  const models = modelsFor(options, io.env);
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

  const run = await runEvaluation(text, models, models.concurrency);
  for (const problem of run.malformed) io.stderr(`line ${problem.line}: skipped: ${problem.message}\n`);
  for (const problem of run.skipped) io.stderr(`line ${problem.line}: skipped: ${problem.message}\n`);

  const jsonl = run.results.map((r) => `${JSON.stringify(r)}\n`).join("");
  if (options.out) await writeFile(options.out, jsonl);
  else io.stdout(jsonl);

  const counted = (counts: Map<string, number>) =>
    [...counts].map(([source, count]) => `${count} ${source}`).join(", ") || "none";
  io.stderr(
    [
      `scorer: ${models.scorer.name}; narratives written: ${counted(run.narratives)}; dealbreakers read: ${counted(run.readings)}; malformed lines: ${run.malformed.length}`,
      ...formatSummary(run.summary),
      ...(options.out ? [`results: ${options.out}`] : []),
    ]
      .map((line) => `${line}\n`)
      .join(""),
  );
  return run.summary.scored + run.summary.skipped === 0 ? 1 : 0;
}
