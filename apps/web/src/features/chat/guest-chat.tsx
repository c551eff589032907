import type { ChatMessage, Conversation } from "@sams-web/domain/chat/contracts";
import { isStage } from "@sams-web/domain/chat/stages";
import { FIRST_PAGE_MESSAGES } from "@sams-web/domain/shell/messages";
import { useEffect, useState } from "react";
import { trackEvent } from "../../lib/analytics.ts";
import { useLoginPanel } from "../../lib/login-panel.ts";
import { chatErrorMessage } from "./chat-errors.ts";
import { ChatView } from "./chat-view.tsx";
import { callSam } from "./first-page-api.ts";
import { loadGuestConversation, newGuestConversation, saveGuestConversation } from "./guest-store.ts";

function GuestReminder() {
  const { openLoginPanel } = useLoginPanel();
  return (
    <div className="rounded-xl bg-amber-soft px-4 py-3 text-sm text-ink">
      <p>{FIRST_PAGE_MESSAGES.guestHistoryReminder}</p>
      <button type="button" className="link mt-1" onClick={() => openLoginPanel("signup")}>
        Sign up or log in to save our chat
      </button>
    </div>
  );
}

/** A guest's chat: the conversation and its stage live in this browser until they sign up or log in. */
export function GuestChat() {
  const [start] = useState(() => {
    const stored = loadGuestConversation();
    return stored
      ? { conversation: stored, shown: stored.messages.length }
      : { conversation: newGuestConversation(), shown: 0 };
  });
  const [conversation, setConversation] = useState<Conversation>(start.conversation);
  const [thinking, setThinking] = useState(false);
  // Sam's reply as a model writes it: shown, never stored (only a whole, signed reply is kept).
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => saveGuestConversation(conversation), [conversation]);

  const send = async (text: string): Promise<boolean> => {
    const before = conversation;
    const mine: ChatMessage = { sender: "user", text, timestamp: Date.now() };
    const withMine = { ...before, messages: [...before.messages, mine], timestamp: mine.timestamp };
    setConversation(withMine);
    setThinking(true);
    setError(null);
    try {
      const reply = await callSam(
        {
          userMessage: text,
          // Sent whole: the server derives the stage from it, and says so if it grew too long.
          conversationHistory: before.messages,
          effectiveStage: before.stage,
        },
        {
          guest: true,
          onDraft: (textSoFar) => {
            setThinking(false);
            setDraft(textSoFar);
          },
        },
      );
      trackEvent("chat_message_sent");
      const now = Date.now();
      // The reply's signature stays with it: without it the history cannot move into an account.
      const added: ChatMessage[] = [{ sender: "bot", text: reply.message, timestamp: now, signature: reply.signature }];
      const stage = isStage(reply.stage) ? reply.stage : before.stage;
      // Transition messages load only when a stage moves, keeping them off the first page.
      const transition =
        stage !== before.stage
          ? (await import("@sams-web/domain/chat/stage-transitions")).transitionMessage(stage)
          : null;
      // A reply that already is the transition message is not said twice.
      if (transition && transition !== reply.message)
        added.push({ sender: "bot", text: transition, timestamp: now + 1 });
      setConversation({ ...withMine, messages: [...withMine.messages, ...added], stage, timestamp: now });
      return true;
    } catch (failure) {
      setConversation(before);
      setError(chatErrorMessage(failure));
      return false;
    } finally {
      setDraft(null);
      setThinking(false);
    }
  };

  return (
    <ChatView
      messages={
        draft === null
          ? conversation.messages
          : [...conversation.messages, { sender: "bot", text: draft, timestamp: 0 }]
      }
      lastIsDraft={draft !== null}
      initiallyShown={start.shown}
      thinking={thinking}
      error={error}
      onSend={send}
      notice={<GuestReminder />}
      stage={conversation.stage}
    />
  );
}
