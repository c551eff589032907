import { ACCOUNTS_MESSAGES } from "../accounts/messages.ts";
import { API_MESSAGES } from "../api/messages.ts";
import { CHAT_MESSAGES } from "../chat/messages.ts";
import { CONSENT_MESSAGES } from "../consent/messages.ts";
import { INSIGHTS_MESSAGES } from "../insights/messages.ts";
import { MATCHING_MESSAGES } from "../matching/messages.ts";
import { NON_NEGOTIABLES_MESSAGES } from "../non-negotiables/messages.ts";
import { NOTIFICATIONS_MESSAGES } from "../notifications/messages.ts";
import { PHOTOS_MESSAGES } from "../photos/messages.ts";
import { PRIVACY_MESSAGES } from "../privacy/messages.ts";
import { PROFILE_MESSAGES } from "../profile/messages.ts";
import { SAFETY_MESSAGES } from "../safety/messages.ts";
import { FIRST_PAGE_MESSAGES } from "../shell/messages.ts";
import { STORY_MESSAGES } from "../story/messages.ts";

// Every user-facing message, quoted to the letter (punctuation included: some sentences exist
// twice, with and without a final period, and both spellings are kept). Entries marked "ours" fill
// gaps where the product needs a message but prescribes no wording. Each feature keeps its own
// table in <feature>/messages.ts; this is the one table callers use. Server and web both show text
// from it, so an API error carries a code, not prose.

export const MESSAGES = {
  ...FIRST_PAGE_MESSAGES,
  ...ACCOUNTS_MESSAGES,
  ...PROFILE_MESSAGES,
  ...MATCHING_MESSAGES,
  ...CHAT_MESSAGES,
  ...PHOTOS_MESSAGES,
  ...CONSENT_MESSAGES,
  ...PRIVACY_MESSAGES,
  ...SAFETY_MESSAGES,
  ...INSIGHTS_MESSAGES,
  ...NON_NEGOTIABLES_MESSAGES,
  ...NOTIFICATIONS_MESSAGES,
  ...STORY_MESSAGES,
  ...API_MESSAGES,
} as const;

export type MessageCode = keyof typeof MESSAGES;

export function isMessageCode(x: unknown): x is MessageCode {
  return typeof x === "string" && Object.hasOwn(MESSAGES, x);
}
