import { TYPING_MS_PER_CHAR } from "@sams-web/domain/chat/rules";
import { useEffect, useRef, useState } from "react";

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Sam's reply typed out one character per 50 ms. A click shows the rest at
 * once; people who prefer reduced motion get the whole text straight away. Kept out of the live
 * region while typing, so a screen reader hears the message once, when it is complete.
 *
 * The text may still be arriving (`complete` false: a model is writing it): typing follows it,
 * waits where it ends, and is done only once it is complete and all typed. A text that is not a
 * continuation of what was typed (a failed reply replaced by Sam's apology) is typed afresh.
 */
export function TypedText({ text, complete = true, onDone }: { text: string; complete?: boolean; onDone: () => void }) {
  const [reducedMotion] = useState(prefersReducedMotion);
  const [count, setCount] = useState(0);
  const [typing, setTyping] = useState(text);
  if (text !== typing) {
    setTyping(text);
    if (!text.startsWith(typing.slice(0, count))) setCount(0);
  }
  const length = useRef(text.length);
  length.current = text.length;
  const shown = reducedMotion ? text.length : Math.min(count, text.length);
  const done = complete && shown >= text.length;

  useEffect(() => {
    if (reducedMotion) return;
    const timer = setInterval(() => setCount((c) => (c < length.current ? c + 1 : c)), TYPING_MS_PER_CHAR);
    return () => clearInterval(timer);
  }, [reducedMotion]);

  useEffect(() => {
    if (done) onDone();
  }, [done, onDone]);

  return (
    <button
      type="button"
      onClick={() => setCount(text.length)}
      aria-label="Sam is typing. Show the whole message"
      className="block w-full cursor-pointer rounded-2xl bg-rose-soft px-4 py-3 text-left"
    >
      <span className="font-semibold text-rose-deep">Sam:</span>{" "}
      <span aria-hidden="true" className="whitespace-pre-wrap">
        {text.slice(0, shown)}
      </span>
    </button>
  );
}
