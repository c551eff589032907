import type { EmailChoices } from "@sams-web/domain/notifications/contracts";
import { DEFAULT_EMAIL_CHOICES, type NoticeKind } from "@sams-web/domain/notifications/rules";
import { and, eq, inArray, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { matches, notificationSettings, profiles, pushSubscriptions } from "../../db/schema.ts";
import type { PushTarget } from "../../platform/push/push-sender.ts";

type Reader = Pick<Database, "select">;

export function choicesOf(row: typeof notificationSettings.$inferSelect | undefined): EmailChoices {
  if (!row) return { ...DEFAULT_EMAIL_CHOICES };
  return { newPeople: row.emailNewPeople, keptYou: row.emailKeptYou, connections: row.emailConnections };
}

/** The person's email switches; every kind is on until they turn it off. */
export async function findEmailChoices(db: Database, userId: string): Promise<EmailChoices> {
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, userId));
  return choicesOf(row);
}

/** Name and address an email goes to, or null for a person who no longer exists. */
export async function findRecipient(db: Database, userId: string): Promise<{ name: string; email: string } | null> {
  const [row] = await db
    .select({ name: profiles.displayName, email: profiles.email })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ?? null;
}

export async function listPushTargets(db: Database, userId: string): Promise<PushTarget[]> {
  return db
    .select({ endpoint: pushSubscriptions.endpoint, p256dh: pushSubscriptions.p256dh, auth: pushSubscriptions.auth })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId));
}

/**
 * Which news about these people still waits for the person: questions to answer (their side of
 * the pair is followupsQueued with questions left) or photos to review (photoValidation). News
 * the person has already acted on, or whose pair has ended, is no longer told.
 */
export async function findWaitingNews(
  db: Reader,
  userId: string,
  aboutIds: readonly string[],
): Promise<{ questions: boolean; photos: boolean }> {
  if (aboutIds.length === 0) return { questions: false, photos: false };
  const rows = await db
    .select({ status: matches.status, questions: sql<number>`jsonb_array_length(${matches.followupQuestions})` })
    .from(matches)
    .where(and(eq(matches.userId, userId), inArray(matches.candidateId, [...aboutIds])));
  return {
    questions: rows.some((row) => row.status === "followupsQueued" && Number(row.questions) > 0),
    photos: rows.some((row) => row.status === "photoValidation"),
  };
}

/** Whether news of this kind about this person still stands (checked again before a push). */
export function stillStands(kind: NoticeKind, news: { questions: boolean; photos: boolean }): boolean {
  return kind !== "newPeople" || news.questions || news.photos;
}
