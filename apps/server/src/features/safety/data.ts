import { firstNameOf } from "@sams-web/domain/matching/rules";
import type { ConnectionView, QueueEntry, QueueReport } from "@sams-web/domain/safety/contracts";
import {
  DECISIONS_AGAINST_REPORTERS,
  isModeratorAddress,
  MODERATION_QUEUE_LIMIT,
  type ModerationAction,
  type ReportReason,
} from "@sams-web/domain/safety/rules";
import { DAY_MS } from "@sams-web/domain/shared/time";
import { and, asc, desc, eq, inArray, isNotNull, isNull, or, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "../../db/client.ts";
import {
  blocks,
  duplicatePhotos,
  matches,
  moderationActions,
  narratives,
  profiles,
  reports,
  users,
} from "../../db/schema.ts";

/** Whether the person is suspended: no session may be created for them. */
export async function isSuspended(db: Database, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(profiles)
    .where(and(eq(profiles.userId, userId), isNotNull(profiles.suspendedAt)))
    .limit(1);
  return Boolean(row);
}

/**
 * Whether an address delivers to the mailbox of a suspended account (mailbox_of): a suspended
 * person does not come back with a plus-tag, another case or Gmail's dots.
 */
export async function isSuspendedMailbox(db: Database, email: string): Promise<boolean> {
  const [row] = await db
    .select({ one: sql`1` })
    .from(profiles)
    .where(and(eq(profiles.mailbox, sql`mailbox_of(${email})`), isNotNull(profiles.suspendedAt)))
    .limit(1);
  return Boolean(row);
}

/** The people the person is connected with (both confirmed), newest first, as Settings lists them. */
export async function listConnections(db: Database, userId: string): Promise<ConnectionView[]> {
  const rows = await db
    .select({
      id: matches.candidateId,
      displayName: profiles.displayName,
      photos: profiles.photoUrls,
      connectedAt: matches.connectedAt,
    })
    .from(matches)
    .innerJoin(profiles, eq(profiles.userId, matches.candidateId))
    .where(and(eq(matches.userId, userId), eq(matches.status, "connected")))
    .orderBy(desc(matches.connectedAt));
  return rows.map((row) => ({
    id: row.id,
    firstName: firstNameOf(row.displayName),
    photo: row.photos[0] ?? null,
    connectedAt: row.connectedAt?.getTime() ?? null,
  }));
}

/**
 * The moderation queue: everyone with an open report, a duplicate-photo flag, a suspension or a
 * hide, with their reports, narrative, photos and every earlier decision about them. Chosen and
 * ordered in the database, strongest evidence first (queueStrength's measures, in its order), so
 * the MODERATION_QUEUE_LIMIT shown are always the strongest cases; among equals, those that wait
 * longest: oldest report first, then the oldest duplicate-photo flag; then people with nothing
 * open (suspended, kept so they can be restored), latest first. Shown in that order.
 */
export async function moderationQueue(db: Database, adminEmails: readonly string[]): Promise<QueueEntry[]> {
  const oldestOpenReport = sql`(select min(${reports.createdAt}) from ${reports}
    where ${reports.reportedId} = ${profiles.userId} and ${reports.resolvedAt} is null)`;
  const oldestFlag = sql`(select min(${duplicatePhotos.createdAt}) from ${duplicatePhotos}
    where ${duplicatePhotos.userId} = ${profiles.userId})`;
  // queueStrength's measures, computed here so the cards chosen are the strongest, not only sorted
  // so: reporters counting towards a hide (distinct mailboxes, none a moderator decided against),
  // photos matched, the closest copy, open reports.
  const countingReporters = sql`(select count(distinct open.reporter_mailbox_key) from ${reports} open
    where open.reported_id = ${profiles.userId} and open.resolved_at is null and open.counts_toward_hide
      and not exists (select 1 from ${reports} decided where decided.reported_id = ${profiles.userId}
        and decided.reporter_mailbox_key = open.reporter_mailbox_key
        and decided.resolution in (${sql.join(
          DECISIONS_AGAINST_REPORTERS.map((decision) => sql`${decision}`),
          sql`, `,
        )})))`;
  const matchedPhotos = sql`(select count(distinct ${duplicatePhotos.photoUrl}) from ${duplicatePhotos}
    where ${duplicatePhotos.userId} = ${profiles.userId})`;
  const closestCopy = sql`(select min(${duplicatePhotos.distance}) from ${duplicatePhotos}
    where ${duplicatePhotos.userId} = ${profiles.userId})`;
  const openReportCount = sql`(select count(*) from ${reports}
    where ${reports.reportedId} = ${profiles.userId} and ${reports.resolvedAt} is null)`;
  const people = await db
    .select({
      id: profiles.userId,
      displayName: profiles.displayName,
      email: users.email,
      photos: profiles.photoUrls,
      suspendedAt: profiles.suspendedAt,
      shadowHiddenAt: profiles.shadowHiddenAt,
      narrative: narratives.about,
      goals: narratives.goals,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .leftJoin(narratives, eq(narratives.userId, profiles.userId))
    .where(
      or(
        isNotNull(profiles.suspendedAt),
        isNotNull(profiles.shadowHiddenAt),
        sql`exists (select 1 from ${reports} where ${reports.reportedId} = ${profiles.userId} and ${reports.resolvedAt} is null)`,
        sql`exists (select 1 from ${duplicatePhotos} where ${duplicatePhotos.userId} = ${profiles.userId})`,
      ),
    )
    .orderBy(
      sql`${countingReporters} desc`,
      sql`${matchedPhotos} desc`,
      sql`${closestCopy} asc nulls last`,
      sql`${openReportCount} desc`,
      sql`${oldestOpenReport} asc nulls last`,
      sql`${oldestFlag} asc nulls last`,
      sql`${profiles.suspendedAt} desc nulls last`,
      asc(profiles.userId),
    )
    .limit(MODERATION_QUEUE_LIMIT);
  if (people.length === 0) return [];
  const ids = people.map((person) => person.id);
  const openReports = await db
    .select({
      reportedId: reports.reportedId,
      reporterName: profiles.displayName,
      reporterJoinedAt: users.createdAt,
      mailboxKey: reports.reporterMailboxKey,
      addressKey: reports.reporterAddressKey,
      countsTowardHide: reports.countsTowardHide,
      reason: reports.reason,
      text: reports.text,
      createdAt: reports.createdAt,
    })
    .from(reports)
    .leftJoin(profiles, eq(profiles.userId, reports.reporterId))
    .leftJoin(users, eq(users.id, reports.reporterId))
    .where(and(inArray(reports.reportedId, ids), isNull(reports.resolvedAt)))
    .orderBy(asc(reports.createdAt), asc(reports.id));
  // Reporters a moderator already decided against (dismiss, restore): they never count again.
  const overruled = await db
    .selectDistinct({ reportedId: reports.reportedId, mailboxKey: reports.reporterMailboxKey })
    .from(reports)
    .where(and(inArray(reports.reportedId, ids), inArray(reports.resolution, DECISIONS_AGAINST_REPORTERS)));
  const others = alias(profiles, "others");
  const otherUsers = alias(users, "other_users");
  const duplicates = await db
    .select({
      userId: duplicatePhotos.userId,
      photoUrl: duplicatePhotos.photoUrl,
      otherId: duplicatePhotos.otherUserId,
      otherName: others.displayName,
      otherEmail: otherUsers.email,
      otherPhotoUrl: duplicatePhotos.otherPhotoUrl,
      distance: duplicatePhotos.distance,
    })
    .from(duplicatePhotos)
    .innerJoin(others, eq(others.userId, duplicatePhotos.otherUserId))
    .innerJoin(otherUsers, eq(otherUsers.id, duplicatePhotos.otherUserId))
    .where(inArray(duplicatePhotos.userId, ids));
  const history = await db
    .select({
      subjectId: moderationActions.subjectId,
      action: moderationActions.action,
      reason: moderationActions.reason,
      moderatorEmail: users.email,
      createdAt: moderationActions.createdAt,
    })
    .from(moderationActions)
    .leftJoin(users, eq(users.id, moderationActions.moderatorId))
    .where(inArray(moderationActions.subjectId, ids))
    .orderBy(desc(moderationActions.createdAt));
  return people.map(
    (person): QueueEntry => ({
      id: person.id,
      displayName: person.displayName,
      email: person.email,
      narrative: [person.narrative, person.goals].filter(Boolean).join("\n\n"),
      photos: person.photos,
      suspended: person.suspendedAt !== null,
      shadowHidden: person.shadowHiddenAt !== null,
      moderator: isModeratorAddress(person.email, adminEmails),
      reports: reportsOnCard(
        openReports.filter((row) => row.reportedId === person.id),
        new Set(overruled.filter((row) => row.reportedId === person.id).map((row) => row.mailboxKey)),
      ),
      duplicates: duplicates
        .filter((row) => row.userId === person.id)
        .map(({ userId: _owner, ...duplicate }) => duplicate),
      history: history
        .filter((row) => row.subjectId === person.id)
        .map((row) => ({
          action: row.action as ModerationAction,
          reason: row.reason,
          moderatorEmail: row.moderatorEmail,
          createdAt: row.createdAt.getTime(),
        })),
    }),
  );
}

/**
 * A card's open reports as the moderator reads them: who (first name, how old the account was
 * when they reported; nothing once it is deleted), and which reports share a mailbox or an
 * address, numbered on the card in order of appearance, so a moderator sees one person behind
 * several accounts without the card showing any address.
 */
function reportsOnCard(
  rows: {
    reporterName: string | null;
    reporterJoinedAt: Date | null;
    mailboxKey: string;
    addressKey: string | null;
    countsTowardHide: boolean;
    reason: string;
    text: string;
    createdAt: Date;
  }[],
  overruledMailboxes: ReadonlySet<string>,
): QueueReport[] {
  const numbering = () => {
    const numbers = new Map<string, number>();
    return (key: string) => numbers.get(key) ?? numbers.set(key, numbers.size + 1).get(key) ?? 0;
  };
  const mailboxGroup = numbering();
  const addressGroup = numbering();
  return rows.map((row) => ({
    reporterFirstName: row.reporterName === null ? null : firstNameOf(row.reporterName),
    reporterAccountAgeDays:
      row.reporterJoinedAt === null
        ? null
        : Math.max(0, Math.floor((row.createdAt.getTime() - row.reporterJoinedAt.getTime()) / DAY_MS)),
    mailboxGroup: mailboxGroup(row.mailboxKey),
    addressGroup: row.addressKey === null ? null : addressGroup(row.addressKey),
    countsTowardHide: row.countsTowardHide && !overruledMailboxes.has(row.mailboxKey),
    reason: row.reason as ReportReason,
    text: row.text,
    createdAt: row.createdAt.getTime(),
  }));
}

/**
 * What the data export says moderators decided about the person: each suspension and the restore
 * that lifted it, with when. Nothing else: a dismiss, or a restore that only lifted a hide, would
 * tell the person they were reported or hidden (tipping off someone under review, and pointing at
 * who reported), and the reason a moderator writes is for the audit log alone. Never who decided.
 */
export async function suspensionsOf(db: Database, userId: string): Promise<{ action: ModerationAction; at: Date }[]> {
  const decisions = await db
    .select({ action: moderationActions.action, at: moderationActions.createdAt })
    .from(moderationActions)
    .where(eq(moderationActions.subjectId, userId))
    .orderBy(asc(moderationActions.createdAt), asc(moderationActions.id));
  let suspended = false;
  return decisions.flatMap((decision): { action: ModerationAction; at: Date }[] => {
    if (decision.action === "suspend") {
      suspended = true;
      return [{ action: "suspend", at: decision.at }];
    }
    if (decision.action === "restore" && suspended) {
      suspended = false;
      return [{ action: "restore", at: decision.at }];
    }
    return [];
  });
}

/**
 * The person's own reports and blocks, for their data export: about whom (the first name Sam
 * showed them, while that account exists), why, their words and when. Whether a moderator acted
 * on a report is not theirs to learn.
 */
export async function ownReportsAndBlocks(db: Database, userId: string) {
  const ownReports = await db
    .select({ about: profiles.displayName, reason: reports.reason, text: reports.text, at: reports.createdAt })
    .from(reports)
    .leftJoin(profiles, eq(profiles.userId, reports.reportedId))
    .where(eq(reports.reporterId, userId))
    .orderBy(asc(reports.createdAt), asc(reports.id));
  const ownBlocks = await db
    .select({ about: profiles.displayName, at: blocks.createdAt })
    .from(blocks)
    .leftJoin(profiles, eq(profiles.userId, blocks.blockedId))
    .where(eq(blocks.blockerId, userId))
    .orderBy(asc(blocks.createdAt));
  const name = (displayName: string | null) => (displayName === null ? null : firstNameOf(displayName));
  return {
    reports: ownReports.map((row) => ({ ...row, about: name(row.about) })),
    blocks: ownBlocks.map((row) => ({ ...row, about: name(row.about) })),
  };
}

/** The name and address to write to. */
export async function accountOf(db: Database, userId: string): Promise<{ name: string; email: string } | null> {
  const [row] = await db.select({ name: users.name, email: users.email }).from(users).where(eq(users.id, userId));
  return row ?? null;
}
