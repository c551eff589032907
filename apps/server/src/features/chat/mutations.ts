import type { ChatSender } from "@sams-web/domain/chat/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { conversations, matches, messages, newConversationId, profiles } from "../../db/schema.ts";

export interface NewMessage {
  sender: ChatSender;
  text: string;
  stage: string;
  sentAt: Date;
}

/**
 * Saves one exchange in a transaction: creates the conversation if there is none yet, appends
 * the messages, and records the stage on the conversation and (for the interview) the profile.
 */
export async function saveExchange(
  db: Database,
  input: {
    userId: string;
    conversationId: string | null;
    messages: NewMessage[];
    conversationStage: string;
    /** The new profile.conversationStage, or null to leave it as it is (follow-up mode). */
    profileStage: string | null;
  },
): Promise<string> {
  return db.transaction(async (tx) => {
    let conversationId = input.conversationId;
    if (!conversationId) {
      conversationId = newConversationId(input.messages[0]?.sentAt.getTime() ?? Date.now());
      await tx
        .insert(conversations)
        .values({ id: conversationId, userId: input.userId, stage: input.conversationStage });
    } else {
      await tx
        .update(conversations)
        .set({ stage: input.conversationStage, updatedAt: new Date() })
        .where(and(eq(conversations.id, conversationId), eq(conversations.userId, input.userId)));
    }
    const id = conversationId;
    await tx.insert(messages).values(input.messages.map((m) => ({ ...m, conversationId: id, userId: input.userId })));
    await tx
      .update(profiles)
      .set({
        lastConversationId: id,
        updatedAt: new Date(),
        ...(input.profileStage
          ? {
              conversationStage: input.profileStage,
              ...(input.profileStage === "complete" ? { chatComplete: true } : {}),
            }
          : {}),
      })
      .where(eq(profiles.userId, input.userId));
    return id;
  });
}

/** Takes an answered follow-up question off that match's list. */
export async function removeFollowupQuestion(
  db: Database,
  userId: string,
  candidateId: string,
  question: string,
): Promise<void> {
  await db
    .update(matches)
    .set({ followupQuestions: sql`${matches.followupQuestions} - ${question}::text`, updatedAt: new Date() })
    .where(and(eq(matches.userId, userId), eq(matches.candidateId, candidateId)));
}
