// Trust and safety's resources and answers. Types only, free of zod: the browser imports it.
import type { ModerationAction, ReportReason } from "./rules.ts";

/** The signed-in person's connections (both confirmed), for Settings. */
export const CONNECTIONS_PATH = "/api/connections";
/** The moderators' page: like any path that is no page (404, the not-found screen) to anyone else. */
export const MODERATION_PAGE_PATH = "/admin";
/** The moderation queue: 404 to anyone who is not a moderator. */
export const MODERATION_QUEUE_PATH = "/api/admin/queue";

/** What Unmatch, Block and Report answer: the sentence to show. */
export interface SafetyActionOutput {
  message: string;
}

export interface ConnectionView {
  id: string;
  firstName: string;
  photo: string | null;
  /** ms timestamp */
  connectedAt: number | null;
}

export interface ConnectionsResponse {
  connections: ConnectionView[];
}

export interface QueueReport {
  /** Null once the reporter deleted their account (the report stays). */
  reporterFirstName: string | null;
  /** Whole days between the reporter's sign-up and the report; null once the account is gone. */
  reporterAccountAgeDays: number | null;
  /** Reports of one card with the same number came from one mailbox (1, 2, … in order of appearance). */
  mailboxGroup: number;
  /** The same for the address they came from; null when it is not known. */
  addressGroup: number | null;
  /** Whether it counted towards a hide (SHADOW_HIDE_REPORTERS). */
  countsTowardHide: boolean;
  reason: ReportReason;
  text: string;
  /** ms timestamp */
  createdAt: number;
}

export interface QueueAction {
  action: ModerationAction;
  reason: string;
  moderatorEmail: string | null;
  /** ms timestamp */
  createdAt: number;
}

/** A photo of this person that looks like a photo on another account (the catfish check). */
export interface QueueDuplicate {
  photoUrl: string;
  otherId: string;
  otherName: string;
  otherEmail: string;
  otherPhotoUrl: string;
  /** Bits apart, out of 64. */
  distance: number;
}

/** One reported or flagged person, with their open reports, duplicate photos and earlier decisions. */
export interface QueueEntry {
  id: string;
  displayName: string;
  email: string;
  narrative: string;
  photos: string[];
  suspended: boolean;
  shadowHidden: boolean;
  /** The address is one of ADMIN_EMAILS: never suspended. */
  moderator: boolean;
  reports: QueueReport[];
  duplicates: QueueDuplicate[];
  history: QueueAction[];
}

export interface ModerationQueueResponse {
  entries: QueueEntry[];
}
