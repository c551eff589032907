import { bigint, date, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";

// The platform's own tables: rate limits, used bot-check solutions and the daily tallies, shared by
// every instance.

/**
 * Rate limits, shared by every instance on this database: one row per limited key (a limit's name
 * and who it counts, e.g. an address or an account, stored as a SHA-256 hash so that no row names
 * a person), counting hits in a window that starts with the key's first hit and ends at
 * `resets_at`. Rows past their window are swept.
 */
export const rateLimitHits = pgTable(
  "rate_limit_hits",
  {
    key: text("key").primaryKey(),
    hits: integer("hits").notNull(),
    resetsAt: timestamp("resets_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("rate_limit_hits_resets_at_idx").on(table.resetsAt)],
);

/**
 * Bot-check solutions already used, by their challenge's signature, until the challenge expires.
 * A unique insert here is what makes a solution work once, even when many requests (on any
 * instance) carry it at the same moment; rows past `expires_at` are deleted as new ones arrive.
 */
export const botcheckSolutions = pgTable(
  "botcheck_solutions",
  {
    signature: text("signature").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("botcheck_solutions_expires_idx").on(table.expiresAt)],
);

/**
 * How many times something the insights chart happened on a UTC day (platform/metrics/tallies.ts
 * names them): interviews completed, searches by result, the steps match records reached, model
 * calls and tokens. Every instance adds its counts every few seconds; a few hundred rows a quarter.
 */
export const dailyTallies = pgTable(
  "daily_tallies",
  {
    day: date("day").notNull(),
    name: text("name").notNull(),
    count: bigint("count", { mode: "number" }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.day, table.name] })],
);
