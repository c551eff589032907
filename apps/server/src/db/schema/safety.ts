import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { createdAt } from "./columns.ts";

// Trust and safety: blocks, reports, moderation, and the photo hashes that find duplicates.

/**
 * "Not this person", from either side: the pair never meets again in any search, review, pending
 * page or email (the preliminary match reads it). Written by Block and by Report.
 */
export const blocks = pgTable(
  "blocks",
  {
    blockerId: text("blocker_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    blockedId: text("blocked_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.blockerId, table.blockedId] }),
    index("blocks_blocked_idx").on(table.blockedId),
  ],
);

/** A person's report about someone they were shown; open until a moderator dismisses, suspends or restores. */
export const reports = pgTable(
  "reports",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    /** Null once the reporter's account is gone: the report stays, without who made it. */
    reporterId: text("reporter_id").references(() => users.id, { onDelete: "set null" }),
    reportedId: text("reported_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** One of REPORT_REASONS. */
    reason: text("reason").notNull(),
    text: text("text").notNull().default(""),
    /**
     * A keyed hash (under the auth secret) of the reporter's mailbox: reports from one mailbox are
     * one reporter, and a dismiss stands against it, even once the account is gone. It names
     * nobody without the secret.
     */
    reporterMailboxKey: text("reporter_mailbox_key").notNull(),
    /** The same kind of hash of the address the report came from, so moderators see shared ones. */
    reporterAddressKey: text("reporter_address_key"),
    /** Whether it counts towards a hide: the reporter's account was verified and old enough then. */
    countsTowardHide: boolean("counts_toward_hide").notNull().default(false),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
    /** The moderator's decision that closed it (one of MODERATION_ACTIONS). */
    resolution: text("resolution"),
  },
  (table) => [
    index("reports_open_idx").on(table.reportedId).where(sql`${table.resolvedAt} is null`),
    index("reports_reporter_mailbox_day_idx").on(table.reporterMailboxKey, table.createdAt),
    // The insights count reports per day.
    index("reports_created_at_idx").on(table.createdAt),
  ],
);

/**
 * The audit log of moderation: who (the moderator; null once their account is gone), when, what,
 * about whom and why. Kept while the person acted on has an account; their data export includes it.
 */
export const moderationActions = pgTable(
  "moderation_actions",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    moderatorId: text("moderator_id").references(() => users.id, { onDelete: "set null" }),
    subjectId: text("subject_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** One of MODERATION_ACTIONS. */
    action: text("action").notNull(),
    reason: text("reason").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("moderation_actions_subject_idx").on(table.subjectId),
    // The insights count decisions per day.
    index("moderation_actions_created_at_idx").on(table.createdAt),
  ],
);

/**
 * The perceptual hashes kept of each current photo (features/photos/photo-hash.ts: the whole, its
 * centre and 90 % crops, one row each), each with its four 16-bit
 * bands indexed together with the hash, so a near duplicate among millions is found in the
 * indexes alone: the bands narrow, and the hash beside each is compared without reading the table.
 * `created_at` is when the picture first appeared on the account: a re-saved photo keeps it, so
 * it says who had a picture first (features/photos/mutations.ts).
 */
export const photoHashes = pgTable(
  "photo_hashes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    photoUrl: text("photo_url").notNull(),
    /** Which of the photo's kept hashes (photoFingerprints' `stored`, in order). */
    variant: smallint("variant").notNull(),
    hash: bigint("hash", { mode: "bigint" }).notNull(),
    /**
     * How the hash was made (PHOTO_HASH_SCHEME when it was written): rows of an earlier way are
     * rewritten by the recompute job. Rows from before the column was added are of the first.
     */
    scheme: smallint("scheme").notNull().default(1),
    band0: integer("band0").notNull(),
    band1: integer("band1").notNull(),
    band2: integer("band2").notNull(),
    band3: integer("band3").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.photoUrl, table.variant] }),
    index("photo_hashes_band0_idx").on(table.band0, table.hash),
    index("photo_hashes_band1_idx").on(table.band1, table.hash),
    index("photo_hashes_band2_idx").on(table.band2, table.hash),
    index("photo_hashes_band3_idx").on(table.band3, table.hash),
  ],
);

/**
 * A photo of `userId` that looks like one on another account (`otherUserId`): shown to moderators
 * with both accounts until a decision about `userId` resolves it.
 */
export const duplicatePhotos = pgTable(
  "duplicate_photos",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    photoUrl: text("photo_url").notNull(),
    otherUserId: text("other_user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    otherPhotoUrl: text("other_photo_url").notNull(),
    distance: integer("distance").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.photoUrl, table.otherUserId, table.otherPhotoUrl] }),
    index("duplicate_photos_other_idx").on(table.otherUserId),
  ],
);
