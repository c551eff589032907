import { bigserial, index, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";

// Consent and California privacy requests. Both are kept 5 years, longer than the account itself, so
// they carry the user id as plain text without a foreign key (a deleted account keeps its record).

/** Every change of a signed-in person's cookie preferences (null = cleared after expiry). */
export const consentRecords = pgTable(
  "consent_records",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id").notNull(),
    preferences: jsonb("preferences").$type<Record<string, unknown> | null>(),
    createdAt: createdAt(),
  },
  (table) => [
    index("consent_records_user_idx").on(table.userId),
    index("consent_records_created_idx").on(table.createdAt),
  ],
);

/** California requests: 'Submit Opt-Out Request' (optOut) and 'Submit Limit Request' (limit). */
export const privacyRequests = pgTable(
  "privacy_requests",
  {
    id: text("id").primaryKey(),
    /** Exactly one of userId (signed in) and browserId (guest) is set. */
    userId: text("user_id"),
    browserId: text("browser_id"),
    kind: text("kind").$type<"optOut" | "limit">().notNull(),
    createdAt: createdAt(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (table) => [
    index("privacy_requests_user_idx").on(table.userId),
    index("privacy_requests_browser_idx").on(table.browserId),
    index("privacy_requests_created_idx").on(table.createdAt),
  ],
);
