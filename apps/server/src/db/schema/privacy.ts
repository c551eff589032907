import { pgTable, text, timestamp } from "drizzle-orm/pg-core";

// Retention: the tombstones of closed and deleted accounts.

/**
 * Accounts closed for inactivity (reason 'inactive') or deleted by their owner ('deleted'). The row
 * outlives the user row as a tombstone: the closed account is purged after the safety window, the
 * tombstone after the deleted-accounts window.
 */
export const accountClosures = pgTable("account_closures", {
  userId: text("user_id").primaryKey(),
  reason: text("reason").$type<"inactive" | "deleted">().notNull(),
  closedAt: timestamp("closed_at", { withTimezone: true }).notNull(),
  purgedAt: timestamp("purged_at", { withTimezone: true }),
});
