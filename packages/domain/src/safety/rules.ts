// Trust and safety: what a person may report, how often, and when reports hide someone before a
// moderator has looked.

/** Why a person reports someone, in the order the form lists them. */
export const REPORT_REASONS = ["fakeProfile", "harassment", "scamOrSpam", "underage", "offensive", "other"] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];

export const REPORT_REASON_LABELS: Record<ReportReason, string> = {
  fakeProfile: "Fake profile or photos",
  harassment: "Harassment",
  scamOrSpam: "Scam or spam",
  underage: "Underage",
  offensive: "Offensive content",
  other: "Other",
};

/** The optional words of a report. */
export const REPORT_TEXT_MAX_LENGTH = 1_000;

/**
 * Reports one person (one mailbox, however many accounts on it) may send in a UTC day: enough for
 * real harm, too few to flood moderators.
 */
export const REPORTS_PER_DAY = 5;

/**
 * Open reports from this many different reporters hide a person from new searches until a
 * moderator decides: harm stops before anyone is awake, and no single person can hide anyone. A
 * reporter is a mailbox (accounts whose addresses deliver to one mailbox are one reporter), and
 * only reporters whose account was verified and REPORTER_MIN_ACCOUNT_AGE_DAYS old when they
 * reported count, so accounts made by script for the purpose weigh nothing. After a moderator
 * dismissed (or restored), the reporters of the closed reports never count towards hiding that
 * person again: the decision stands against them.
 */
export const SHADOW_HIDE_REPORTERS = 3;

/** How old a reporter's account must be for the report to count towards a hide. */
export const REPORTER_MIN_ACCOUNT_AGE_DAYS = 7;

/** What a moderator may do about a reported person. */
export const MODERATION_ACTIONS = ["dismiss", "suspend", "restore"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Decisions after which the reporters of the reports they closed never count towards hiding that person again. */
export const DECISIONS_AGAINST_REPORTERS: readonly ModerationAction[] = ["dismiss", "restore"];

export const MODERATION_REASON_MAX_LENGTH = 1_000;

/**
 * People the moderation queue shows at once, the strongest evidence first (queueStrength): more
 * than a moderator decides in a sitting, few enough for a phone. Deciding brings the next ones.
 */
export const MODERATION_QUEUE_LIMIT = 200;

/**
 * The decisions that change something for a person in the moderation queue: dismiss while reports
 * or duplicate-photo flags are open, or a shadow-hide stands (it closes them and lifts the hide,
 * never a suspension); suspend unless suspended; restore once suspended or hidden. Any other
 * decision is stale, for example a second moderator pressing Suspend a moment after the first.
 * A moderator (an address in ADMIN_EMAILS, oneself included) is never suspended: one who did it
 * to themselves could not be restored by anyone; take the address out of ADMIN_EMAILS first.
 */
export function applicableModerationActions(person: {
  suspended: boolean;
  shadowHidden: boolean;
  openItems: number;
  moderator: boolean;
}): ModerationAction[] {
  return MODERATION_ACTIONS.filter((action) => {
    if (action === "suspend") return !person.suspended && !person.moderator;
    if (action === "restore") return person.suspended || person.shadowHidden;
    return person.openItems > 0 || (person.shadowHidden && !person.suspended);
  });
}

/**
 * Whether an account is a moderator: its email is in ADMIN_EMAILS (compared without case), it is
 * verified, and whoever holds its sign-in proved the mailbox (`mailboxProven`: verified while
 * signed in, or a password set through an emailed reset link, or Google). So nobody becomes one
 * by signing up with an address they do not own, even when its owner opens the link.
 */
export function isModerator(
  account: { email: string; emailVerified: boolean; mailboxProven: boolean },
  adminEmails: readonly string[],
): boolean {
  return account.emailVerified && account.mailboxProven && isModeratorAddress(account.email, adminEmails);
}

/** Whether the address is one of ADMIN_EMAILS (without case), whoever holds it. */
export function isModeratorAddress(email: string, adminEmails: readonly string[]): boolean {
  const address = email.trim().toLowerCase();
  return adminEmails.some((admin) => admin.trim().toLowerCase() === address);
}

/** ADMIN_EMAILS as written by an operator: comma-separated, spaces and empty entries ignored. */
export function parseAdminEmails(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((email) => email.trim().toLowerCase())
    .filter((email) => email !== "");
}

/**
 * Two photos are taken for the same picture when a hash of one (a 64-bit DCT perceptual hash of
 * the photo, of its centre at two sizes, of its mirror image, or of its centre with the photo
 * turned 5° either way; of a copy shifted within 5 %, the 95 % crop of the corner it moved from in
 * place of the smaller centre) lies within this many bits of a hash kept of the other (of the
 * photo with any plain frame trimmed, side by side, its centre, 90 % crops in the centre and each
 * corner, and 95 % crops in each corner), and the lookup reaches it through one of its
 * PHOTO_HASH_BANDS bands. On real
 * photographs, copies cropped by 10 %, turned a few degrees, shifted by 20 px, framed, re-encoded,
 * resized or mirrored mostly land 0 to 10 bits from one of them, while different pictures stayed
 * 13 or more apart. A match on another account is flagged for moderators, never refused: the
 * first uploader may be the one whose photos were taken.
 */
export const DUPLICATE_PHOTO_MAX_DISTANCE = 10;

/**
 * A hash is looked up by multi-index hashing: in 4 bands of 16 bits, each read through its own
 * index at the probe's value of that band only (about one kept hash in 65,536 per band), and the
 * hashes found there are compared in full. If no band of two hashes were the same, they would
 * differ in at least 4 bits: so a hash within 3 bits is always found, and one 4 to
 * DUPLICATE_PHOTO_MAX_DISTANCE bits away only when one of its bands is the same. The two turned
 * probes are also read with each of their two least certain bits a band flipped (the bits whose
 * frequencies lie nearest the mean, which a turned copy most often has the other way), so a hash
 * is found, too, through a band that differs from such a probe's in one of those bits alone. With
 * eleven hashes kept per photo and six looked up, a copy has 66 chances, and its nearest pairs
 * differ in few bits; a shifted copy's corner probe lies 0-7 bits from the 95 % crop kept of that corner.
 */
export const PHOTO_HASH_BANDS = 4;

/** Characters that reorder the text around them (embeddings, overrides, isolates, marks). */
const BIDI_CONTROLS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/g;

/** Combining marks shown on one character at most: enough for any script's real text. */
export const MAX_COMBINING_MARKS = 3;

/**
 * Text a member wrote (a name, a report, a narrative), as a moderator's page shows it: every
 * bidirectional control becomes visible (`⟨U+202E⟩`) instead of silently reordering what follows
 * (a date read backwards, `gnp.exe` shown as `exe.png`), and a run of combining marks past
 * MAX_COMBINING_MARKS is cut to that, saying how many were cut, so it cannot spill out of its
 * card. The page also isolates each such text (`<bdi>`), so none can reorder its neighbours.
 */
export function neutralisedText(text: string): string {
  const visible = text.replace(
    BIDI_CONTROLS,
    (control) => `⟨U+${(control.codePointAt(0) ?? 0).toString(16).toUpperCase().padStart(4, "0")}⟩`,
  );
  return visible.replace(/\p{M}+/gu, (marks) => {
    const all = [...marks];
    if (all.length <= MAX_COMBINING_MARKS) return marks;
    const cut = all.length - MAX_COMBINING_MARKS;
    return `${all.slice(0, MAX_COMBINING_MARKS).join("")}⟨${cut} more mark${cut === 1 ? "" : "s"}⟩`;
  });
}

/** What the queue's strength is read from: a card's open reports and duplicate-photo flags. */
export interface QueueEvidence {
  reports: readonly { countsTowardHide: boolean; mailboxGroup: number }[];
  duplicates: readonly { photoUrl: string; distance: number }[];
}

/**
 * How strongly the evidence on a moderation card points at the person, and so the moderation
 * queue's order, strongest first, read in this order (the first that differs decides): reporters
 * whose reports count towards a hide (different mailboxes), then how many of the person's photos
 * look like another account's (matched copies), then how close the closest of them is (fewer bits
 * apart is stronger), then open reports in all. A card with nothing open (kept so a suspension
 * can be lifted) is weaker than any with something open. The queue is chosen and ordered by these
 * measures in the database, so the cards shown are the strongest; a card shows them as read here.
 */
export function queueStrength(evidence: QueueEvidence): {
  countingReporters: number;
  matchedPhotos: number;
  closestDistance: number | null;
  openReports: number;
} {
  const distances = evidence.duplicates.map((duplicate) => duplicate.distance);
  return {
    countingReporters: new Set(
      evidence.reports.filter((report) => report.countsTowardHide).map((report) => report.mailboxGroup),
    ).size,
    matchedPhotos: new Set(evidence.duplicates.map((duplicate) => duplicate.photoUrl)).size,
    closestDistance: distances.length > 0 ? Math.min(...distances) : null,
    openReports: evidence.reports.length,
  };
}

/**
 * A card's duplicate-photo flags grouped by the other account (one group per person whose
 * photos it looks like), the strongest first: more matched photos, then the closest pair; within
 * a group, the closest pair first.
 */
export function duplicatesByPerson<T extends { otherId: string; photoUrl: string; distance: number }>(
  duplicates: readonly T[],
): { otherId: string; pairs: T[]; matchedPhotos: number; closestDistance: number }[] {
  const groups = new Map<string, T[]>();
  for (const duplicate of duplicates)
    groups.set(duplicate.otherId, [...(groups.get(duplicate.otherId) ?? []), duplicate]);
  return [...groups.entries()]
    .map(([otherId, pairs]) => {
      const sorted = [...pairs].sort((x, y) => x.distance - y.distance);
      return {
        otherId,
        pairs: sorted,
        matchedPhotos: new Set(pairs.map((pair) => pair.photoUrl)).size,
        closestDistance: sorted[0]?.distance ?? 0,
      };
    })
    .sort((x, y) => y.matchedPhotos - x.matchedPhotos || x.closestDistance - y.closestDistance);
}
