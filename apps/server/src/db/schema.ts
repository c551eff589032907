import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
  boolean,
  date,
  doublePrecision,
  foreignKey,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

const createdAt = () => timestamp("created_at", { withTimezone: true }).notNull().defaultNow();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

// ---- Better Auth's four tables, written by hand (its CLI needs a newer Node) -------------------

export const users = pgTable("users", {
  id: text("id").primaryKey(),
  name: text("name").notNull(),
  email: text("email").notNull().unique(),
  emailVerified: boolean("email_verified").notNull().default(false),
  /**
   * When whoever holds the account's sign-in proved its mailbox: by opening the verification link
   * while signed in to it, by setting the password through an emailed reset link, or by signing up
   * with Google. A verified address without it (verified before that rule) makes no moderator.
   */
  mailboxProvenAt: timestamp("mailbox_proven_at", { withTimezone: true }),
  image: text("image"),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const sessions = pgTable(
  "sessions",
  {
    id: text("id").primaryKey(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    token: text("token").notNull().unique(),
    ipAddress: text("ip_address"),
    userAgent: text("user_agent"),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("sessions_user_id_idx").on(table.userId)],
);

export const accounts = pgTable(
  "accounts",
  {
    id: text("id").primaryKey(),
    accountId: text("account_id").notNull(),
    providerId: text("provider_id").notNull(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accessToken: text("access_token"),
    refreshToken: text("refresh_token"),
    idToken: text("id_token"),
    accessTokenExpiresAt: timestamp("access_token_expires_at", { withTimezone: true }),
    refreshTokenExpiresAt: timestamp("refresh_token_expires_at", { withTimezone: true }),
    scope: text("scope"),
    password: text("password"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("accounts_user_id_idx").on(table.userId)],
);

export const verifications = pgTable(
  "verifications",
  {
    id: text("id").primaryKey(),
    identifier: text("identifier").notNull(),
    value: text("value").notNull(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("verifications_identifier_idx").on(table.identifier)],
);

// ---- The product's own tables ---------------------------------------------

export const profiles = pgTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    email: text("email").notNull(),
    status: text("status").notNull().default("unavailable"),
    verified: boolean("verified").notNull().default(false),
    gender: text("gender").notNull().default(""),
    seekingGender: text("seeking_gender").notNull().default(""),
    searchRadius: integer("search_radius").notNull().default(25),
    zipCode: text("zip_code"),
    birthday: date("birthday"),
    /** How many times the person has set their birthday (BIRTHDAY_CHANGES_MAX bounds it). */
    birthdayChanges: integer("birthday_changes").notNull().default(0),
    age: integer("age"),
    ageRangeMin: integer("age_range_min"),
    ageRangeMax: integer("age_range_max"),
    chatComplete: boolean("chat_complete").notNull().default(false),
    picturesUploaded: boolean("pictures_uploaded").notNull().default(false),
    conversationStage: text("conversation_stage").notNull().default("rapport_building"),
    searchStarted: timestamp("search_started", { withTimezone: true }),
    matchAccepted: timestamp("match_accepted", { withTimezone: true }),
    /** Set by a moderator's suspension: no sign-in, no session, out of every search. */
    suspendedAt: timestamp("suspended_at", { withTimezone: true }),
    /** Set by reports from SHADOW_HIDE_REPORTERS different people: out of new searches until a moderator decides. */
    shadowHiddenAt: timestamp("shadow_hidden_at", { withTimezone: true }),
    photoUrls: jsonb("photo_urls").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    privacySettings: jsonb("privacy_settings").$type<Record<string, unknown> | null>(),
    lastConversationId: text("last_conversation_id"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("profiles_status_idx").on(table.status)],
);

export const conversations = pgTable(
  "conversations",
  {
    // A timestamp id, as conversations are keyed.
    id: text("id").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stage: text("stage").notNull().default("rapport_building"),
    processed: boolean("processed").notNull().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("conversations_user_id_idx").on(table.userId)],
);

export const messages = pgTable(
  "messages",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    conversationId: text("conversation_id")
      .notNull()
      .references(() => conversations.id, { onDelete: "cascade" }),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sender: text("sender").$type<"bot" | "user">().notNull(),
    text: text("text").notNull(),
    stage: text("stage").notNull(),
    sentAt: timestamp("sent_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index("messages_conversation_idx").on(table.conversationId, table.id)],
);

// US ZIP centroids from the USPS list, loaded once at start (platform/db/zip-codes.ts).
export const zipCodes = pgTable("zip_codes", {
  zip: text("zip").primaryKey(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  city: text("city").notNull(),
  state: text("state").notNull(),
});

// One row per person and candidate: what `userId` sees of `candidateId`. Each pair has two
// rows, one for each side, since each side moves on its own.
export const matches = pgTable(
  "matches",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    candidateId: text("candidate_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    status: text("status").notNull(),
    score: integer("score").notNull(),
    followupQuestions: jsonb("followup_questions").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
    /** Why Sam thinks the pair fits (matching/scoring/explanation.ts), written when the pair is scored. */
    reason: text("reason").notNull().default(""),
    /** How far apart the two live, as a band (DISTANCE_BANDS_MILES), fixed when the pair is scored. */
    distanceBandMiles: integer("distance_band_miles").notNull().default(500),
    /** When the pair became 'connected' (both sides at once); Sam asks whether they met 14 days later. */
    connectedAt: timestamp("connected_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.candidateId] }),
    index("matches_candidate_idx").on(table.candidateId),
    // The outcome sweep reads connections by age; few records ever connect.
    index("matches_connected_at_idx").on(table.connectedAt).where(sql`${table.connectedAt} is not null`),
  ],
);

// What happened after a connection, as `userId` tells it about `candidateId`: one row per person
// and connection, inserted when Sam asks (the insert is the claim that makes the ask happen once),
// and answered or changed through a signed link until the answer window closes. It goes with the
// match record, and so with either person's account.
export const matchOutcomes = pgTable(
  "match_outcomes",
  {
    userId: text("user_id").notNull(),
    candidateId: text("candidate_id").notNull(),
    askedAt: timestamp("asked_at", { withTimezone: true }).notNull(),
    /** met | talked | didNotTalk (MATCH_OUTCOMES), null until answered. */
    outcome: text("outcome").$type<"met" | "talked" | "didNotTalk">(),
    answeredAt: timestamp("answered_at", { withTimezone: true }),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.candidateId] }),
    foreignKey({
      columns: [table.userId, table.candidateId],
      foreignColumns: [matches.userId, matches.candidateId],
      name: "match_outcomes_match_fk",
    }).onDelete("cascade"),
  ],
);

// ---- Matching ----------------------------------------------------------------------------------

// A person's narrative, written from their interview (features/matching/narrative/narrative.ts). One per
// person, rewritten on every search and after follow-up answers. Never shown to anyone else.
export const narratives = pgTable("narratives", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  about: text("about").notNull().default(""),
  goals: text("goals").notNull().default(""),
  bestQualities: text("best_qualities").notNull().default(""),
  worstQualities: text("worst_qualities").notNull().default(""),
  partnerPreferences: text("partner_preferences").notNull().default(""),
  dealbreakers: text("dealbreakers").notNull().default(""),
  contributions: text("contributions").notNull().default(""),
  pastRelationships: text("past_relationships").notNull().default(""),
  source: text("source").notNull(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

// The person's current or last search: one row per person, claimed atomically so that many
// simultaneous Begin Search presses start one search; each step records how far it got.
export const searches = pgTable("searches", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  /** prelim → scoring → done */
  state: text("state").notNull(),
  candidateIds: jsonb("candidate_ids").$type<string[]>().notNull().default(sql`'[]'::jsonb`),
  result: jsonb("result").$type<{ photoValidation: number; followupsQueued: number; no: number } | null>(),
  startedAt: timestamp("started_at", { withTimezone: true }).notNull(),
  /** The UTC day of the last claimed search, and how many were claimed that day (SEARCHES_PER_DAY). */
  searchesDay: text("searches_day"),
  searchesThatDay: integer("searches_that_day").notNull().default(0),
  updatedAt: updatedAt(),
});

// ---- Consent and privacy ------------------------------------------
// Consent records and privacy requests are kept 5 years, longer than the account itself, so
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

/**
 * The preliminary match's search point: one row per searchable person (active, verified, interview
 * complete, photos uploaded, age known, ZIP known), kept in step with `profiles` by a trigger.
 * Gender and seeking gender are codes (0 '', 1 man, 2 woman): fixed-width columns keep every
 * index entry's attributes at fixed offsets, which the search reads thousands of times.
 * Latitude/longitude are the ZIP centroid; `min_age`/`max_age` are the person's own age window
 * with missing offsets as (-5, +5); `radius_band` is the smallest band (10, 25, 50, 100, 250, 500
 * miles) at or above `search_radius`; `lat_cell` is floor(latitude * 10); x/y/z and `reach_chord`
 * let the exact distance check run on the index entries (earthdistance's sphere: earth_distance
 * <= r exactly when the chord <= 2 sin(r / 2R)). The index, the trigger and the search itself
 * (`preliminary_candidates`) are in src/db/functions/ (the index in migration 0005); see
 * docs/decisions/0008-matching-pipeline.md.
 */
export const matchPoints = pgTable("match_points", {
  userId: text("user_id").primaryKey(),
  gender: smallint("gender").notNull(),
  seekingGender: smallint("seeking_gender").notNull(),
  age: integer("age").notNull(),
  minAge: integer("min_age").notNull(),
  maxAge: integer("max_age").notNull(),
  searchRadius: integer("search_radius").notNull(),
  radiusBand: integer("radius_band").notNull(),
  latCell: integer("lat_cell").notNull(),
  latitude: doublePrecision("latitude").notNull(),
  longitude: doublePrecision("longitude").notNull(),
  // The point on the unit sphere, and the chord (on the unit sphere) that the person's own radius spans.
  x: doublePrecision("x").notNull(),
  y: doublePrecision("y").notNull(),
  z: doublePrecision("z").notNull(),
  reachChord: doublePrecision("reach_chord").notNull(),
});

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

// ---- Trust and safety --------------------------------------------------------------------------

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
    reporterId: text("reporter_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    reportedId: text("reported_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** One of REPORT_REASONS. */
    reason: text("reason").notNull(),
    text: text("text").notNull().default(""),
    createdAt: createdAt(),
    resolvedAt: timestamp("resolved_at", { withTimezone: true }),
  },
  (table) => [
    index("reports_open_idx").on(table.reportedId).where(sql`${table.resolvedAt} is null`),
    index("reports_reporter_day_idx").on(table.reporterId, table.createdAt),
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
  (table) => [index("moderation_actions_subject_idx").on(table.subjectId)],
);

/**
 * The difference hash of each current photo (features/photos/photo-hash.ts), with its four 16-bit
 * bands indexed together with the hash, so a near duplicate among millions is found in the
 * indexes alone: the bands narrow, and the hash beside each is compared without reading the table.
 */
export const photoHashes = pgTable(
  "photo_hashes",
  {
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    photoUrl: text("photo_url").notNull(),
    hash: bigint("hash", { mode: "bigint" }).notNull(),
    band0: integer("band0").notNull(),
    band1: integer("band1").notNull(),
    band2: integer("band2").notNull(),
    band3: integer("band3").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.photoUrl] }),
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
