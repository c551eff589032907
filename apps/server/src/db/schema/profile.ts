import { sql } from "drizzle-orm";
import { boolean, date, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { createdAt, updatedAt } from "./columns.ts";

// A person's profile: who they are, whom they seek, where, and how far the interview got.

export const profiles = pgTable(
  "profiles",
  {
    userId: text("user_id")
      .primaryKey()
      .references(() => users.id, { onDelete: "cascade" }),
    displayName: text("display_name").notNull(),
    email: text("email").notNull(),
    /** The mailbox the email delivers to (src/db/functions/mailbox_of.sql): one person's many addresses as one. */
    mailbox: text("mailbox").notNull().generatedAlwaysAs(sql`mailbox_of(email)`),
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
  (table) => [index("profiles_status_idx").on(table.status), index("profiles_mailbox_idx").on(table.mailbox)],
);
