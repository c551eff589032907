import type { ChatMessage } from "@sams-web/domain/chat/contracts";
import { and, asc, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { conversations, matches, messages, profiles } from "../../db/schema.ts";

export interface StoredConversation {
  id: string;
  stage: string;
  timestamp: number;
  messages: ChatMessage[];
}

export interface ChatState {
  profileStage: string;
  chatComplete: boolean;
  conversation: StoredConversation | null;
}

/** The signed-in person's stage and current conversation (profile.lastConversationId), theirs only. */
export async function loadChatState(db: Database, userId: string): Promise<ChatState> {
  const [profile] = await db
    .select({
      stage: profiles.conversationStage,
      chatComplete: profiles.chatComplete,
      lastConversationId: profiles.lastConversationId,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  if (!profile) return { profileStage: "rapport_building", chatComplete: false, conversation: null };
  if (!profile.lastConversationId) {
    return { profileStage: profile.stage, chatComplete: profile.chatComplete, conversation: null };
  }
  const [row] = await db
    .select({ id: conversations.id, stage: conversations.stage, createdAt: conversations.createdAt })
    .from(conversations)
    .where(and(eq(conversations.id, profile.lastConversationId), eq(conversations.userId, userId)));
  if (!row) return { profileStage: profile.stage, chatComplete: profile.chatComplete, conversation: null };
  const rows = await db
    .select({ sender: messages.sender, text: messages.text, sentAt: messages.sentAt })
    .from(messages)
    .where(and(eq(messages.conversationId, row.id), eq(messages.userId, userId)))
    .orderBy(asc(messages.id));
  return {
    profileStage: profile.stage,
    chatComplete: profile.chatComplete,
    conversation: {
      id: row.id,
      stage: row.stage,
      timestamp: row.createdAt.getTime(),
      messages: rows.map((m) => ({ sender: m.sender, text: m.text, timestamp: m.sentAt.getTime() })),
    },
  };
}

/** The person's match (candidate id) whose queued follow-up questions include `question`, if any. */
export async function findQueuedFollowup(db: Database, userId: string, question: string): Promise<string | null> {
  const [row] = await db
    .select({ candidateId: matches.candidateId })
    .from(matches)
    .where(
      and(
        eq(matches.userId, userId),
        eq(matches.status, "followupsQueued"),
        sql`${matches.followupQuestions} @> ${JSON.stringify([question])}::jsonb`,
      ),
    )
    .limit(1);
  return row?.candidateId ?? null;
}
