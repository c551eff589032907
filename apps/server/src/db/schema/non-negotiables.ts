import type { Facts, ReadingItem } from "@sams-web/domain/non-negotiables/contracts";
import { sql } from "drizzle-orm";
import { bigint, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { createdAt, updatedAt } from "./columns.ts";

// A person's non-negotiables: their answers to Sam's quick questions (limits included), what Sam
// read from their own words and they confirmed, and the reading Sam read back and waits to hear
// is right. The two bit sets are what the preliminary match reads (through match_points): the
// answers they gave, and the partner answers their limits refuse (packages/domain rules).
export const nonNegotiables = pgTable("non_negotiables", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  facts: jsonb("facts").$type<Facts>().notNull().default(sql`'{}'::jsonb`),
  reading: jsonb("reading").$type<ReadingItem[]>().notNull().default(sql`'[]'::jsonb`),
  /** When the person confirmed the reading; null: never (an older interview), so it only asks. */
  readingConfirmedAt: timestamp("reading_confirmed_at", { withTimezone: true }),
  pending: jsonb("pending").$type<ReadingItem[]>(),
  factBits: bigint("fact_bits", { mode: "bigint" }).notNull().default(sql`0`),
  refusedBits: bigint("refused_bits", { mode: "bigint" }).notNull().default(sql`0`),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});
