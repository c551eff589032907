import { type ChatMessage, USER_MESSAGE_MAX_CHARS } from "@sams-web/domain/chat/contracts";
import { type ConversationStage, FINAL_STAGE, isFollowupStage, STAGES, stageIndex } from "@sams-web/domain/chat/stages";
import { FIRST_PAGE_MESSAGES } from "@sams-web/domain/shell/messages";
import { type FormEvent, type KeyboardEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { TypedText } from "./typed-text.tsx";

/** The interview's steps a person goes through: every stage but 'complete'. */
const INTERVIEW_STEPS = STAGES.length - 1;
/** The message box grows with the text up to this height, then scrolls. */
const INPUT_MAX_HEIGHT_PX = 200;
/**
 * A conversation opened again shows its last few messages, the earlier ones folded behind a
 * button above them: what waits for the person is in view, not 5,000 pixels of history.
 */
const FOLD_FROM_MESSAGES = 12;
const SHOWN_WHEN_FOLDED = 6;

/** Where the person is in the interview: "Interview: 3 of 8", done, or Sam's follow-up questions. */
function InterviewProgress({ stage }: { stage: ConversationStage }) {
  if (isFollowupStage(stage)) return <p className="text-sm text-ink-soft">Sam's questions about your matches</p>;
  if (stage === FINAL_STAGE) return <p className="text-sm text-moss">Interview complete</p>;
  const step = stageIndex(stage) + 1;
  return (
    <div className="flex items-center gap-3 text-sm text-ink-soft">
      <span id="interview-progress">
        Interview: {step} of {INTERVIEW_STEPS}
      </span>
      <div
        role="progressbar"
        aria-labelledby="interview-progress"
        aria-valuemin={1}
        aria-valuemax={INTERVIEW_STEPS}
        aria-valuenow={step}
        className="flex flex-1 gap-1"
      >
        {Array.from({ length: INTERVIEW_STEPS }, (_, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: a fixed row of steps.
          <span key={i} className={`h-1.5 flex-1 rounded-full ${i < step ? "bg-rose" : "bg-line"}`} />
        ))}
      </div>
    </div>
  );
}

/** Sam at work on a reply: three dots where the reply will appear. */
function ThinkingBubble() {
  return (
    <div role="status" className="mr-8 flex items-center gap-2 rounded-2xl bg-rose-soft px-4 py-3">
      <span className="font-semibold text-rose-deep">Sam</span> <span className="sr-only">is thinking…</span>
      <span aria-hidden="true" className="flex gap-1">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="h-2 w-2 animate-bounce rounded-full bg-rose"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
    </div>
  );
}

function MessageLine({ message }: { message: ChatMessage }) {
  const fromSam = message.sender === "bot";
  return (
    <li className={`rounded-2xl px-4 py-3 ${fromSam ? "mr-8 bg-rose-soft" : "ml-8 bg-silk-deep"}`}>
      <span className={`font-semibold ${fromSam ? "text-rose-deep" : "text-dusk"}`}>{fromSam ? "Sam:" : "You:"}</span>{" "}
      <span className="whitespace-pre-wrap">{message.text}</span>
    </li>
  );
}

/**
 * The conversation and its input. Messages up to `shown` sit in
 * the log; the next Sam message types out below it and joins the log when complete, so the live
 * region announces whole messages only. The button reads Send, Thinking (waiting for the server)
 * or Responding (typing).
 */
export function ChatView({
  messages,
  initiallyShown,
  thinking,
  error,
  onSend,
  notice,
  panel,
  stage,
  lastIsDraft = false,
  startAtTop = false,
}: {
  messages: ChatMessage[];
  /** The last message is Sam's reply still being written (a model's draft, streamed). */
  lastIsDraft?: boolean;
  /** How many messages show at once, without typing (a reloaded conversation). */
  initiallyShown: number;
  thinking: boolean;
  error: string | null;
  /** Sends a message; resolves false if it was not accepted (the text stays in the input). */
  onSend: (text: string) => Promise<boolean>;
  notice?: ReactNode;
  /** Shown under Sam's last message once it has typed out (the quick questions, the read-back). */
  panel?: ReactNode;
  /** The conversation's stage, for the progress line; none while it is not known yet. */
  stage?: ConversationStage;
  /** Something above the conversation waits for the person (photo review): open there, not at the end. */
  startAtTop?: boolean;
}) {
  const [shown, setShown] = useState(initiallyShown);
  // Where the live log starts: the messages before it were there on opening, folded until asked for.
  const [foldAt] = useState(initiallyShown >= FOLD_FROM_MESSAGES ? initiallyShown - SHOWN_WHEN_FOLDED : 0);
  const [unfolded, setUnfolded] = useState(false);
  const opened = useRef(false);
  const [draft, setDraft] = useState("");
  const [offline, setOffline] = useState(false);
  const end = useRef<HTMLDivElement>(null);
  const input = useRef<HTMLTextAreaElement>(null);
  const visible = Math.min(shown, messages.length);
  const next = messages[visible];

  // The person's own messages need no typing.
  useEffect(() => {
    if (next?.sender === "user") setShown(visible + 1);
  }, [next, visible]);

  const typed = useCallback(() => setShown((s) => s + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a message appears.
  useEffect(() => {
    // On opening, what waits above the conversation stays in view; later messages scroll as usual.
    const first = !opened.current;
    opened.current = true;
    if (first && startAtTop) return;
    end.current?.scrollIntoView?.({ block: "nearest" });
  }, [visible, messages.length, thinking]);

  const responding = visible < messages.length;
  const label = thinking ? "Thinking" : responding ? "Responding" : "Send";

  // The box grows with its text (up to INPUT_MAX_HEIGHT_PX), and shrinks back once sent.
  // biome-ignore lint/correctness/useExhaustiveDependencies: measure whenever the text changes.
  useEffect(() => {
    const box = input.current;
    if (!box) return;
    box.style.height = "auto";
    box.style.height = `${Math.min(box.scrollHeight, INPUT_MAX_HEIGHT_PX)}px`;
  }, [draft]);

  useEffect(() => {
    const online = () => setOffline(false);
    window.addEventListener("online", online);
    return () => window.removeEventListener("online", online);
  }, []);

  const send = async () => {
    const text = draft.trim();
    // 'Empty or whitespace messages are not sent.'
    if (!text || thinking || responding) return;
    // Offline, nothing would arrive: the draft stays where it is, to send once back online.
    if (!navigator.onLine) {
      setOffline(true);
      return;
    }
    setOffline(false);
    setDraft("");
    const accepted = await onSend(text);
    if (!accepted) {
      setDraft(text);
      if (!navigator.onLine) setOffline(true);
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    void send();
  };

  // Enter sends; Shift+Enter breaks the line (and Enter while an input method composes is its own).
  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key !== "Enter" || event.shiftKey || event.nativeEvent.isComposing) return;
    event.preventDefault();
    void send();
  };

  return (
    <div className="flex flex-col gap-4">
      {stage && <InterviewProgress stage={stage} />}
      {foldAt > 0 &&
        (unfolded ? (
          // Outside the live log: unfolding history is not announced as new messages.
          <ol aria-label="Earlier in our conversation" className="flex flex-col gap-3">
            {messages.slice(0, foldAt).map((message, index) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: messages are only ever appended.
              <MessageLine key={index} message={message} />
            ))}
          </ol>
        ) : (
          <button type="button" className="btn-secondary self-center text-sm" onClick={() => setUnfolded(true)}>
            Show our earlier conversation ({foldAt} messages)
          </button>
        ))}
      <div role="log" aria-live="polite" aria-label="Conversation with Sam">
        <ol className="flex flex-col gap-3">
          {messages.slice(foldAt, visible).map((message, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: messages are only ever appended.
            <MessageLine key={foldAt + index} message={message} />
          ))}
        </ol>
      </div>
      {next?.sender === "bot" && (
        <div className="mr-8">
          <TypedText
            key={visible}
            text={next.text}
            complete={!(lastIsDraft && visible === messages.length - 1)}
            onDone={typed}
          />
        </div>
      )}
      {thinking && <ThinkingBubble />}
      {!thinking && !responding && panel}
      {(offline || error) && (
        <p role="alert" className="rounded-xl bg-danger-soft px-4 py-2 text-sm text-danger">
          {offline ? FIRST_PAGE_MESSAGES.chatOffline : error}
        </p>
      )}
      {notice}
      {/* The newest message, and what Sam notes below it (his greeting to news, the next step),
          scroll into view above the message box (and the cookie banner). */}
      <div ref={end} className="scroll-mb-28" />
      {/* Sticks above the cookie banner while it is open (its height: consent/cookie-banner.tsx) and the phone's bottom navigation. */}
      <form
        onSubmit={submit}
        className="sticky bottom-[calc(var(--cookie-banner-height,0px)+var(--bottom-nav-height,0px))] flex items-end gap-2 bg-silk py-3"
      >
        <label htmlFor="chat-input" className="sr-only">
          Your message to Sam
        </label>
        <textarea
          ref={input}
          id="chat-input"
          rows={1}
          className="field-input flex-1 resize-none"
          placeholder="Type your response..."
          autoComplete="off"
          enterKeyHint="send"
          maxLength={USER_MESSAGE_MAX_CHARS}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
          onKeyDown={onKeyDown}
        />
        <button type="submit" className="btn-primary min-w-32" disabled={thinking || responding}>
          {label}
        </button>
      </form>
    </div>
  );
}
