import type { CallSamApiInput, ChatMessage, Conversation } from "@sams-web/domain/chat/contracts";
import { isStage } from "@sams-web/domain/chat/stages";
import type { Facts } from "@sams-web/domain/non-negotiables/contracts";
import { FIRST_PAGE_MESSAGES } from "@sams-web/domain/shell/messages";
import { Suspense, useEffect, useState } from "react";
import { trackEvent } from "../../lib/analytics.ts";
import { lazyWithRetry } from "../../lib/lazy-with-retry.ts";
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

// The quick questions and the read-back load only at the dealbreakers stage, never on the first page.
const DealbreakerPanel = lazyWithRetry(() => import("../non-negotiables/dealbreaker-panel.tsx"));
// The two things the guest's message says when it answers the quick questions, from the same lazy chunk.
const tapsMessages = () => import("@sams-web/domain/non-negotiables/messages").then((m) => m.NON_NEGOTIABLES_MESSAGES);

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

  const send = async (text: string, extra: Pick<CallSamApiInput, "nonNegotiables"> = {}): Promise<boolean> => {
    const before = conversation;
    const mine: ChatMessage = { sender: "user", text, timestamp: Date.now() };
    const withMine = { ...before, messages: [...before.messages, mine], timestamp: mine.timestamp };
    setConversation(withMine);
    setThinking(true);
    setError(null);
    // A correction typed while Sam waits to hear his reading is right carries that reading back.
    const kept = before.nonNegotiables;
    const correcting =
      !extra.nonNegotiables && before.stage === "dealbreakers" && kept?.reading && !kept.confirmed
        ? { nonNegotiables: { step: "correct" as const, facts: kept.facts ?? null, reading: kept.reading } }
        : {};
    try {
      const reply = await callSam(
        {
          userMessage: text,
          // Sent whole: the server derives the stage from it, and says so if it grew too long.
          conversationHistory: before.messages,
          effectiveStage: before.stage,
          ...correcting,
          ...extra,
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
      const step = extra.nonNegotiables ?? correcting.nonNegotiables;
      const nonNegotiables = {
        ...kept,
        ...(step?.step === "taps" ? { facts: step.facts } : {}),
        ...(reply.reading?.signature
          ? { reading: { items: reply.reading.items, signature: reply.reading.signature } }
          : {}),
        ...(step?.step === "confirm" ? { removed: step.removed, confirmed: true } : {}),
      };
      setConversation({
        ...withMine,
        messages: [...withMine.messages, ...added],
        stage,
        timestamp: now,
        ...(step || kept ? { nonNegotiables } : {}),
      });
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
      onSend={(text) => send(text)}
      notice={<GuestReminder />}
      stage={conversation.stage}
      panel={
        conversation.stage === "dealbreakers" ? (
          <Suspense fallback={null}>
            <DealbreakerPanel
              messages={conversation.messages}
              initialFacts={conversation.nonNegotiables?.facts}
              reading={conversation.nonNegotiables?.reading?.items ?? null}
              busy={thinking}
              onTaps={(facts: Facts | null) =>
                void tapsMessages().then((words) =>
                  send(facts ? words.tapsDone : words.tapsSkipped, { nonNegotiables: { step: "taps", facts } }),
                )
              }
              onConfirm={(removed, text) =>
                void send(text, {
                  nonNegotiables: { step: "confirm", removed, reading: conversation.nonNegotiables?.reading },
                })
              }
            />
          </Suspense>
        ) : null
      }
    />
  );
}
