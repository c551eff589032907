import {
  applicableModerationActions,
  isModeratorAddress,
  type ModerationAction,
  REPORTS_PER_DAY,
  type ReportReason,
  SHADOW_HIDE_REPORTERS,
} from "@sams-web/domain/safety/rules";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { and, eq, gte, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import {
  blocks,
  duplicatePhotos,
  matches,
  moderationActions,
  profiles,
  reports,
  sessions,
  users,
} from "../../db/schema.ts";
import { AppError } from "../../platform/http/errors.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/** Both match records of a pair, whichever side each belongs to. */
const pair = (a: string, b: string) =>
  or(and(eq(matches.userId, a), eq(matches.candidateId, b)), and(eq(matches.userId, b), eq(matches.candidateId, a)));

/**
 * Refuses anyone the person was never shown (no match record either way) with the same answer as
 * a person who does not exist, so ids cannot be probed.
 */
async function requireShown(tx: Transaction, me: string, other: string): Promise<void> {
  if (me === other) throw new AppError("NOT_FOUND", MESSAGES.personNotFound);
  const [row] = await tx.select({ one: sql`1` }).from(matches).where(pair(me, other)).limit(1);
  if (!row) throw new AppError("NOT_FOUND", MESSAGES.personNotFound);
}

/** The spec's decline, for both sides at once, at any stage (a declined pair is never found again). */
async function declinePair(tx: Transaction, me: string, other: string): Promise<void> {
  await tx.update(matches).set({ status: "no" }).where(pair(me, other));
}

async function insertBlock(tx: Transaction, me: string, other: string): Promise<void> {
  await tx.insert(blocks).values({ blockerId: me, blockedId: other }).onConflictDoNothing();
}

export async function unmatch(db: Database, me: string, other: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireShown(tx, me, other);
    await declinePair(tx, me, other);
  });
}

export async function block(db: Database, me: string, other: string): Promise<void> {
  await db.transaction(async (tx) => {
    await requireShown(tx, me, other);
    await declinePair(tx, me, other);
    await insertBlock(tx, me, other);
  });
}

const startOfUtcDay = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));

/**
 * A report also blocks. The reported person's profile row is locked first, so reports about one
 * person are counted one at a time: the report that brings SHADOW_HIDE_REPORTERS different people
 * together is the one that hides them, whatever arrives at the same moment. The reporter's own
 * day is counted under a lock on their id, so parallel reports cannot pass REPORTS_PER_DAY.
 */
export async function report(
  db: Database,
  me: string,
  other: string,
  details: { reason: ReportReason; text: string },
  now: Date,
): Promise<void> {
  await db.transaction(async (tx) => {
    await requireShown(tx, me, other);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${me}`}))`);
    const [today] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(reports)
      .where(and(eq(reports.reporterId, me), gte(reports.createdAt, startOfUtcDay(now))));
    if ((today?.count ?? 0) >= REPORTS_PER_DAY) throw new AppError("RESOURCE_EXHAUSTED", MESSAGES.reportDailyLimit);
    await tx.select({ id: profiles.userId }).from(profiles).where(eq(profiles.userId, other)).for("update");
    await tx.insert(reports).values({ reporterId: me, reportedId: other, reason: details.reason, text: details.text });
    await declinePair(tx, me, other);
    await insertBlock(tx, me, other);
    const [reporters] = await tx
      .select({ count: sql<number>`count(distinct ${reports.reporterId})::int` })
      .from(reports)
      .where(and(eq(reports.reportedId, other), isNull(reports.resolvedAt)));
    if ((reporters?.count ?? 0) >= SHADOW_HIDE_REPORTERS) {
      await tx
        .update(profiles)
        .set({ shadowHiddenAt: now })
        .where(and(eq(profiles.userId, other), isNull(profiles.shadowHiddenAt)));
    }
  });
}

/** Match states that are still on the way to a connection: a suspension closes them. */
const OPEN_MATCH_EXCLUDED = ["connected", "no"];

/**
 * A moderator's decision, written with its audit record in one transaction. Dismiss closes the
 * open reports and lifts a shadow-hide; suspend also ends every session, closes pending matches
 * and keeps the person out of every search (match_points drops them); restore lifts both.
 * The person's row is locked first and the decision taken only if it still applies
 * (applicableModerationActions), so two moderators pressing at once make one decision.
 */
export async function moderate(
  db: Database,
  moderatorId: string,
  subjectId: string,
  decision: { action: ModerationAction; reason: string },
  now: Date,
  adminEmails: readonly string[],
): Promise<"done" | "notFound" | "stale" | "moderator"> {
  return db.transaction(async (tx) => {
    const [subject] = await tx
      .select({ suspendedAt: profiles.suspendedAt, shadowHiddenAt: profiles.shadowHiddenAt, email: users.email })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.userId, subjectId))
      .for("update", { of: profiles });
    if (!subject) return "notFound";
    const moderator = isModeratorAddress(subject.email, adminEmails);
    if (decision.action === "suspend" && moderator) return "moderator";
    const openItems =
      (await tx.$count(reports, and(eq(reports.reportedId, subjectId), isNull(reports.resolvedAt)))) +
      (await tx.$count(duplicatePhotos, eq(duplicatePhotos.userId, subjectId)));
    const applicable = applicableModerationActions({
      suspended: subject.suspendedAt !== null,
      shadowHidden: subject.shadowHiddenAt !== null,
      openItems,
      moderator,
    });
    if (!applicable.includes(decision.action)) return "stale";
    await tx
      .update(reports)
      .set({ resolvedAt: now })
      .where(and(eq(reports.reportedId, subjectId), isNull(reports.resolvedAt)));
    // The duplicate-photo flags on the person were looked at too.
    await tx.delete(duplicatePhotos).where(eq(duplicatePhotos.userId, subjectId));
    if (decision.action === "suspend") {
      await tx.update(profiles).set({ suspendedAt: now }).where(eq(profiles.userId, subjectId));
      await tx.delete(sessions).where(eq(sessions.userId, subjectId));
      await tx
        .update(matches)
        .set({ status: "no" })
        .where(
          and(
            or(eq(matches.userId, subjectId), eq(matches.candidateId, subjectId)),
            notInArray(matches.status, OPEN_MATCH_EXCLUDED),
          ),
        );
    } else {
      await tx
        .update(profiles)
        .set(decision.action === "restore" ? { suspendedAt: null, shadowHiddenAt: null } : { shadowHiddenAt: null })
        .where(eq(profiles.userId, subjectId));
    }
    await tx.insert(moderationActions).values({ moderatorId, subjectId, ...decision, createdAt: now });
    return "done";
  });
}
