import { TYPING_MS_PER_CHAR } from "@sams-web/domain/chat/rules";
import { useEffect, useState } from "react";

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

/**
 * Sam's reply typed out one character per 50 ms. A click shows the rest at
 * once; people who prefer reduced motion get the whole text straight away. Kept out of the live
 * region while typing, so a screen reader hears the message once, when it is complete.
 */
export function TypedText({ text, onDone }: { text: string; onDone: () => void }) {
  const [count, setCount] = useState(0);
  const done = count >= text.length;

  useEffect(() => {
    if (prefersReducedMotion()) {
      setCount(text.length);
      return;
    }
    const timer = setInterval(() => setCount((c) => c + 1), TYPING_MS_PER_CHAR);
    return () => clearInterval(timer);
  }, [text]);

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
        {text.slice(0, count)}
      </span>
    </button>
  );
}
