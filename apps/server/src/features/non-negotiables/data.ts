import type { Facts, ReadingItem } from "@sams-web/domain/non-negotiables/contracts";
import { eq, inArray } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { nonNegotiables } from "../../db/schema.ts";

/** A person's non-negotiables as stored; a person who never answered has none of anything. */
export interface StoredNonNegotiables {
  facts: Facts;
  /** What Sam read from their words; it refuses only once they confirmed it. */
  reading: ReadingItem[];
  readingConfirmed: boolean;
  /** What Sam read back and waits to hear is right. */
  pending: ReadingItem[] | null;
}

export const NO_NON_NEGOTIABLES: StoredNonNegotiables = {
  facts: {},
  reading: [],
  readingConfirmed: false,
  pending: null,
};

function stored(row: typeof nonNegotiables.$inferSelect): StoredNonNegotiables {
  return {
    facts: row.facts,
    reading: row.reading,
    readingConfirmed: row.readingConfirmedAt !== null,
    pending: row.pending,
  };
}

export async function loadNonNegotiables(db: Database, userId: string): Promise<StoredNonNegotiables> {
  const [row] = await db.select().from(nonNegotiables).where(eq(nonNegotiables.userId, userId));
  return row ? stored(row) : NO_NON_NEGOTIABLES;
}

/** Several people's, for a search; anyone missing has none. */
export async function loadNonNegotiablesOf(
  db: Database,
  userIds: readonly string[],
): Promise<Map<string, StoredNonNegotiables>> {
  if (userIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(nonNegotiables)
    .where(inArray(nonNegotiables.userId, [...userIds]));
  return new Map(rows.map((row) => [row.userId, stored(row)]));
}
