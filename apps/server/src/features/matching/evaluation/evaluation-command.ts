import { readFile, writeFile } from "node:fs/promises";
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../../../config.ts";
import { matchingModels } from "../models.ts";
import { formatSummary, runEvaluation } from "./evaluation.ts";

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

  const run = await runEvaluation(text, models, models.concurrency);
  for (const problem of run.malformed) io.stderr(`line ${problem.line}: skipped: ${problem.message}\n`);
  for (const problem of run.skipped) io.stderr(`line ${problem.line}: skipped: ${problem.message}\n`);

  const jsonl = run.results.map((r) => `${JSON.stringify(r)}\n`).join("");
  if (options.out) await writeFile(options.out, jsonl);
  else io.stdout(jsonl);

  const written = [...run.narratives].map(([source, count]) => `${count} ${source}`).join(", ") || "none";
  io.stderr(
    [
      `scorer: ${models.scorer.name}; narratives written: ${written}; malformed lines: ${run.malformed.length}`,
      ...formatSummary(run.summary),
      ...(options.out ? [`results: ${options.out}`] : []),
    ]
      .map((line) => `${line}\n`)
      .join(""),
  );
  return run.summary.scored + run.summary.skipped === 0 ? 1 : 0;
}
