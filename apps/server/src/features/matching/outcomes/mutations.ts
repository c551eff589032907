import type { MatchOutcome } from "@sams-web/domain/matching/rules";
import { and, desc, eq, gt } from "drizzle-orm";
import type { Database } from "../../../db/client.ts";
import { conversations, matchOutcomes, messages, newConversationId, profiles } from "../../../db/schema.ts";

/**
 * Claims Sam's question about one connection for one person: the insert of their outcome row is
 * the claim, so of any number of sweeps (on any instance) exactly one gets `true` and asks. Sam's
 * message joins the person's current conversation in the same transaction, so it is written once
 * too; a person without a current conversation gets their newest one (it becomes current), or a
 * new one.
 */
export async function claimOutcomeAsk(
  db: Database,
  ask: { userId: string; candidateId: string; askedAt: Date; chatMessage: string },
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(matchOutcomes)
      .values({ userId: ask.userId, candidateId: ask.candidateId, askedAt: ask.askedAt })
      .onConflictDoNothing()
      .returning({ userId: matchOutcomes.userId });
    if (claimed.length === 0) return false;
    const [profile] = await tx
      .select({ lastConversationId: profiles.lastConversationId })
      .from(profiles)
      .where(eq(profiles.userId, ask.userId));
    const columns = { id: conversations.id, stage: conversations.stage };
    const [current] = profile?.lastConversationId
      ? await tx
          .select(columns)
          .from(conversations)
          .where(and(eq(conversations.id, profile.lastConversationId), eq(conversations.userId, ask.userId)))
      : [];
    const [newest] = current
      ? []
      : await tx
          .select(columns)
          .from(conversations)
          .where(eq(conversations.userId, ask.userId))
          .orderBy(desc(conversations.createdAt))
          .limit(1);
    let conversation = current ?? newest;
    if (!conversation) {
      conversation = { id: newConversationId(ask.askedAt.getTime()), stage: "complete" };
      await tx.insert(conversations).values({ ...conversation, userId: ask.userId });
    }
    await tx.insert(messages).values({
      conversationId: conversation.id,
      userId: ask.userId,
      sender: "bot",
      text: ask.chatMessage,
      stage: conversation.stage,
      sentAt: ask.askedAt,
    });
    await tx.update(profiles).set({ lastConversationId: conversation.id }).where(eq(profiles.userId, ask.userId));
    return true;
  });
}

/**
 * Records (or replaces) a person's answer about one connection while its window is open: asked
 * after `openSince`. Returns when Sam asked, or why nothing was recorded: the window closed, or
 * Sam never asked this person about this connection (or it is gone with an account).
 */
export async function saveOutcome(
  db: Database,
  answer: { userId: string; candidateId: string; outcome: MatchOutcome; answeredAt: Date; openSince: Date },
): Promise<{ askedAt: Date } | "closed" | "notAsked"> {
  const mine = and(eq(matchOutcomes.userId, answer.userId), eq(matchOutcomes.candidateId, answer.candidateId));
  const [saved] = await db
    .update(matchOutcomes)
    .set({ outcome: answer.outcome, answeredAt: answer.answeredAt })
    .where(and(mine, gt(matchOutcomes.askedAt, answer.openSince)))
    .returning({ askedAt: matchOutcomes.askedAt });
  if (saved) return saved;
  const [asked] = await db.select({ askedAt: matchOutcomes.askedAt }).from(matchOutcomes).where(mine);
  return asked ? "closed" : "notAsked";
}
