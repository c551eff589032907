import type { CallSamApiInput, ChatMessage } from "@sams-web/domain/chat/contracts";
import { isFollowupStage, OPENING_MESSAGE } from "@sams-web/domain/chat/stages";
import type { ReadingItem } from "@sams-web/domain/non-negotiables/contracts";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { useQueryClient } from "@tanstack/react-query";
import { Suspense, useEffect, useMemo, useRef, useState } from "react";
import { PageFallback } from "../../components/page-fallback.tsx";
import { trackEvent } from "../../lib/analytics.ts";
import { lazyWithRetry } from "../../lib/lazy-with-retry.ts";
import QueryLayout from "../../lib/query-layout.tsx";
import { answerFollowups, matchesQueryOptions, useMatches } from "../matching/api.ts";
import { OutcomeQuestions } from "../matching/outcome-questions.tsx";
import { PhotoReview } from "../matching/photo-review.tsx";
import { nonNegotiablesQueryOptions, useNonNegotiables } from "../non-negotiables/api.ts";
import { WaitingGreeting } from "../notifications/waiting-greeting.tsx";
import { currentConversationQueryOptions, importConversation, useCurrentConversation } from "./api.ts";
import { chatErrorMessage } from "./chat-errors.ts";
import { ChatView } from "./chat-view.tsx";
import { callSam } from "./first-page-api.ts";
import { answeredMatchIds, nextFollowupQuestion } from "./followups.ts";
import { loadGuestConversation, removeGuestConversations } from "./guest-store.ts";
import { NextStep } from "./next-step.tsx";

// The quick questions and the read-back appear at one stage only: their code loads there.
const DealbreakerPanel = lazyWithRetry(() => import("../non-negotiables/dealbreaker-panel.tsx"));

// One transfer per page, however often the component mounts.
let transfer: Promise<void> | null = null;

/**
 * 'The guest conversation transfers to the account on sign-up or log-in', then leaves the
 * browser. If the transfer fails the guest copy stays, and the next visit tries again.
 */
function transferGuestConversation(): Promise<void> {
  const guest = loadGuestConversation();
  if (!guest?.messages.some((m) => m.sender === "user")) {
    if (guest) removeGuestConversations();
    return Promise.resolve();
  }
  transfer ??= importConversation(guest)
    .then(() => removeGuestConversations())
    .catch(() => undefined)
    .finally(() => {
      transfer = null;
    });
  return transfer;
}

function Conversation() {
  const queryClient = useQueryClient();
  const [transferred, setTransferred] = useState(false);
  useEffect(() => {
    void transferGuestConversation().then(() => setTransferred(true));
  }, []);
  const query = useCurrentConversation({ enabled: transferred });
  const stage = query.data?.stage;
  const interviewDone = stage === "complete" || isFollowupStage(stage);
  const matches = useMatches({ enabled: interviewDone });
  const [pending, setPending] = useState<{ message: ChatMessage; after: number } | null>(null);
  // Sam's reply as a model writes it, until the saved conversation has it.
  const [draft, setDraft] = useState<string | null>(null);
  const [thinking, setThinking] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const atDealbreakers = stage === "dealbreakers";
  // The quick questions' answers so far and Sam's pending read-back, kept by the server.
  const nonNegotiables = useNonNegotiables({ enabled: atDealbreakers });
  const [reading, setReading] = useState<ReadingItem[] | null>(null);
  const [written, setWritten] = useState(false);

  // Follow-up mode: once the interview is complete, Sam asks each queued question in turn.
  const followup = interviewDone && matches.data ? nextFollowupQuestion(matches.data) : null;

  // A match whose last question was answered gets its 'answered' action, once per page.
  const answered = useRef(new Set<string>());
  useEffect(() => {
    for (const id of answeredMatchIds(matches.data ?? [])) {
      if (answered.current.has(id)) continue;
      answered.current.add(id);
      void answerFollowups(id)
        .catch(() => answered.current.delete(id))
        .finally(() => queryClient.invalidateQueries({ queryKey: matchesQueryOptions().queryKey }));
    }
  }, [matches.data, queryClient]);

  const base = useMemo<ChatMessage[]>(() => {
    const saved = query.data?.conversation?.messages;
    const shown: ChatMessage[] = saved?.length ? saved : [{ sender: "bot", text: OPENING_MESSAGE, timestamp: 0 }];
    // The question shows as Sam's message until the server saves it with the first answer.
    if (followup && !shown.some((m) => m.sender === "bot" && m.text === followup)) {
      return [...shown, { sender: "bot", text: followup, timestamp: Date.now() }];
    }
    return shown;
  }, [query.data, followup]);
  // The person's message shows at once, and Sam's reply as it is written, until the saved copies
  // arrive in their place.
  const waiting = pending !== null && base.length === pending.after;
  const messages = waiting
    ? [...base, pending.message, ...(draft === null ? [] : [{ sender: "bot" as const, text: draft, timestamp: 0 }])]
    : base;

  if (query.isError) {
    return (
      <p role="alert" className="rounded-xl bg-danger-soft px-4 py-2 text-sm text-danger">
        {MESSAGES.chatFailed}
      </p>
    );
  }
  // Where to open is known before the conversation shows: at a photo review waiting above it, or at the end.
  if (!query.data || (interviewDone && !matches.data && !matches.isError)) return <PageFallback />;
  const reviewWaiting = (matches.data ?? []).some((m) => m.status === "photoValidation" && m.photos.length > 0);

  const send = async (text: string, extra: Pick<CallSamApiInput, "nonNegotiables"> = {}): Promise<boolean> => {
    setWritten(true);
    setPending({ message: { sender: "user", text, timestamp: Date.now() }, after: base.length });
    setThinking(true);
    setError(null);
    try {
      // The server keeps the history and the stage; the browser sends only the new message.
      const reply = await callSam(
        followup ? { userMessage: text, followupQuestion: followup } : { userMessage: text, ...extra },
        {
          onDraft: (textSoFar) => {
            setThinking(false);
            setDraft(textSoFar);
          },
        },
      );
      if (reply.reading) setReading(reply.reading.items);
      trackEvent("chat_message_sent");
      await Promise.all([
        queryClient.refetchQueries({ queryKey: currentConversationQueryOptions().queryKey }),
        followup ? queryClient.refetchQueries({ queryKey: matchesQueryOptions().queryKey }) : undefined,
        extra.nonNegotiables
          ? queryClient.invalidateQueries({ queryKey: nonNegotiablesQueryOptions().queryKey })
          : undefined,
      ]);
      return true;
    } catch (failure) {
      setPending(null);
      setError(chatErrorMessage(failure));
      return false;
    } finally {
      setDraft(null);
      setThinking(false);
    }
  };

  return (
    <ChatView
      messages={messages}
      initiallyShown={query.data.conversation ? base.length : 0}
      thinking={thinking}
      lastIsDraft={waiting && draft !== null}
      error={error}
      onSend={(text) => send(text)}
      stage={stage}
      panel={
        atDealbreakers && nonNegotiables.data ? (
          <Suspense fallback={null}>
            <DealbreakerPanel
              messages={messages}
              initialFacts={nonNegotiables.data.facts}
              reading={reading ?? nonNegotiables.data.pending}
              busy={thinking}
              onTaps={(facts) =>
                void send(facts ? MESSAGES.tapsDone : MESSAGES.tapsSkipped, { nonNegotiables: { step: "taps", facts } })
              }
              onConfirm={(removed, text) => void send(text, { nonNegotiables: { step: "confirm", removed } })}
            />
          </Suspense>
        ) : null
      }
      startAtTop={reviewWaiting}
      notice={
        <>
          {interviewDone && <WaitingGreeting matches={matches.data} written={written} bringIntoView={!reviewWaiting} />}
          {interviewDone && <OutcomeQuestions />}
          <NextStep
            interviewComplete={stage === "complete"}
            inFollowups={isFollowupStage(stage) || followup !== null}
          />
        </>
      }
    />
  );
}

/** A signed-in person's chat: photo review above the conversation the server keeps. */
export default function MemberChat() {
  return (
    <QueryLayout>
      <PhotoReview />
      <Conversation />
    </QueryLayout>
  );
}
