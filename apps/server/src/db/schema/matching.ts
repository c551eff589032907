import { sql } from "drizzle-orm";
import {
  bigint,
  bigserial,
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
import { users } from "./accounts.ts";
import { createdAt, updatedAt } from "./columns.ts";

// The matching: narratives, searches, the preliminary match's search points, match records, and
// what happened after a connection.

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

// What a person told Sam is wrong in their narrative ("Your story"), section by section: the
// narrative is rewritten with these, now and at every later rewrite. Goes with the account.
export const narrativeCorrections = pgTable(
  "narrative_corrections",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** One of the narrative's fields (NARRATIVE_FIELDS). */
    field: text("field").notNull(),
    text: text("text").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("narrative_corrections_user_idx").on(table.userId, table.id)],
);

// "About me in Sam's words": the short introduction candidates read in photo review, and only once
// its owner approved it (the row exists only then). Never drawn from dealbreakers or past loves.
export const profileIntros = pgTable("profile_intros", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  text: text("text").notNull(),
  approvedAt: timestamp("approved_at", { withTimezone: true }).notNull(),
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
  // The person's non-negotiables as bits (non_negotiables, kept in step by its trigger): the
  // answers they gave, and the partner answers their limits refuse.
  factBits: bigint("fact_bits", { mode: "bigint" }).notNull().default(sql`0`),
  refusedBits: bigint("refused_bits", { mode: "bigint" }).notNull().default(sql`0`),
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
    /**
     * Of those, the questions whose answer can end the pair (a limit of the other person's that
     * this person's interview left open), with the answer that ends it.
     */
    limitQuestions: jsonb("limit_questions")
      .$type<{ question: string; endsOn: "yes" | "no" }[]>()
      .notNull()
      .default(sql`'[]'::jsonb`),
    /** Why Sam thinks the pair fits (matching/scoring/explanation.ts), written when the pair is scored. */
    reason: text("reason").notNull().default(""),
    /** How far apart the two live, as a band (DISTANCE_BANDS_MILES), fixed when the pair is scored. */
    distanceBandMiles: integer("distance_band_miles").notNull().default(500),
    /** When the pair became 'connected' (both sides at once); Sam asks whether they met 14 days later. */
    connectedAt: timestamp("connected_at", { withTimezone: true }),
    /** When `userId` saw the match moment (the screen that follows a connection); null until then. */
    momentSeenAt: timestamp("moment_seen_at", { withTimezone: true }),
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

/**
 * Sam's standing search for a person who is Still Looking: when he searches for them next. The
 * sweep (every minute) hands those that are due to the search queue, one job per person.
 */
export const standingSearches = pgTable(
  "standing_searches",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    nextAt: timestamp("next_at", { withTimezone: true }).notNull(),
  },
  (table) => [index("standing_searches_next_at_idx").on(table.nextAt)],
);
