// The notifications' user-facing texts (all ours: the product names none). An email or a push
// about another person never names them, nor says their age, photo, ZIP code or email: it says
// that Sam has news, and links into the app, where the signed-in person sees who.
import type { EmailKind, NoticeKind } from "./rules.ts";

export const NOTIFICATIONS_MESSAGES = {
  // ── Settings' Notifications section ─────────────────────────────────────────────────────
  notificationsIntro: "Sam tells you when there is news while you are away. Choose how.",
  notificationsEmailHeading: "By email",
  notificationsDeviceHeading: "On this device",
  notificationsDeviceLabel: "Notifications on this device",
  notificationsDeviceHint: "A short note on this device's lock screen or notification area. It never names anyone.",
  notificationsDeviceUnsupported: "This browser cannot show notifications from Sam's Web.",
  notificationsDeviceBlocked:
    "Notifications are blocked for Sam's Web in this browser. Allow them in the browser's site settings, then try again.",
  notificationsDeviceIphone:
    "On iPhone and iPad, notifications work only in the app added to your Home Screen: tap Share, then Add to Home Screen, and turn them on from there.",
  notificationsDeviceFailed: "Notifications could not be turned on for this device. Please try again.",
  notificationsLoadFailed: "Your notification choices could not be loaded.",
  notificationsSaveFailed: "Your notification choice could not be saved. Please try again.",
  notificationsSaved: "Notification choices saved.",
  notificationsAccountMails:
    "Emails about your account (verification, password reset) and the introduction when you connect always reach you.",

  // ── One-click unsubscribe (a link in every email that can be turned off) ────────────────
  unsubscribeHeading: "Stop these emails?",
  unsubscribeButton: "Unsubscribe",
  unsubscribeDone: "Done: Sam won't send you these emails any more. You can turn them back on in Settings.",
  unsubscribeInvalid: "This unsubscribe link is not valid. You can choose your emails in Settings.",
  unsubscribeFailed: "We couldn't unsubscribe you just now. Please try again.",
  unsubscribeUnreachable: "We couldn't open this link just now: check your connection, then try again.",
  unsubscribeRetry: "Try again",
  unsubscribeSettingsLink: "Choose your emails in Settings",

  // ── Push ────────────────────────────────────────────────────────────────────────────────
  pushTitle: "Sam's Web",
} as const;

/** The label of each email switch in Settings, and the name of each kind on the unsubscribe page. */
export const EMAIL_KIND_LABELS: Readonly<Record<EmailKind, string>> = {
  newPeople: "New people Sam found",
  keptYou: "Someone kept you in their web",
  connections: 'Connections and "Did you meet?"',
};

/** What each email switch covers, under its label. */
export const EMAIL_KIND_HINTS: Readonly<Record<EmailKind, string>> = {
  newPeople: "When Sam has questions or photos waiting for you. At most one email a day.",
  keptYou: "When someone you kept in your web kept you too.",
  connections: "When a match connects, and Sam's question two weeks later.",
};

/** What a push says, by kind: news, never who. */
export const PUSH_BODIES: Readonly<Record<NoticeKind, string>> = {
  newPeople: "Sam found someone who may fit you",
  keptYou: "Someone you kept in your web kept you too",
  connected: "You have a new connection: Sam emailed you an introduction",
  outcomeAsked: "Sam has a question for you",
};

/** What is waiting for a person after Sam found someone: questions to answer, photos to review. */
export interface NewPeopleNews {
  questions: boolean;
  photos: boolean;
}

/**
 * The email about new people: the first one, or a digest of what arrived since the last. It says
 * only that Sam found someone who may fit, and what is waiting (questions, photos), with the link.
 */
export function newPeopleMailText(name: string, news: NewPeopleNews, digest: boolean) {
  const waiting = [
    news.questions ? "Sam has a few questions for you about someone who may fit you." : null,
    news.photos ? "Photos of someone who may fit you are waiting for you to look at." : null,
  ].filter((line): line is string => line !== null);
  return {
    subject: digest ? "Sam's news since his last email" : PUSH_BODIES.newPeople,
    greeting: `Hi ${name},`,
    news: [
      digest ? "Sam kept looking since his last email." : "While you were away, Sam kept looking.",
      ...waiting,
    ].join(" "),
    action: "Open Sam's Web to see more:",
    privacy: "Sam never says who by email: only you, signed in, see who they are.",
    signature: "Sam",
  };
}

/** The line at the foot of every email that can be turned off. */
export function unsubscribeFooter(kind: EmailKind): string {
  return `You get this email because "${EMAIL_KIND_LABELS[kind]}" is on in your Settings. To stop these emails, open this link:`;
}

/**
 * Sam's greeting in the chat when the person comes back to news: what waits for them, questions
 * first (they come before the photos), or null when nothing does.
 */
export function waitingGreeting(firstName: string | null, news: NewPeopleNews): string | null {
  const hello = firstName ? `Welcome back, ${firstName}!` : "Welcome back!";
  if (news.questions) {
    return `${hello} While you were away I found someone who may fit you, and I have a few questions about them: the first one is just above.`;
  }
  if (news.photos) {
    return `${hello} While you were away I found someone who may fit you: their photos are waiting at the top of our chat.`;
  }
  return null;
}
