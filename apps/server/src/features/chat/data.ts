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

/** The chat state in one round trip: profile, current conversation and its messages, joined. */
function prepareChatState(db: Database) {
  return db
    .select({
      profileStage: profiles.conversationStage,
      chatComplete: profiles.chatComplete,
      conversationId: conversations.id,
      conversationStage: conversations.stage,
      conversationCreatedAt: conversations.createdAt,
      sender: messages.sender,
      text: messages.text,
      sentAt: messages.sentAt,
    })
    .from(profiles)
    .leftJoin(
      conversations,
      and(eq(conversations.id, profiles.lastConversationId), eq(conversations.userId, profiles.userId)),
    )
    .leftJoin(messages, and(eq(messages.conversationId, conversations.id), eq(messages.userId, profiles.userId)))
    .where(eq(profiles.userId, sql.placeholder("userId")))
    .orderBy(asc(messages.id))
    .prepare("chat_state");
}

// Prepared once per database: read on every message to Sam and every conversation read.
const chatStateQueries = new WeakMap<Database, ReturnType<typeof prepareChatState>>();

/** The signed-in person's stage and current conversation (profile.lastConversationId), theirs only. */
export async function loadChatState(db: Database, userId: string): Promise<ChatState> {
  let query = chatStateQueries.get(db);
  if (!query) {
    query = prepareChatState(db);
    chatStateQueries.set(db, query);
  }
  const rows = await query.execute({ userId });
  const [first] = rows;
  if (!first) return { profileStage: "rapport_building", chatComplete: false, conversation: null };
  const { profileStage, chatComplete, conversationId, conversationStage, conversationCreatedAt } = first;
  if (!conversationId || !conversationStage || !conversationCreatedAt) {
    return { profileStage, chatComplete, conversation: null };
  }
  return {
    profileStage,
    chatComplete,
    conversation: {
      id: conversationId,
      stage: conversationStage,
      timestamp: conversationCreatedAt.getTime(),
      messages: rows.flatMap((m) =>
        m.sender && m.text !== null && m.sentAt
          ? [{ sender: m.sender, text: m.text, timestamp: m.sentAt.getTime() }]
          : [],
      ),
    },
  };
}

/**
 * Every match of the person waiting on `question`, oldest first, and for each whether the question
 * can end that pair (the answer that ends it) or is only one of Sam's questions about fit.
 */
export async function findQueuedFollowups(
  db: Database,
  userId: string,
  question: string,
): Promise<{ candidateId: string; endsOn: "yes" | "no" | null }[]> {
  const rows = await db
    .select({ candidateId: matches.candidateId, limitQuestions: matches.limitQuestions })
    .from(matches)
    .where(
      and(
        eq(matches.userId, userId),
        eq(matches.status, "followupsQueued"),
        sql`${matches.followupQuestions} @> ${JSON.stringify([question])}::jsonb`,
      ),
    )
    .orderBy(asc(matches.createdAt), asc(matches.candidateId));
  return rows.map((row) => ({
    candidateId: row.candidateId,
    endsOn: row.limitQuestions.find((limit) => limit.question === question)?.endsOn ?? null,
  }));
}
