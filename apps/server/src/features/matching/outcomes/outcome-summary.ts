import { type OutcomeBandSummary, summarizeOutcomes } from "@sams-web/domain/matching/rules";
import type { Database } from "../../../db/client.ts";
import { listConnectionOutcomes } from "./data.ts";

// `npm run match:outcomes`: how connections turned out, per score band. Whether a higher score
// led to more meetings is the figure that says whether the scorer's percentage means anything.

const COLUMNS = ["score band", "connections", "asked", "answered", "met", "met/answered"] as const;

const share = (row: OutcomeBandSummary) => (row.metShare === null ? "–" : `${Math.round(row.metShare * 100)}%`);

/** The summary as a table: one line per band and a last one for all connections. */
export function formatOutcomeSummary(rows: readonly OutcomeBandSummary[]): string[] {
  const cells = rows.map((row) =>
    [row.band, row.connections, row.asked, row.answered, row.met, share(row)].map(String),
  );
  const widths = COLUMNS.map((title, i) => Math.max(title.length, ...cells.map((line) => line[i]?.length ?? 0)));
  // The band reads left to right; the figures line up on the right.
  const line = (values: readonly string[]) =>
    values.map((value, i) => (i === 0 ? value.padEnd(widths[i] ?? 0) : value.padStart(widths[i] ?? 0))).join("  ");
  return [line(COLUMNS), ...cells.map(line)];
}

/** Reads every connection and its answers, and returns the table with what its figures mean. */
export async function outcomeSummary(db: Database): Promise<string[]> {
  return [
    ...formatOutcomeSummary(summarizeOutcomes(await listConnectionOutcomes(db))),
    "",
    "connections: pairs who both confirmed; asked: Sam has asked them whether they met (14 days after connecting);",
    "answered: at least one of the two answered; met: at least one said 'Yes, we met'. The share is met/answered.",
  ];
}
