import type { PrivacyRequestKind } from "@sams-web/domain/privacy/contracts";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { consentRecords, conversations, messages, privacyRequests, profiles, users } from "../../db/schema.ts";

export interface PrivacyRequestRow {
  id: string;
  kind: PrivacyRequestKind;
  createdAt: Date;
  answeredAt: Date | null;
}

/** The asker's own requests: by account when signed in, else by this browser's id (guests only). */
export async function listPrivacyRequests(
  db: Database,
  owner: { userId: string } | { browserId: string },
): Promise<PrivacyRequestRow[]> {
  const where =
    "userId" in owner
      ? eq(privacyRequests.userId, owner.userId)
      : and(eq(privacyRequests.browserId, owner.browserId), isNull(privacyRequests.userId));
  return db
    .select({
      id: privacyRequests.id,
      kind: privacyRequests.kind,
      createdAt: privacyRequests.createdAt,
      answeredAt: privacyRequests.answeredAt,
    })
    .from(privacyRequests)
    .where(where)
    .orderBy(asc(privacyRequests.createdAt));
}

/** Everything the export holds about one person, read from their own rows only. */
export async function readOwnData(db: Database, userId: string) {
  const [account] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      emailVerified: users.emailVerified,
      createdAt: users.createdAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  const [row] = await db.select().from(profiles).where(eq(profiles.userId, userId));
  // Not the person's to read: a hide or suspension is what moderators decided about them, which
  // the export tells only as moderation.json does (suspensions); the mailbox is derived from the email.
  const { shadowHiddenAt: _hidden, suspendedAt: _suspended, mailbox: _mailbox, ...profile } = row ?? {};

  const ownConversations = await db
    .select()
    .from(conversations)
    .where(eq(conversations.userId, userId))
    .orderBy(asc(conversations.createdAt));
  const ownMessages = await db
    .select({
      conversationId: messages.conversationId,
      sender: messages.sender,
      text: messages.text,
      stage: messages.stage,
      sentAt: messages.sentAt,
    })
    .from(messages)
    .where(eq(messages.userId, userId))
    .orderBy(asc(messages.id));
  const consentHistory = await db
    .select({ preferences: consentRecords.preferences, createdAt: consentRecords.createdAt })
    .from(consentRecords)
    .where(eq(consentRecords.userId, userId))
    .orderBy(asc(consentRecords.id));
  return {
    account,
    profile: row ? profile : undefined,
    conversations: ownConversations,
    messages: ownMessages,
    consentHistory,
  };
}
