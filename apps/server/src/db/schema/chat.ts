import { randomBytes } from "node:crypto";
import { bigserial, boolean, index, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { users } from "./accounts.ts";
import { createdAt, updatedAt } from "./columns.ts";

// Conversations with Sam.

/**
 * A conversation id: a timestamp, made unique across people by a suffix. Sam's messages are written
 * by the chat and, for the question after a connection, by the matching; both make ids here.
 */
export function newConversationId(at: number): string {
  return `${at}-${randomBytes(4).toString("hex")}`;
}

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
