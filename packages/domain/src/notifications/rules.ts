// How Sam tells a person what happened while they were away: by email (a switch per kind) and by
// Web Push (one switch per device). Free of zod: Settings and the chat import it.
import { DAY_MS, MINUTE_MS } from "../shared/time.ts";

/** The kinds of email a person may turn off, each with its own switch in Settings. */
export const EMAIL_KINDS = ["newPeople", "keptYou", "connections"] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

export function isEmailKind(value: unknown): value is EmailKind {
  return typeof value === "string" && (EMAIL_KINDS as readonly string[]).includes(value);
}

/** Every kind is on until the person turns it off. */
export const DEFAULT_EMAIL_CHOICES: Readonly<Record<EmailKind, boolean>> = {
  newPeople: true,
  keptYou: true,
  connections: true,
};

/**
 * What happened, for one person:
 *  - newPeople:    a pair was written with something waiting for them (follow-up questions, or
 *                  photos to review) by a search they did not watch (someone else's, or Sam's own);
 *  - keptYou:      both kept each other in photo review: a pending match waits;
 *  - connected:    the other person confirmed too: the introduction is on its way;
 *  - outcomeAsked: Sam asks whether they met, fourteen days after connecting.
 */
export const NOTICE_KINDS = ["newPeople", "keptYou", "connected", "outcomeAsked"] as const;
export type NoticeKind = (typeof NOTICE_KINDS)[number];

/** The email switch that governs each kind of notice. */
export const EMAIL_KIND_OF: Readonly<Record<NoticeKind, EmailKind>> = {
  newPeople: "newPeople",
  keptYou: "keptYou",
  connected: "connections",
  outcomeAsked: "connections",
};

/**
 * Emails about new people: the first goes out as soon as the pair is written (within a minute);
 * after it, at most one per this interval, gathering whatever arrived meanwhile into one digest.
 */
export const NEW_PEOPLE_EMAIL_INTERVAL_MS = DAY_MS;
/** The target from a pair being written to the passive person's email and push (p95). */
export const NOTICE_DELIVERY_TARGET_MS = MINUTE_MS;

/**
 * How long a push service keeps a push for a device that is off (its TTL). A day: news older than
 * that is in the app and in the email anyway.
 */
export const PUSH_TTL_SECONDS = 24 * 60 * 60;

/**
 * Where a tap on a push leads, by kind: the chat (questions and photos are there, and Sam's
 * question after a connection), the pending match, or Settings' connections.
 */
export const NOTICE_PATHS: Readonly<Record<NoticeKind, string>> = {
  newPeople: "/",
  keptYou: "/match-confirmation",
  connected: "/settings#connections",
  outcomeAsked: "/",
};

/** What a push carries: the words a lock screen shows (never a name), where a tap leads, a tag. */
export interface PushPayload {
  title: string;
  body: string;
  /** A path of this app, opened when the notification is tapped. */
  url: string;
  /** Notifications of one kind replace each other on the device rather than pile up. */
  tag: NoticeKind;
}

/** Whether a browser reports itself as an iPhone or iPad, where push needs the Home Screen app. */
export function isAppleMobile(userAgent: string, maxTouchPoints: number): boolean {
  // iPadOS asks for the desktop site and says "Macintosh", but it has a touch screen.
  return /iPhone|iPad|iPod/.test(userAgent) || (/Macintosh/.test(userAgent) && maxTouchPoints > 1);
}
