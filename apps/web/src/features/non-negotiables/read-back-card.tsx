import type { ReadingItem } from "@sams-web/domain/non-negotiables/contracts";
import { LIMIT_READ_BACK, NON_NEGOTIABLES_MESSAGES } from "@sams-web/domain/non-negotiables/messages";
import { useId, useState } from "react";

const T = NON_NEGOTIABLES_MESSAGES;

/** How an item Sam read from a person's words reads back to them. */
export function itemLabel(item: ReadingItem): string {
  return item.kind === "limit" ? LIMIT_READ_BACK[item.limit] : item.label;
}

/** What the person's message says when they confirm: "Yes, that's right." or what they took out. */
export function confirmationText(items: readonly ReadingItem[], removed: ReadonlySet<string>): string {
  const out = items.filter((item) => removed.has(item.id)).map(itemLabel);
  return out.length === 0 ? T.readBackConfirmed : `${T.readBackConfirmedWithout} ${out.join("; ")}.`;
}

/**
 * Under Sam's read-back: what he read from the person's own words, each kept unless they untick
 * it, and the one button that confirms. A correction in their own words goes in the message box.
 */
export function ReadBackCard({
  items,
  busy,
  onConfirm,
}: {
  items: readonly ReadingItem[];
  busy: boolean;
  onConfirm: (removed: string[]) => void;
}) {
  const [removed, setRemoved] = useState<Set<string>>(new Set());
  const headingId = useId();
  const toggle = (id: string) => {
    const next = new Set(removed);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setRemoved(next);
  };
  return (
    <section
      aria-labelledby={headingId}
      className="mr-2 rounded-2xl border border-rose/40 bg-white p-4 shadow-sm sm:mr-8"
    >
      <h2 id={headingId} className="sr-only">
        {T.readBackIntro}
      </h2>
      {items.length > 0 && (
        <fieldset disabled={busy}>
          <legend className="mb-2 text-sm font-semibold text-ink">{T.readBackFromWords}</legend>
          <ul className="flex flex-col gap-2">
            {items.map((item) => (
              <li key={item.id}>
                <label className="flex min-h-11 cursor-pointer items-center gap-3 rounded-xl border border-line px-3 py-2 has-focus-visible:outline-3 has-focus-visible:outline-rose">
                  <input
                    type="checkbox"
                    className="h-4 w-4 shrink-0 accent-rose"
                    checked={!removed.has(item.id)}
                    onChange={() => toggle(item.id)}
                  />
                  <span className={removed.has(item.id) ? "text-ink-soft line-through" : ""}>{itemLabel(item)}</span>
                  <span className="sr-only">({T.readBackKeep})</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      )}
      <button
        type="button"
        className="btn-primary mt-3 min-h-11"
        disabled={busy}
        onClick={() => onConfirm([...removed])}
      >
        {T.readBackConfirm}
      </button>
    </section>
  );
}
