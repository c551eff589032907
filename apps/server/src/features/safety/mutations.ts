import { PHOTOS_SHOWN_STATUSES } from "@sams-web/domain/matching/rules";
import {
  applicableModerationActions,
  DECISIONS_AGAINST_REPORTERS,
  isModeratorAddress,
  type ModerationAction,
  REPORTER_MIN_ACCOUNT_AGE_DAYS,
  REPORTS_PER_DAY,
  type ReportReason,
  SHADOW_HIDE_REPORTERS,
} from "@sams-web/domain/safety/rules";
import { DAY_MS } from "@sams-web/domain/shared/time";
import { and, eq, gte, inArray, isNull, notInArray, or, sql } from "drizzle-orm";
import type { Database } from "../../db/client.ts";
import { bothRecordsOf } from "../../db/match-pair.ts";
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
import type { ReporterKeys } from "./reporter-keys.ts";

type Transaction = Parameters<Parameters<Database["transaction"]>[0]>[0];

/**
 * Refuses anyone Sam never put before the person (no match record either way) with the same
 * answer as a person who does not exist, so ids cannot be probed. A report asks more
 * (`photosSeen`): the person's own record must be at photo review or later (PHOTOS_SHOWN_STATUSES),
 * so only someone shown the other's photos reports them, never a pair scored 'no' or still at
 * its follow-up questions.
 */
async function requireShown(
  tx: Transaction,
  me: string,
  other: string,
  options: { photosSeen?: boolean } = {},
): Promise<void> {
  if (me === other) throw new AppError("NOT_FOUND", "personNotFound");
  const mine = and(
    eq(matches.userId, me),
    eq(matches.candidateId, other),
    inArray(matches.status, PHOTOS_SHOWN_STATUSES),
  );
  const [row] = await tx
    .select({ one: sql`1` })
    .from(matches)
    .where(options.photosSeen ? mine : bothRecordsOf(me, other))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", "personNotFound");
}

/** The spec's decline, for both sides at once, at any stage (a declined pair is never found again). */
async function declinePair(tx: Transaction, me: string, other: string): Promise<void> {
  await tx.update(matches).set({ status: "no" }).where(bothRecordsOf(me, other));
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
 * A report also blocks. The reporter is their mailbox (profiles.mailbox, stored as a keyed hash),
 * so accounts on one mailbox share one day's REPORTS_PER_DAY, counted under a lock on that
 * mailbox, and count as one reporter. The reported person's profile row is locked first, so
 * reports about one person are counted one at a time: the report that brings
 * SHADOW_HIDE_REPORTERS different reporters together is the one that hides them, whatever
 * arrives at the same moment. Only reports that count towards a hide (a verified reporter whose
 * account is REPORTER_MIN_ACCOUNT_AGE_DAYS old) are counted, and never those of a reporter whose
 * earlier reports about this person a moderator dismissed.
 */
export async function report(
  db: Database,
  me: string,
  other: string,
  details: { reason: ReportReason; text: string },
  context: { now: Date; address: string | null; keys: ReporterKeys },
): Promise<void> {
  const { now, keys } = context;
  await db.transaction(async (tx) => {
    await requireShown(tx, me, other, { photosSeen: true });
    const [reporter] = await tx
      .select({ mailbox: profiles.mailbox, verified: users.emailVerified, joinedAt: users.createdAt })
      .from(users)
      .innerJoin(profiles, eq(profiles.userId, users.id))
      .where(eq(users.id, me));
    if (!reporter) throw new AppError("NOT_FOUND", "personNotFound");
    const mailboxKey = keys.mailbox(reporter.mailbox);
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${mailboxKey}`}))`);
    const [today] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(reports)
      .where(and(eq(reports.reporterMailboxKey, mailboxKey), gte(reports.createdAt, startOfUtcDay(now))));
    if ((today?.count ?? 0) >= REPORTS_PER_DAY) throw new AppError("RESOURCE_EXHAUSTED", "reportDailyLimit");
    await tx.select({ id: profiles.userId }).from(profiles).where(eq(profiles.userId, other)).for("update");
    const accountAgeDays = (now.getTime() - reporter.joinedAt.getTime()) / DAY_MS;
    await tx.insert(reports).values({
      reporterId: me,
      reportedId: other,
      reason: details.reason,
      text: details.text,
      reporterMailboxKey: mailboxKey,
      reporterAddressKey: context.address ? keys.address(context.address) : null,
      countsTowardHide: reporter.verified && accountAgeDays >= REPORTER_MIN_ACCOUNT_AGE_DAYS,
      createdAt: now,
    });
    await declinePair(tx, me, other);
    await insertBlock(tx, me, other);
    const overruled = tx
      .select({ key: reports.reporterMailboxKey })
      .from(reports)
      .where(and(eq(reports.reportedId, other), inArray(reports.resolution, DECISIONS_AGAINST_REPORTERS)));
    const [reporters] = await tx
      .select({ count: sql<number>`count(distinct ${reports.reporterMailboxKey})::int` })
      .from(reports)
      .where(
        and(
          eq(reports.reportedId, other),
          isNull(reports.resolvedAt),
          eq(reports.countsTowardHide, true),
          notInArray(reports.reporterMailboxKey, overruled),
        ),
      );
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
 * What a decision did: taken, with the accounts whose sessions it ended and those whose photo
 * files the duplicate-photo flags it closed were keeping (to be swept); or why not.
 */
export type ModerationOutcome =
  | { taken: true; signedOut: string[]; photoOwners: string[] }
  | { taken: false; why: "notFound" | "stale" | "moderator" };

/**
 * A moderator's decision, written with its audit record in one transaction. Dismiss closes the
 * open reports and lifts a shadow-hide; suspend also ends every session, closes pending matches
 * and keeps the person out of every search (match_points drops them); restore lifts both. A
 * suspension holds the mailbox: every account on it (profiles.mailbox) is suspended with the
 * person, and restore lifts them together; a moderator's address is never among them.
 * The person's row is locked first and the decision taken only if it still applies
 * (applicableModerationActions), so two moderators pressing at once make one decision. The
 * reports it closes keep the decision (`resolution`), which dismiss and restore hold against
 * their reporters (see report).
 */
export async function moderate(
  db: Database,
  moderatorId: string,
  subjectId: string,
  decision: { action: ModerationAction; reason: string },
  now: Date,
  adminEmails: readonly string[],
): Promise<ModerationOutcome> {
  return db.transaction(async (tx): Promise<ModerationOutcome> => {
    const [subject] = await tx
      .select({
        suspendedAt: profiles.suspendedAt,
        shadowHiddenAt: profiles.shadowHiddenAt,
        email: users.email,
        mailbox: profiles.mailbox,
      })
      .from(profiles)
      .innerJoin(users, eq(users.id, profiles.userId))
      .where(eq(profiles.userId, subjectId))
      .for("update", { of: profiles });
    if (!subject) return { taken: false, why: "notFound" };
    const moderator = isModeratorAddress(subject.email, adminEmails);
    if (decision.action === "suspend" && moderator) return { taken: false, why: "moderator" };
    const openItems =
      (await tx.$count(reports, and(eq(reports.reportedId, subjectId), isNull(reports.resolvedAt)))) +
      (await tx.$count(duplicatePhotos, eq(duplicatePhotos.userId, subjectId)));
    const applicable = applicableModerationActions({
      suspended: subject.suspendedAt !== null,
      shadowHidden: subject.shadowHiddenAt !== null,
      openItems,
      moderator,
    });
    if (!applicable.includes(decision.action)) return { taken: false, why: "stale" };
    await tx
      .update(reports)
      .set({ resolvedAt: now, resolution: decision.action })
      .where(and(eq(reports.reportedId, subjectId), isNull(reports.resolvedAt)));
    // The duplicate-photo flags on the person were looked at too.
    const closedFlags = await tx
      .delete(duplicatePhotos)
      .where(eq(duplicatePhotos.userId, subjectId))
      .returning({ otherUserId: duplicatePhotos.otherUserId });
    const photoOwners =
      closedFlags.length > 0 ? [...new Set([subjectId, ...closedFlags.map((flag) => flag.otherUserId)])] : [];
    const sameMailbox = (
      await tx
        .select({ id: profiles.userId, email: users.email })
        .from(profiles)
        .innerJoin(users, eq(users.id, profiles.userId))
        .where(eq(profiles.mailbox, subject.mailbox))
    ).flatMap((account) =>
      account.id === subjectId || isModeratorAddress(account.email, adminEmails) ? [] : [account.id],
    );
    let signedOut: string[] = [];
    if (decision.action === "suspend") {
      signedOut = [subjectId, ...sameMailbox];
      await tx.update(profiles).set({ suspendedAt: now }).where(eq(profiles.userId, subjectId));
      if (sameMailbox.length > 0) {
        await tx
          .update(profiles)
          .set({ suspendedAt: now })
          .where(and(inArray(profiles.userId, sameMailbox), isNull(profiles.suspendedAt)));
      }
      await tx.delete(sessions).where(inArray(sessions.userId, signedOut));
      await tx
        .update(matches)
        .set({ status: "no" })
        .where(
          and(
            or(inArray(matches.userId, signedOut), inArray(matches.candidateId, signedOut)),
            notInArray(matches.status, OPEN_MATCH_EXCLUDED),
          ),
        );
    } else if (decision.action === "restore") {
      await tx.update(profiles).set({ suspendedAt: null, shadowHiddenAt: null }).where(eq(profiles.userId, subjectId));
      if (sameMailbox.length > 0) {
        await tx.update(profiles).set({ suspendedAt: null }).where(inArray(profiles.userId, sameMailbox));
      }
    } else {
      await tx.update(profiles).set({ shadowHiddenAt: null }).where(eq(profiles.userId, subjectId));
    }
    await tx.insert(moderationActions).values({ moderatorId, subjectId, ...decision, createdAt: now });
    return { taken: true, signedOut, photoOwners };
  });
}
