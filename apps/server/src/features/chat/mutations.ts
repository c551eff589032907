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
 * Saves one exchange in one statement (so one round trip, and all or nothing): creates the
 * conversation if there is none yet, appends the messages in their order, and records the stage
 * on the conversation and (for the interview) the profile.
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
  const { userId, profileStage } = input;
  const conversationId = input.conversationId ?? newConversationId(input.messages[0]?.sentAt.getTime() ?? Date.now());
  // One array parameter per column (sql.param: drizzle would spread a bare array into a list).
  const column = (name: keyof NewMessage) =>
    sql.param(input.messages.map((m) => (name === "sentAt" ? m.sentAt.toISOString() : m[name])));
  const result = await db.execute<{ id: string }>(sql`
    with conversation as (
      insert into ${conversations} (id, user_id, stage)
      values (${conversationId}, ${userId}, ${input.conversationStage})
      on conflict (id) do update set stage = excluded.stage, updated_at = now()
        where ${conversations.userId} = excluded.user_id
      returning id
    ), saved as (
      insert into ${messages} (conversation_id, user_id, sender, text, stage, sent_at)
      select conversation.id, ${userId}, m.sender, m.text, m.stage, m.sent_at
      from conversation,
        unnest(${column("sender")}::text[], ${column("text")}::text[], ${column("stage")}::text[],
               ${column("sentAt")}::timestamptz[]) with ordinality as m(sender, text, stage, sent_at, position)
      order by m.position
    )
    update ${profiles}
    set last_conversation_id = conversation.id, updated_at = now()
      ${profileStage ? sql`, conversation_stage = ${profileStage}` : sql``}
      ${profileStage === "complete" ? sql`, chat_complete = true` : sql``}
    from conversation
    where ${profiles.userId} = ${userId}
    returning conversation.id`);
  const saved = result.rows[0]?.id;
  // Only a conversation of someone else's could refuse the upsert; the callers pass the person's own.
  if (!saved) throw new Error("the exchange was not saved: no such conversation, or no profile, for this person");
  return saved;
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
