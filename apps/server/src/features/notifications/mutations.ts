import type { EmailChoices } from "@sams-web/domain/notifications/contracts";
import type { EmailKind, NoticeKind } from "@sams-web/domain/notifications/rules";
import { and, eq, inArray, isNotNull, isNull, ne, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { notices, notificationSettings, pushSubscriptions } from "../../db/schema.ts";
import { choicesOf, findWaitingNews } from "./data.ts";

const COLUMN_OF: Readonly<Record<EmailKind, "emailNewPeople" | "emailKeptYou" | "emailConnections">> = {
  newPeople: "emailNewPeople",
  keptYou: "emailKeptYou",
  connections: "emailConnections",
};

/** Turns email kinds on or off (the others stay as they are); returns every switch as stored. */
export async function saveEmailChoices(
  db: Database,
  userId: string,
  changes: Partial<EmailChoices>,
): Promise<EmailChoices> {
  const set = Object.fromEntries(
    Object.entries(changes)
      .filter(([, on]) => on !== undefined)
      .map(([kind, on]) => [COLUMN_OF[kind as EmailKind], on]),
  );
  const [row] = await db
    .insert(notificationSettings)
    .values({ userId, ...set })
    .onConflictDoUpdate({ target: notificationSettings.userId, set: { ...set, updatedAt: new Date() } })
    .returning();
  return choicesOf(row);
}

export async function insertNotice(
  db: Database,
  notice: { userId: string; kind: NoticeKind; aboutId: string | null; emailedAt: Date | null },
): Promise<void> {
  await db.insert(notices).values(notice);
}

export type NewPeopleEmailOutcome =
  /** Nothing to send now (nothing open, the kind is off, or nothing still waits). */
  | { kind: "done" }
  /** An email went out less than a day ago: the open news waits for the digest at `at`. */
  | { kind: "later"; at: Date };

/**
 * The email about new people, at most one a day per person. The person's settings row is locked
 * for the whole decision, so any number of deliveries at once (on any instance) send one email:
 * the first sends and stamps the time; the others then find nothing open, or a day not yet over.
 * The email is sent inside the transaction: if the commit then failed, the next delivery would
 * send it again (twice rather than never).
 */
export async function emailNewPeopleOnce(
  db: Database,
  userId: string,
  now: Date,
  intervalMs: number,
  send: (news: { questions: boolean; photos: boolean }, gathered: number) => Promise<void>,
): Promise<NewPeopleEmailOutcome> {
  return db.transaction(async (tx) => {
    await tx.insert(notificationSettings).values({ userId }).onConflictDoNothing();
    const [settings] = await tx
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, userId))
      .for("update");
    const open = await tx
      .select({ id: notices.id, aboutId: notices.aboutId })
      .from(notices)
      .where(and(eq(notices.userId, userId), eq(notices.kind, "newPeople"), isNull(notices.emailedAt)));
    if (!settings || open.length === 0) return { kind: "done" };
    const last = settings.lastNewPeopleEmailAt;
    if (settings.emailNewPeople && last && now.getTime() - last.getTime() < intervalMs) {
      return { kind: "later", at: new Date(last.getTime() + intervalMs) };
    }
    if (settings.emailNewPeople) {
      const aboutIds = open.flatMap((row) => (row.aboutId ? [row.aboutId] : []));
      const news = await findWaitingNews(tx, userId, aboutIds);
      if (news.questions || news.photos) {
        await send(news, open.length);
        await tx
          .update(notificationSettings)
          .set({ lastNewPeopleEmailAt: now })
          .where(eq(notificationSettings.userId, userId));
      }
    }
    await tx
      .update(notices)
      .set({ emailedAt: now })
      .where(
        inArray(
          notices.id,
          open.map((row) => row.id),
        ),
      );
    return { kind: "done" };
  });
}

/**
 * Claims the person's news not yet pushed: of deliveries running at once, each notice goes to
 * exactly one, which pushes it.
 */
export async function claimUnpushed(
  db: Database,
  userId: string,
  now: Date,
): Promise<{ kind: NoticeKind; aboutId: string | null }[]> {
  const rows = await db
    .update(notices)
    .set({ pushedAt: now })
    .where(and(eq(notices.userId, userId), isNull(notices.pushedAt)))
    .returning({ kind: notices.kind, aboutId: notices.aboutId });
  return rows.map((row) => ({ kind: row.kind as NoticeKind, aboutId: row.aboutId }));
}

/** News both emailed and pushed is done with: nothing of it is kept. */
export async function forgetDelivered(db: Database, userId: string): Promise<void> {
  await db
    .delete(notices)
    .where(and(eq(notices.userId, userId), isNotNull(notices.emailedAt), isNotNull(notices.pushedAt)));
}

/**
 * Saves this device's subscription for the person and this sign-in. An endpoint belongs to one
 * browser: one that was someone else's (a shared computer, signed in as another person since) now
 * belongs to whoever subscribed it last.
 */
export async function savePushSubscription(
  db: Database,
  subscription: { endpoint: string; userId: string; sessionId: string; p256dh: string; auth: string },
): Promise<void> {
  const { endpoint, ...rest } = subscription;
  await db
    .insert(pushSubscriptions)
    .values(subscription)
    .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: { ...rest, createdAt: sql`now()` } });
}

/** Removes one of the person's own subscriptions (someone else's endpoint is left alone). */
export async function deletePushSubscription(db: Database, userId: string, endpoint: string): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), eq(pushSubscriptions.endpoint, endpoint)));
}

/** The push service says this subscription is gone (404 or 410): forget it. */
export async function forgetPushEndpoint(db: Database, endpoint: string): Promise<void> {
  await db.delete(pushSubscriptions).where(eq(pushSubscriptions.endpoint, endpoint));
}

/** A person's other subscriptions when they subscribe again on a device that changed endpoint. */
export async function deleteOtherSubscriptionsOfSession(
  db: Database,
  sessionId: string,
  keepEndpoint: string,
): Promise<void> {
  await db
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.sessionId, sessionId), ne(pushSubscriptions.endpoint, keepEndpoint)));
}
