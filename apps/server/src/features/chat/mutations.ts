import type { ChatSender } from "@sams-web/domain/chat/contracts";
import { canTransition, type MatchStatus } from "@sams-web/domain/matching/rules";
import { and, eq, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { bothRecordsOf } from "../../db/match-pair.ts";
import { conversations, matches, messages, newConversationId, profiles } from "../../db/schema.ts";

/** A transaction of the database, for writes that must land together. */
export type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

export interface NewMessage {
  sender: ChatSender;
  text: string;
  stage: string;
  sentAt: Date;
}

export interface Exchange {
  userId: string;
  conversationId: string | null;
  messages: NewMessage[];
  conversationStage: string;
  /** The new profile.conversationStage, or null to leave it as it is (follow-up mode). */
  profileStage: string | null;
}

/**
 * Saves one exchange in one statement (so one round trip, and all or nothing): creates the
 * conversation if there is none yet, appends the messages in their order, and records the stage
 * on the conversation and (for the interview) the profile.
 */
export async function saveExchange(
  db: Database,
  input: Exchange,
  /** Another write that belongs with the exchange (the non-negotiables the messages answered). */
  also?: (tx: Transaction) => Promise<unknown>,
): Promise<string> {
  if (!also) return writeExchange(db, input);
  // The other write and the exchange land together or not at all.
  return db.transaction(async (tx) => {
    await also(tx);
    return writeExchange(tx, input);
  });
}

async function writeExchange(db: Database | Transaction, input: Exchange): Promise<string> {
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
    .set({
      followupQuestions: sql`${matches.followupQuestions} - ${question}::text`,
      limitQuestions: sql`(select coalesce(jsonb_agg(e), '[]'::jsonb) from jsonb_array_elements(${matches.limitQuestions}) e where e->>'question' <> ${question})`,
      updatedAt: new Date(),
    })
    .where(and(eq(matches.userId, userId), eq(matches.candidateId, candidateId)));
}

/**
 * 'When no followupsQueued matches remain, the stage becomes followupsAnswered'.
 * Only a person in follow-up mode moves; returns whether the stage changed.
 */
export async function settleFollowupStage(db: Database, userId: string): Promise<boolean> {
  const changed = await db
    .update(profiles)
    .set({ conversationStage: "followupsAnswered", updatedAt: new Date() })
    .where(
      and(
        eq(profiles.userId, userId),
        eq(profiles.conversationStage, "followupsQueued"),
        sql`not exists (select 1 from ${matches} where ${matches.userId} = ${userId} and ${matches.status} = 'followupsQueued')`,
      ),
    )
    .returning({ userId: profiles.userId });
  return changed.length > 0;
}

/**
 * A follow-up answer that breaks the other person's limit ends the pair, for both and before
 * anyone sees photos: only a pair still waiting on this person's follow-ups ends here. Both
 * records are locked in a fixed order (as every change to a pair is), and each moves to 'no' only
 * where the domain allows it. Returns whether the pair ended.
 */
export async function endPairOnAnswer(db: Database, userId: string, candidateId: string): Promise<boolean> {
  return db.transaction(async (tx) => {
    const rows = await tx
      .select({ userId: matches.userId, candidateId: matches.candidateId, status: matches.status })
      .from(matches)
      .where(bothRecordsOf(userId, candidateId))
      .orderBy(matches.userId)
      .for("update");
    if (!rows.some((row) => row.userId === userId && row.status === "followupsQueued")) return false;
    for (const row of rows) {
      if (!canTransition(row.status as MatchStatus, "no")) continue;
      await tx
        .update(matches)
        .set({ status: "no", followupQuestions: [], limitQuestions: [], updatedAt: new Date() })
        .where(and(eq(matches.userId, row.userId), eq(matches.candidateId, row.candidateId)));
    }
    return true;
  });
}
