// Daily tallies: how many times something happened on a UTC day, for the moderators' insights,
// kept in the shared database (daily_tallies) so every instance adds to the same figures and the
// insights read a few hundred small rows whatever the number of people.
//
// Only what no table records with a date is tallied (an interview's end, a search's result, the
// steps a match record passed through, model calls and tokens); sign-ups, connections, answers to
// "Did you meet?", reports and decisions are counted from their own rows.
//
// Counts gather in memory and are added in one statement every few seconds (and when the server
// stops), so a busy day is one upsert per instance and name, not one per event: no hot row. A
// process killed with -9 loses at most those seconds of counts; the metrics and the product do not
// depend on them.

export const TALLY_NAMES = [
  "interview_completed",
  "search_found",
  "search_nobody",
  "match_found",
  "match_followups_answered",
  "match_photo_review",
  "match_kept",
  "match_connected",
  "model_calls_reply",
  "model_calls_scorer",
  "model_calls_narrative",
  "model_tokens_reply",
  "model_tokens_scorer",
  "model_tokens_narrative",
] as const;
export type TallyName = (typeof TALLY_NAMES)[number];

export interface TallyRow {
  /** The UTC day, YYYY-MM-DD. */
  day: string;
  name: TallyName;
  count: number;
}

const utcDay = (at: Date) => at.toISOString().slice(0, 10);

export class Tallies {
  private pending = new Map<string, TallyRow>();

  constructor(private readonly clock: () => Date = () => new Date()) {}

  /** Counts `count` more of `name` on today's UTC day. */
  add(name: TallyName, count = 1): void {
    const day = utcDay(this.clock());
    const key = `${day} ${name}`;
    const row = this.pending.get(key);
    if (row) row.count += count;
    else this.pending.set(key, { day, name, count });
  }

  /** Takes every waiting count; whoever writes them gives back those it could not (`restore`). */
  drain(): TallyRow[] {
    const rows = [...this.pending.values()];
    this.pending = new Map();
    return rows;
  }

  /** Puts back counts a failed write could not add, so the next write carries them. */
  restore(rows: readonly TallyRow[]): void {
    for (const { day, name, count } of rows) {
      const key = `${day} ${name}`;
      const row = this.pending.get(key);
      if (row) row.count += count;
      else this.pending.set(key, { day, name, count });
    }
  }
}
