import { sql } from "drizzle-orm";
import { bigserial, boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { sessions, users } from "./accounts.ts";
import { createdAt, updatedAt } from "./columns.ts";

// Notifications: a person's email choices, their devices' Web Push subscriptions, and the news
// waiting to be emailed or pushed.

/**
 * A person's email choices (a switch per kind; a missing row means every kind is on), and when the
 * last email about new people went out: the next waits a day, gathering what arrives meanwhile.
 */
export const notificationSettings = pgTable("notification_settings", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  emailNewPeople: boolean("email_new_people").notNull().default(true),
  emailKeptYou: boolean("email_kept_you").notNull().default(true),
  emailConnections: boolean("email_connections").notNull().default(true),
  lastNewPeopleEmailAt: timestamp("last_new_people_email_at", { withTimezone: true }),
  updatedAt: updatedAt(),
});

/**
 * One device's Web Push subscription. It belongs to the sign-in that made it: signing out deletes
 * the session, and the subscription with it. The endpoint is the push service's address for this
 * device; p256dh and auth are the device's keys for encrypting what is sent (RFC 8291).
 */
export const pushSubscriptions = pgTable(
  "push_subscriptions",
  {
    endpoint: text("endpoint").primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    sessionId: text("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    p256dh: text("p256dh").notNull(),
    auth: text("auth").notNull(),
    createdAt: createdAt(),
  },
  (table) => [index("push_subscriptions_user_id_idx").on(table.userId)],
);

/**
 * What happened for a person that Sam tells them about (NOTICE_KINDS), until it has been emailed
 * and pushed (or found no longer waiting). `aboutId` is the other person of the match, kept only
 * to check that the news still stands when it goes out: it never leaves the server.
 */
export const notices = pgTable(
  "notices",
  {
    id: bigserial("id", { mode: "number" }).primaryKey(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kind: text("kind").notNull(),
    aboutId: text("about_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    emailedAt: timestamp("emailed_at", { withTimezone: true }),
    pushedAt: timestamp("pushed_at", { withTimezone: true }),
  },
  (table) => [
    index("notices_open_idx").on(table.userId).where(sql`${table.emailedAt} is null or ${table.pushedAt} is null`),
  ],
);
