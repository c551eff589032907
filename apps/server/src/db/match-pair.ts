import { and, eq, or, type SQL } from "drizzle-orm";
import { matches } from "./schema.ts";

/** Both match records of a pair (a's about b and b's about a), whichever side each belongs to. */
export function bothRecordsOf(a: string, b: string): SQL {
  return or(
    and(eq(matches.userId, a), eq(matches.candidateId, b)),
    and(eq(matches.userId, b), eq(matches.candidateId, a)),
  ) as SQL;
}
