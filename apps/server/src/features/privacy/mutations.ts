import { randomUUID } from "node:crypto";
import type { PrivacyRequestKind } from "@sams-web/domain/privacy/contracts";
import { and, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  accountClosures,
  analyticsEvents,
  consentRecords,
  messages,
  privacyRequests,
  profiles,
  sessions,
  users,
} from "../../db/schema.ts";

/** Records a California request; it is answered at once, so answeredAt is its own time. */
export async function insertPrivacyRequest(
  db: Database,
  owner: { userId: string } | { browserId: string },
  kind: PrivacyRequestKind,
  now: Date,
) {
  const [row] = await db
    .insert(privacyRequests)
    .values({
      id: randomUUID(),
      userId: "userId" in owner ? owner.userId : null,
      browserId: "browserId" in owner ? owner.browserId : null,
      kind,
      createdAt: now,
      answeredAt: now,
    })
    .returning({
      id: privacyRequests.id,
      kind: privacyRequests.kind,
      createdAt: privacyRequests.createdAt,
      answeredAt: privacyRequests.answeredAt,
    });
  if (!row) throw new Error("insert returned nothing");
  return row;
}

// ---- Retention (the windows of RETENTION_JOBS). Each function takes `now` so tests can shift
// the clock, and each is idempotent: run twice, it changes nothing the second time. Each returns
// how many rows it changed.

const EMAIL_PATTERN = "[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\\.[A-Za-z]{2,}";
const PHONE_PATTERN = "(\\+?1[ .-]?)?\\(?[0-9]{3}\\)?[ .-]?[0-9]{3}[ .-]?[0-9]{4}";
const URL_PATTERN = "https?://[^[:space:]]+";

/** AI chat data older than the window keeps its words but loses emails, phone numbers and links. */
export async function anonymiseAiChat(db: Database, cutoffAt: Date): Promise<number> {
  const result = await db.execute(sql`
    update messages
       set text = regexp_replace(
                    regexp_replace(
                      regexp_replace(text, ${EMAIL_PATTERN}, '[email removed]', 'g'),
                      ${PHONE_PATTERN}, '[phone removed]', 'g'),
                    ${URL_PATTERN}, '[link removed]', 'g')
     where sent_at <= ${cutoffAt}
       and (text ~ ${EMAIL_PATTERN} or text ~ ${PHONE_PATTERN} or text ~ ${URL_PATTERN})`);
  return result.rowCount ?? 0;
}

/** Conversation logs: messages older than the window go, then conversations left empty and idle. */
export async function purgeConversationLogs(db: Database, cutoffAt: Date): Promise<number> {
  const removedMessages = await db.delete(messages).where(lte(messages.sentAt, cutoffAt));
  const removedConversations = await db.execute(sql`
    delete from conversations c
     where c.updated_at <= ${cutoffAt}
       and not exists (select 1 from messages m where m.conversation_id = c.id)`);
  return (removedMessages.rowCount ?? 0) + (removedConversations.rowCount ?? 0);
}

/**
 * Closes accounts with no activity (no session touched, no change to the account) since the
 * cutoff: sessions revoked, status unavailable, and a closure recorded so the account is purged
 * after the safety window unless its owner comes back.
 */
export async function closeInactiveAccounts(db: Database, cutoffAt: Date, now: Date): Promise<number> {
  return db.transaction(async (tx) => {
    const closed = await tx.execute<{ user_id: string }>(sql`
      insert into account_closures (user_id, reason, closed_at)
      select u.id, 'inactive', ${now}
        from users u
       where greatest(u.updated_at, coalesce((select max(s.updated_at) from sessions s where s.user_id = u.id), u.created_at))
             <= ${cutoffAt}
         and not exists (select 1 from account_closures a where a.user_id = u.id)
      returning user_id`);
    const ids = closed.rows.map((row) => row.user_id);
    if (ids.length > 0) {
      await tx.delete(sessions).where(inArray(sessions.userId, ids));
      await tx.update(profiles).set({ status: "unavailable" }).where(inArray(profiles.userId, ids));
    }
    return ids.length;
  });
}

/**
 * Closed accounts past the safety window are deleted (with everything that cascades from the
 * user row); one whose owner signed in again after the closure is reopened instead.
 * Returns the ids deleted, so the caller can remove what lives outside the database.
 */
export async function purgeClosedAccounts(db: Database, cutoffAt: Date, now: Date): Promise<string[]> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`
      delete from account_closures a
       where a.reason = 'inactive' and a.purged_at is null
         and exists (select 1 from sessions s where s.user_id = a.user_id and s.created_at > a.closed_at)`);
    const due = await tx
      .select({ userId: accountClosures.userId })
      .from(accountClosures)
      .where(
        and(
          eq(accountClosures.reason, "inactive"),
          isNull(accountClosures.purgedAt),
          lte(accountClosures.closedAt, cutoffAt),
        ),
      );
    const ids = due.map((row) => row.userId);
    if (ids.length === 0) return [];
    await tx.delete(users).where(inArray(users.id, ids));
    await tx.update(accountClosures).set({ purgedAt: now }).where(inArray(accountClosures.userId, ids));
    return ids;
  });
}

/** What remains of deleted (or purged) accounts — their tombstones — goes after the window. */
export async function purgeDeletedAccounts(db: Database, cutoffAt: Date): Promise<number> {
  const result = await db
    .delete(accountClosures)
    .where(and(isNotNull(accountClosures.purgedAt), lte(accountClosures.purgedAt, cutoffAt)));
  return result.rowCount ?? 0;
}

export async function purgeTrafficLogs(db: Database, cutoffAt: Date): Promise<number> {
  const result = await db.delete(analyticsEvents).where(lte(analyticsEvents.createdAt, cutoffAt));
  return result.rowCount ?? 0;
}

/** Consent records and California requests are kept 5 years, then deleted. */
export async function purgeConsentRecords(db: Database, cutoffAt: Date): Promise<number> {
  const records = await db.delete(consentRecords).where(lte(consentRecords.createdAt, cutoffAt));
  const requests = await db.delete(privacyRequests).where(lte(privacyRequests.createdAt, cutoffAt));
  return (records.rowCount ?? 0) + (requests.rowCount ?? 0);
}

/** Requests still unanswered at their deadline (we answer at once, so normally none). */
export async function countOverdueAccessRequests(db: Database, cutoffAt: Date): Promise<number> {
  const rows = await db
    .select({ id: privacyRequests.id })
    .from(privacyRequests)
    .where(and(isNull(privacyRequests.answeredAt), lte(privacyRequests.createdAt, cutoffAt)));
  return rows.length;
}
