import { DAY_MS, YEAR_MS } from "virtual:legal-constants";

// Durations from the domain's tables, in the words the legal pages use. A month is 30 days and a
// year 365, as the domain's retention table counts them.
const MONTH_MS = 30 * DAY_MS;

/** How many whole `unit`s `ms` is; a table value that is not a whole number of them is a mistake in the text. */
function whole(ms: number, unitMs: number, unit: string): number {
  const count = ms / unitMs;
  if (!Number.isInteger(count)) throw new Error(`${ms} ms is not a whole number of ${unit}s`);
  return count;
}

function inWords(count: number, unit: string): string {
  return `${count} ${unit}${count === 1 ? "" : "s"}`;
}

export const inDays = (ms: number): number => whole(ms, DAY_MS, "day");
export const inMonths = (ms: number): number => whole(ms, MONTH_MS, "month");
export const inYears = (ms: number): number => whole(ms, YEAR_MS, "year");

/** "90 days", "1 day". */
export const days = (ms: number): string => inWords(inDays(ms), "day");
/** "3 months", "1 month". */
export const months = (ms: number): string => inWords(inMonths(ms), "month");
/** "2 years", "1 year". */
export const years = (ms: number): string => inWords(inYears(ms), "year");
