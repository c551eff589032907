import type { FactKey, Facts, LimitId } from "@sams-web/domain/non-negotiables/contracts";
import { FACT_QUESTIONS, NON_NEGOTIABLES_MESSAGES } from "@sams-web/domain/non-negotiables/messages";
import {
  allergicAnimals,
  FACT_KEYS,
  FACT_OPTIONS,
  factAsked,
  LIMIT_IDS,
  limitApplies,
} from "@sams-web/domain/non-negotiables/rules";
import { useEffect, useId, useRef, useState } from "react";
import { LimitChip } from "./limit-chip.tsx";

const T = NON_NEGOTIABLES_MESSAGES;

/** The questions asked, in order: an importance question only after an answer it qualifies. */
function stepsFor(facts: Facts): (FactKey | "limits")[] {
  return [...FACT_KEYS.filter((key) => factAsked(key, facts)), "limits"];
}

/**
 * Sam's quick questions at the dealbreakers stage: one question at a time, each answered with one
 * tap (or "Prefer not to say"), then the limits, several at once. About fifteen taps in all.
 * Every answer is a real button or checkbox, so it works with a keyboard and a screen reader; the
 * focus moves to each new question so it is read out. `onDone(null)` skips the lot.
 */
export function QuickQuestions({
  initial,
  busy,
  onDone,
}: {
  initial?: Facts | null;
  busy: boolean;
  onDone: (facts: Facts | null) => void;
}) {
  const [facts, setFacts] = useState<Facts>(initial ?? {});
  const [index, setIndex] = useState(0);
  const [limits, setLimits] = useState<Set<LimitId> | null>(null);
  const legend = useRef<HTMLLegendElement>(null);
  const headingId = useId();
  const steps = stepsFor(facts);
  const step = steps[Math.min(index, steps.length - 1)] as FactKey | "limits";
  const first = useRef(true);

  // biome-ignore lint/correctness/useExhaustiveDependencies: focus whenever the question changes.
  useEffect(() => {
    // The first question is not focused on arrival: the person may still be reading Sam's message.
    if (first.current) {
      first.current = false;
      return;
    }
    legend.current?.focus();
  }, [step]);

  const answer = (key: FactKey, value: string | null) => {
    const next = { ...facts, [key]: value } as Facts;
    setFacts(next);
    setIndex((i) => i + 1);
  };

  // The animals an allergy rules out are ticked before the person sees the list; they may untick them.
  const chosen = limits ?? new Set<LimitId>([...(facts.limits ?? []), ...allergicAnimals(facts)]);
  const offered = LIMIT_IDS.filter((limit) => limitApplies(limit, facts));
  const toggle = (limit: LimitId) => {
    const next = new Set(chosen);
    if (next.has(limit)) next.delete(limit);
    else next.add(limit);
    setLimits(next);
  };
  const finish = (picked: LimitId[] | undefined) => {
    const { limits: _previous, ...answers } = facts;
    onDone(picked === undefined ? answers : { ...answers, limits: picked });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="mr-2 rounded-2xl border border-rose/40 bg-white p-4 shadow-sm sm:mr-8"
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id={headingId} className="text-lg font-semibold">
          {T.tapsHeading}
        </h2>
        <p className="text-sm text-ink-soft">
          {Math.min(index, steps.length - 1) + 1} of {steps.length}
        </p>
      </div>
      {step === "limits" ? (
        <fieldset className="mt-3" disabled={busy}>
          <legend ref={legend} tabIndex={-1} className="mb-3 font-medium focus:outline-none">
            {T.tapsLimitsQuestion}
          </legend>
          <div className="flex flex-wrap gap-2">
            {offered.map((limit) => (
              <LimitChip key={limit} limit={limit} checked={chosen.has(limit)} onToggle={toggle} />
            ))}
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            <button type="button" className="btn-primary min-h-11" onClick={() => finish([...chosen])}>
              {busy ? T.tapsSending : T.tapsLimitsDone}
            </button>
            <button type="button" className="btn-secondary min-h-11" onClick={() => finish([])}>
              {T.tapsLimitsNone}
            </button>
            <button type="button" className="btn-secondary min-h-11" onClick={() => finish(undefined)}>
              {T.tapsPreferNot}
            </button>
          </div>
        </fieldset>
      ) : (
        <fieldset className="mt-3" disabled={busy}>
          <legend ref={legend} tabIndex={-1} className="mb-3 font-medium focus:outline-none">
            {FACT_QUESTIONS[step].question}
          </legend>
          <div className="flex flex-wrap gap-2">
            {FACT_OPTIONS[step].map((value) => (
              <button
                key={value}
                type="button"
                aria-pressed={facts[step] === value}
                className={`min-h-11 rounded-full border px-4 py-2 font-medium ${
                  facts[step] === value
                    ? "border-rose bg-rose-soft text-rose-deep"
                    : "border-line bg-white hover:bg-silk-deep"
                }`}
                onClick={() => answer(step, value)}
              >
                {FACT_QUESTIONS[step].answers[value]}
              </button>
            ))}
            <button
              type="button"
              aria-pressed={facts[step] === null}
              className="min-h-11 rounded-full border border-dashed border-line px-4 py-2 text-ink-soft hover:bg-silk-deep"
              onClick={() => answer(step, null)}
            >
              {T.tapsPreferNot}
            </button>
          </div>
        </fieldset>
      )}
      <div className="mt-4 flex flex-wrap items-center justify-between gap-2 border-t border-line pt-3">
        <button
          type="button"
          className="link min-h-11 disabled:opacity-50"
          disabled={index === 0 || busy}
          onClick={() => setIndex((i) => Math.max(0, Math.min(i, steps.length - 1) - 1))}
        >
          {T.tapsBack}
        </button>
        <button type="button" className="link min-h-11" disabled={busy} onClick={() => onDone(null)}>
          {T.tapsSkipAll}
        </button>
      </div>
    </section>
  );
}
