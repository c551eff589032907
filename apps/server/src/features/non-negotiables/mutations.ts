import type { Facts, ReadingItem } from "@sams-web/domain/non-negotiables/contracts";
import { confirmedLimits, factBits, refusedBits } from "@sams-web/domain/non-negotiables/rules";
import { eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { nonNegotiables } from "../../db/schema.ts";
import type { StoredNonNegotiables } from "./data.ts";

/**
 * Changes a person's non-negotiables under a row lock, so two changes at once (a tab in Settings,
 * another in the chat) apply one after the other and neither is lost; the database's two bit sets
 * are worked out from the result, by the domain's rules, in the same write.
 */
export async function changeNonNegotiables(
  db: Database | Parameters<Parameters<Database["transaction"]>[0]>[0],
  userId: string,
  change: (current: StoredNonNegotiables) => StoredNonNegotiables,
): Promise<StoredNonNegotiables> {
  return db.transaction(async (tx) => {
    await tx.insert(nonNegotiables).values({ userId }).onConflictDoNothing();
    const [row] = await tx.select().from(nonNegotiables).where(eq(nonNegotiables.userId, userId)).for("update");
    const current: StoredNonNegotiables = row
      ? {
          facts: row.facts,
          reading: row.reading,
          readingConfirmed: row.readingConfirmedAt !== null,
          pending: row.pending,
        }
      : { facts: {}, reading: [], readingConfirmed: false, pending: null };
    const next = change(current);
    const limits = next.readingConfirmed ? confirmedLimits(next.facts, next.reading) : (next.facts.limits ?? []);
    await tx
      .update(nonNegotiables)
      .set({
        facts: next.facts,
        reading: next.reading,
        pending: next.pending,
        // A reading confirmed now dates from now; one kept as it was keeps its date.
        ...(!next.readingConfirmed
          ? { readingConfirmedAt: null }
          : next.reading !== current.reading || !current.readingConfirmed
            ? { readingConfirmedAt: sql`now()` }
            : {}),
        factBits: factBits(next.facts),
        refusedBits: refusedBits({ ...next.facts, limits }),
        updatedAt: new Date(),
      })
      .where(eq(nonNegotiables.userId, userId));
    return next;
  });
}

/** The quick questions' answers, as tapped in the chat (null: skipped, which keeps what was there). */
export function withFacts(facts: Facts | null) {
  return (current: StoredNonNegotiables): StoredNonNegotiables => (facts === null ? current : { ...current, facts });
}

/** Sam's reading, read back and waiting for the person's word. */
export function withPending(items: ReadingItem[]) {
  return (current: StoredNonNegotiables): StoredNonNegotiables => ({ ...current, pending: items });
}

/** The person confirmed it: it holds from now on, in place of any earlier reading. */
export function withConfirmed(items: ReadingItem[]) {
  return (current: StoredNonNegotiables): StoredNonNegotiables => ({
    ...current,
    reading: items,
    readingConfirmed: true,
    pending: null,
  });
}
