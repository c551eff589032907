import { bigserial, index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

// First-party analytics.

/** First-party analytics: no IP address or user id, only a visitor hash salted per day. */
export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    name: text("name").notNull(),
    path: text("path").notNull(),
    visitorHash: text("visitor_hash").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("analytics_events_created_idx").on(table.createdAt)],
);

/**
 * The day's salt of the visitor hash, shared by every instance so a visitor counts once whichever
 * instance answers. Only today's row is kept: once a day is over its salt is deleted, and that
 * day's hashes can no longer be linked to anyone.
 */
export const analyticsSalts = pgTable("analytics_salts", {
  day: text("day").primaryKey(),
  salt: text("salt").notNull(),
});
