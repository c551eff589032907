import type { FactKey, Facts, LimitId, NonNegotiablesResponse } from "@sams-web/domain/non-negotiables/contracts";
import { FACT_QUESTIONS, LIMIT_CHIPS, NON_NEGOTIABLES_MESSAGES } from "@sams-web/domain/non-negotiables/messages";
import { FACT_KEYS, FACT_OPTIONS, LIMIT_IDS, limitApplies } from "@sams-web/domain/non-negotiables/rules";
import { SETTINGS_DEBOUNCE_MS, SETTINGS_SAVED_NOTICE_MS } from "@sams-web/domain/profile/rules";
import { type ReactNode, useState } from "react";
import { useAutosavedDraft } from "../../lib/use-autosaved-draft.ts";
import { useNonNegotiables, useSaveNonNegotiables } from "./api.ts";
import { itemLabel } from "./read-back-card.tsx";

const T = NON_NEGOTIABLES_MESSAGES;
/** The select's value for "never answered"; "prefer not to say" is stored as null. */
const UNANSWERED = "";
const PREFER_NOT = "private";

/**
 * Settings' "Non-negotiables": every quick question as a list of answers, the limits as
 * checkboxes, and what Sam read from the person's own words, each with Remove. Saved like the rest
 * of the page, a moment after the last change; the answers hold both ways in the next search.
 * Self-contained: it loads and saves its own data.
 */
export function NonNegotiablesSection() {
  const query = useNonNegotiables();
  if (query.data) return <NonNegotiablesForm saved={query.data} />;
  return (
    <SectionFrame>
      {query.isError ? (
        <p role="alert" className="text-danger">
          {T.nonNegotiablesLoadFailed}
        </p>
      ) : (
        <div role="status" aria-live="polite" className="h-64 animate-pulse rounded-xl bg-silk-deep">
          <span className="sr-only">Loading your non-negotiables…</span>
        </div>
      )}
    </SectionFrame>
  );
}

function SectionFrame({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="non-negotiables-heading" className="card space-y-5">
      <div>
        <h2 id="non-negotiables-heading" className="text-xl font-semibold">
          {T.nonNegotiablesHeading}
        </h2>
        <p className="mt-1 text-sm text-ink-soft">{T.nonNegotiablesIntro}</p>
      </div>
      {children}
    </section>
  );
}

function NonNegotiablesForm({ saved }: { saved: NonNegotiablesResponse }) {
  const save = useSaveNonNegotiables();
  const [failed, setFailed] = useState(false);
  const form = useAutosavedDraft<{ facts: Facts }, { facts?: Facts }>({
    saved: { facts: saved.facts },
    changesOf: (draft, current) =>
      JSON.stringify(draft.facts) === JSON.stringify(current.facts) ? {} : { facts: draft.facts },
    save: async (changes) => {
      setFailed(false);
      if (changes.facts) await save.mutateAsync({ facts: changes.facts });
    },
    onError: () => setFailed(true),
    debounceMs: SETTINGS_DEBOUNCE_MS,
    noticeMs: SETTINGS_SAVED_NOTICE_MS,
  });
  const facts = form.draft.facts;
  const change = (next: Facts) => form.edit({ facts: next });

  const answer = (key: FactKey, value: string) => {
    const next: Record<string, unknown> = { ...facts };
    if (value === UNANSWERED) delete next[key];
    else next[key] = value === PREFER_NOT ? null : value;
    change(next as Facts);
  };

  const toggleLimit = (limit: LimitId) => {
    const limits = new Set(facts.limits ?? []);
    if (limits.has(limit)) limits.delete(limit);
    else limits.add(limit);
    change({ ...facts, limits: LIMIT_IDS.filter((id) => limits.has(id)) });
  };

  /** Takes a reading out at once (with any answer still waiting to be saved). */
  const remove = (id: string) => {
    setFailed(false);
    save.mutate({ facts, removed: [id] }, { onError: () => setFailed(true) });
  };

  return (
    <SectionFrame>
      <fieldset>
        <legend className="mb-3 font-semibold">{T.nonNegotiablesAboutYou}</legend>
        <div className="grid gap-4 sm:grid-cols-2">
          {FACT_KEYS.map((key) => {
            const value = facts[key];
            const id = `fact-${key}`;
            return (
              <div key={key}>
                <label htmlFor={id} className="field-label">
                  {FACT_QUESTIONS[key].question}
                </label>
                <select
                  id={id}
                  className="field-input"
                  value={value === undefined ? UNANSWERED : value === null ? PREFER_NOT : value}
                  onChange={(event) => answer(key, event.target.value)}
                >
                  <option value={UNANSWERED}>{T.nonNegotiablesNotAnswered}</option>
                  {FACT_OPTIONS[key].map((option) => (
                    <option key={option} value={option}>
                      {FACT_QUESTIONS[key].answers[option]}
                    </option>
                  ))}
                  <option value={PREFER_NOT}>{T.tapsPreferNot}</option>
                </select>
              </div>
            );
          })}
        </div>
      </fieldset>
      <fieldset>
        <legend className="mb-3 font-semibold">{T.nonNegotiablesInAPartner}</legend>
        <div className="flex flex-wrap gap-2">
          {LIMIT_IDS.filter((limit) => limitApplies(limit, facts) || facts.limits?.includes(limit)).map((limit) => (
            <label
              key={limit}
              className="flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-line px-3 py-2 has-checked:border-rose has-checked:bg-rose-soft has-focus-visible:outline-3 has-focus-visible:outline-rose"
            >
              <input
                type="checkbox"
                className="h-4 w-4 accent-rose"
                checked={facts.limits?.includes(limit) ?? false}
                onChange={() => toggleLimit(limit)}
              />
              {LIMIT_CHIPS[limit]}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <h3 className="mb-2 font-semibold">{T.nonNegotiablesFromWords}</h3>
        {saved.reading.length === 0 ? (
          <p className="text-sm text-ink-soft">{T.nonNegotiablesFromWordsNone}</p>
        ) : (
          <ul className="flex flex-col gap-2">
            {saved.reading.map((item) => (
              <li
                key={item.id}
                className="flex items-center justify-between gap-3 rounded-xl border border-line px-3 py-2"
              >
                <span>{itemLabel(item)}</span>
                <button
                  type="button"
                  className="btn-secondary min-h-11 shrink-0 px-4 py-1.5 text-sm"
                  aria-label={`${T.nonNegotiablesRemove}: ${itemLabel(item)}`}
                  disabled={save.isPending}
                  onClick={() => remove(item.id)}
                >
                  {T.nonNegotiablesRemove}
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
      <p aria-live="polite" className={`text-sm ${failed ? "text-danger" : "text-moss"}`}>
        {failed ? T.nonNegotiablesSaveFailed : form.savedNotice ? T.nonNegotiablesSaved : ""}
      </p>
    </SectionFrame>
  );
}
