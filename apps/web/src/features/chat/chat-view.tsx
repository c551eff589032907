import { type ChatMessage, USER_MESSAGE_MAX_CHARS } from "@sams-web/domain/chat/contracts";
import { type FormEvent, type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { TypedText } from "./typed-text.tsx";

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
}: {
  messages: ChatMessage[];
  /** How many messages show at once, without typing (a reloaded conversation). */
  initiallyShown: number;
  thinking: boolean;
  error: string | null;
  /** Sends a message; resolves false if it was not accepted (the text stays in the input). */
  onSend: (text: string) => Promise<boolean>;
  notice?: ReactNode;
}) {
  const [shown, setShown] = useState(initiallyShown);
  const [draft, setDraft] = useState("");
  const end = useRef<HTMLDivElement>(null);
  const visible = Math.min(shown, messages.length);
  const next = messages[visible];

  // The person's own messages need no typing.
  useEffect(() => {
    if (next?.sender === "user") setShown(visible + 1);
  }, [next, visible]);

  const typed = useCallback(() => setShown((s) => s + 1), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: scroll whenever a message appears.
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: "nearest" });
  }, [visible, messages.length, thinking]);

  const responding = visible < messages.length;
  const label = thinking ? "Thinking" : responding ? "Responding" : "Send";

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const text = draft.trim();
    // 'Empty or whitespace messages are not sent.'
    if (!text || thinking || responding) return;
    setDraft("");
    const accepted = await onSend(text);
    if (!accepted) setDraft(text);
  };

  return (
    <div className="flex flex-col gap-4">
      <div role="log" aria-live="polite" aria-label="Conversation with Sam">
        <ol className="flex flex-col gap-3">
          {messages.slice(0, visible).map((message, index) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: messages are only ever appended.
            <MessageLine key={index} message={message} />
          ))}
        </ol>
      </div>
      {next?.sender === "bot" && (
        <div className="mr-8">
          <TypedText key={visible} text={next.text} onDone={typed} />
        </div>
      )}
      {error && (
        <p role="alert" className="rounded-xl bg-danger-soft px-4 py-2 text-sm text-danger">
          {error}
        </p>
      )}
      <div ref={end} />
      {notice}
      <form onSubmit={submit} className="sticky bottom-0 flex gap-2 bg-silk py-3">
        <label htmlFor="chat-input" className="sr-only">
          Your message to Sam
        </label>
        <input
          id="chat-input"
          className="field-input flex-1"
          placeholder="Type your response..."
          autoComplete="off"
          maxLength={USER_MESSAGE_MAX_CHARS}
          value={draft}
          onChange={(event) => setDraft(event.target.value)}
        />
        <button type="submit" className="btn-primary min-w-32" disabled={thinking || responding}>
          {label}
        </button>
      </form>
    </div>
  );
}
