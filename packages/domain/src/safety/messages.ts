// Trust and safety's user-facing texts (all ours: the product's rules leave them open).
import { MODERATION_QUEUE_LIMIT } from "./rules.ts";

export const SAFETY_MESSAGES = {
  unmatched: "Done. You will not be matched with this person again.",
  blocked: "Blocked. You will never see each other again on Sam's Web.",
  reportReceived:
    "Thank you for telling us. You will never see each other again, and a moderator will look at your report. If anyone is in danger, please contact the police.",
  reportDailyLimit: "You have sent the most reports we take in one day. Please try again tomorrow.",
  reportTextTooLong: "Please keep your report to 1,000 characters or fewer.",
  reportReasonRequired: "Please choose a reason for your report.",
  personNotFound: "We couldn't find that person among the people Sam showed you.",
  accountSuspended:
    "This account is suspended after a moderator's review. If you think this is a mistake, write to us from the email of your account.",
  moderationReasonRequired: "Please write why, for the record.",
  moderationStale:
    "That decision no longer applies: someone has acted on this person since the queue was loaded. The queue now shows where things stand.",
  moderatorNotSuspended:
    "A moderator cannot be suspended, not even by themselves: take the address out of ADMIN_EMAILS first.",
  moderationFailed: "We couldn't record that decision. Please try again.",
  moderationQueueLoading: "Loading the queue…",
  moderationQueueLoadFailed: "We couldn't load the moderation queue. Please try again.",
  moderationEmptyQueue: "Nothing to review. Reports and duplicate photos will appear here.",
  moderationQueueFull: `These are the ${MODERATION_QUEUE_LIMIT} people with the strongest evidence against them; the rest appear as you decide.`,
  moderationDismissed: "Dismissed: the reports and duplicate-photo flags are closed.",
  moderationSuspended: "Suspended: they are signed out, out of every search, and told by email.",
  moderationRestored: "Restored: they can sign in and be found again.",
  suspendedMailSubject: "Your Sam's Web account is suspended",
  // An email that may be gone by the time it is shared, in Settings' connections
  connectionEmailShared: "Your email addresses were shared when you both confirmed; unmatching cannot take that back.",
} as const;
