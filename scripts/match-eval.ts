// Scores labelled pairs of people offline, through the search's own matching code; see README.md.
//   npm run match:eval -- --pairs FILE.jsonl [--scorer heuristic|llm] [--out RESULT.jsonl]
import { runMatchEvaluation } from "../apps/server/src/features/matching/evaluation/evaluation-command.ts";

process.exitCode = await runMatchEvaluation(process.argv.slice(2), {
  env: process.env,
  stdout: (text) => process.stdout.write(text),
  stderr: (text) => process.stderr.write(text),
});
