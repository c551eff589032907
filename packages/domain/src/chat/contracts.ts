// The conversation as both sides see it, its resources and the chat's wire limits.
// Free of zod on purpose: the home/chat screen imports it on the first page; schemas.ts holds the
// schemas the server checks.
import type { GuestNonNegotiables, NonNegotiablesStep, ReadingReply } from "../non-negotiables/contracts.ts";
import type { ConversationStage, Stage } from "./stages.ts";

export type ChatSender = "bot" | "user";

/** One message: who said it, what, and when (ms since the epoch). */
export interface ChatMessage {
  sender: ChatSender;
  text: string;
  timestamp: number;
  /**
   * Sam's replies to a guest only: the server's signature of the reply, kept with it in the
   * browser. A guest history is imported into an account only when every reply's signature holds.
   */
  signature?: string;
}

/** A conversation, keyed by a timestamp id. */
export interface Conversation {
  id: string;
  messages: ChatMessage[];
  stage: Stage;
  timestamp: number;
  /** A guest's answers to the quick questions and Sam's reading, kept with the conversation until it moves into an account. */
  nonNegotiables?: GuestNonNegotiables;
}

/** What callSamApi takes. */
export interface CallSamApiInput {
  userMessage: string;
  conversationHistory?: ChatMessage[];
  effectiveStage?: ConversationStage;
  followupQuestion?: string;
  /** Ours: at the dealbreakers stage, the quick questions' answers or the confirmation of Sam's reading. */
  nonNegotiables?: NonNegotiablesStep;
}

/** What callSamApi answers: Sam's reply and whether it completed the stage, plus (ours) the stage after this reply. */
export interface CallSamApiOutput {
  message: string;
  stage_complete: boolean;
  stage_complete_justification: string;
  /** The conversation's stage after this reply, so the browser never has to guess it. */
  stage: ConversationStage;
  /** A guest's reply only: its signature, to be kept with the message (ChatMessage.signature). */
  signature?: string;
  /** When Sam reads back a person's non-negotiables: what he read, item by item. */
  reading?: ReadingReply;
}

/** GET /api/conversations/current: the signed-in person's conversation, or null before the first message. */
export interface CurrentConversationResponse {
  conversation: Conversation | null;
  /** profile.conversationStage: an interview stage or a follow-up stage. */
  stage: ConversationStage;
}

/** POST /api/conversations/import: moves a guest conversation into the account. */
export interface ImportConversationResponse {
  imported: boolean;
  conversation: Conversation | null;
}

export const CURRENT_CONVERSATION_PATH = "/api/conversations/current";
export const IMPORT_CONVERSATION_PATH = "/api/conversations/import";

/** Guest conversations live in the browser under this key, keyed by id. */
export const GUEST_CONVERSATIONS_KEY = "guestConversations";

/** Longest message a person may send (characters). */
export const USER_MESSAGE_MAX_CHARS = 2_000;
/** Longest signature a guest's history may carry with one of Sam's replies (characters). */
export const GUEST_SIGNATURE_MAX_CHARS = 100;
/** Longest Sam message a guest's history may carry back (characters). */
export const BOT_MESSAGE_MAX_CHARS = 4_000;
/**
 * Most messages a guest's history may carry. A full interview is well under this; past it the
 * server asks the guest to sign up, since a cut history would lose the stages it shows.
 */
export const GUEST_HISTORY_MAX_MESSAGES = 400;
