import { type ChatMessage, type Conversation, GUEST_CONVERSATIONS_KEY } from "@sams-web/domain/chat/contracts";
import { FIRST_STAGE, isStage, OPENING_MESSAGE } from "@sams-web/domain/chat/stages";

// A guest's conversation lives only in this browser: under one local key,
// keyed by conversation id, each with its messages, stage and timestamp.

type Stored = Record<string, Omit<Conversation, "id">>;

function isMessage(value: unknown): value is ChatMessage {
  if (typeof value !== "object" || value === null) return false;
  const m = value as Record<string, unknown>;
  return (
    (m.sender === "bot" || m.sender === "user") &&
    typeof m.text === "string" &&
    typeof m.timestamp === "number" &&
    (m.signature === undefined || typeof m.signature === "string")
  );
}

function readAll(): Stored {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(GUEST_CONVERSATIONS_KEY) ?? "{}");
    return typeof parsed === "object" && parsed !== null ? (parsed as Stored) : {};
  } catch {
    return {};
  }
}

/** The guest's latest conversation, or null when there is none (or it is unreadable). */
export function loadGuestConversation(): Conversation | null {
  let latest: Conversation | null = null;
  for (const [id, value] of Object.entries(readAll())) {
    if (typeof value !== "object" || value === null || !Array.isArray(value.messages)) continue;
    const messages = value.messages.filter(isMessage);
    const conversation: Conversation = {
      id,
      messages,
      stage: isStage(value.stage) ? value.stage : FIRST_STAGE,
      timestamp: typeof value.timestamp === "number" ? value.timestamp : 0,
      // Checked by the server when the conversation moves into an account.
      ...(typeof value.nonNegotiables === "object" && value.nonNegotiables !== null
        ? { nonNegotiables: value.nonNegotiables }
        : {}),
    };
    if (!latest || conversation.timestamp > latest.timestamp) latest = conversation;
  }
  return latest;
}

/** A fresh conversation that starts with Sam's greeting. */
export function newGuestConversation(): Conversation {
  const now = Date.now();
  return {
    id: String(now),
    messages: [{ sender: "bot", text: OPENING_MESSAGE, timestamp: now }],
    stage: FIRST_STAGE,
    timestamp: now,
  };
}

export function saveGuestConversation(conversation: Conversation): void {
  const all = readAll();
  all[conversation.id] = {
    messages: conversation.messages,
    stage: conversation.stage,
    timestamp: conversation.timestamp,
    ...(conversation.nonNegotiables ? { nonNegotiables: conversation.nonNegotiables } : {}),
  };
  try {
    localStorage.setItem(GUEST_CONVERSATIONS_KEY, JSON.stringify(all));
  } catch {
    // Storage full or disabled: the chat goes on for this page's life.
  }
}

/** After the transfer to an account, the guest copy leaves the browser. */
export function removeGuestConversations(): void {
  try {
    localStorage.removeItem(GUEST_CONVERSATIONS_KEY);
  } catch {
    // Nothing stored.
  }
}
