import type {
  FactKey,
  Facts,
  FactTopic,
  LimitId,
  NonNegotiablesResponse,
} from "@sams-web/domain/non-negotiables/contracts";
import {
  FACT_QUESTIONS,
  FACT_SUMMARY_LABELS,
  FACT_TOPIC_HEADINGS,
  LIMIT_CHIPS,
  NON_NEGOTIABLES_MESSAGES,
} from "@sams-web/domain/non-negotiables/messages";
import {
  FACT_KEYS,
  FACT_OPTIONS,
  FACT_TOPIC_IDS,
  FACT_TOPICS,
  factAsked,
  LIMIT_IDS,
  limitApplies,
  topicLimits,
} from "@sams-web/domain/non-negotiables/rules";
import { SETTINGS_DEBOUNCE_MS, SETTINGS_SAVED_NOTICE_MS } from "@sams-web/domain/profile/rules";
import { type ReactNode, useState } from "react";
import { useAutosavedDraft } from "../../lib/use-autosaved-draft.ts";
import { useNonNegotiables, useSaveNonNegotiables } from "./api.ts";
import { LimitChip } from "./limit-chip.tsx";
import { itemLabel } from "./read-back-card.tsx";

const T = NON_NEGOTIABLES_MESSAGES;
/** The select's value for "never answered"; "prefer not to say" is stored as null. */
const UNANSWERED = "";
const PREFER_NOT = "private";

/**
 * Settings' "Non-negotiables": the quick questions and the limits grouped by topic, each topic
 * folded to one line that shows its answers, and what Sam read from the person's own words, each
 * with Remove. Saved like the rest
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
    // "How much do politics matter" goes with an answer about politics, as in the chat.
    for (const asked of FACT_KEYS) if (!factAsked(asked, next as Facts)) delete next[asked];
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
      <div className="flex flex-col gap-2">
        {FACT_TOPIC_IDS.map((topic) => (
          <TopicDetails key={topic} topic={topic} facts={facts} onAnswer={answer} onToggleLimit={toggleLimit} />
        ))}
      </div>
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

/** How a topic's answers and firm noes read on its folded line. */
function topicSummary(topic: FactTopic, facts: Facts): string {
  const parts: string[] = [];
  for (const key of FACT_TOPICS[topic]) {
    const value = facts[key];
    if (value === undefined || !factAsked(key, facts)) continue;
    const said = value === null ? T.tapsPreferNot : (FACT_QUESTIONS[key].answers[value] ?? value);
    const label = FACT_SUMMARY_LABELS[key];
    parts.push(label ? `${label}: ${said}` : said);
  }
  const limits = topicLimits(topic).filter((limit) => facts.limits?.includes(limit));
  if (limits.length > 0) parts.push(`${T.nonNegotiablesFirmNo} ${limits.map((l) => LIMIT_CHIPS[l]).join(", ")}`);
  return parts.length > 0 ? parts.join(" · ") : T.nonNegotiablesNotAnswered;
}

/** A topic of the questionnaire, the person's answers, and what to do with a new answer or limit. */
interface TopicProps {
  topic: FactTopic;
  facts: Facts;
  onAnswer: (key: FactKey, value: string) => void;
  onToggleLimit: (limit: LimitId) => void;
}

/**
 * One topic, folded to a line with its answers so the section stays short on a phone: opened, its
 * questions (an importance only after an answer it qualifies) and its limits. A folded topic draws
 * only its line: its selects and chips (about 25 elements a topic) are made when it opens, so the
 * page does not build and lay out the whole questionnaire hidden. The native details element
 * keeps its keyboard and screen-reader behaviour (Enter or Space on the line opens it).
 */
function TopicDetails({ topic, facts, onAnswer, onToggleLimit }: TopicProps) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="group rounded-xl border border-line open:border-rose/50"
      open={open}
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="flex min-h-11 cursor-pointer list-none flex-col justify-center gap-0.5 rounded-xl px-3 py-2 focus-visible:outline-3 focus-visible:outline-rose sm:flex-row sm:items-center sm:justify-between sm:gap-3 [&::-webkit-details-marker]:hidden">
        <span className="flex items-center gap-2 font-medium">
          <span aria-hidden="true" className="inline-block transition-transform group-open:rotate-90">
            ›
          </span>
          {FACT_TOPIC_HEADINGS[topic]}
        </span>
        <span className="pl-5 text-sm text-ink-soft sm:pl-0 sm:text-right">{topicSummary(topic, facts)}</span>
      </summary>
      {open && <TopicQuestions topic={topic} facts={facts} onAnswer={onAnswer} onToggleLimit={onToggleLimit} />}
    </details>
  );
}

/** An opened topic's questions and limits. */
function TopicQuestions({ topic, facts, onAnswer, onToggleLimit }: TopicProps) {
  const keys = FACT_TOPICS[topic].filter((key) => factAsked(key, facts));
  const limits = topicLimits(topic).filter((limit) => limitApplies(limit, facts) || facts.limits?.includes(limit));
  return (
    <div className="space-y-4 px-3 pt-1 pb-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {keys.map((key) => {
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
                onChange={(event) => onAnswer(key, event.target.value)}
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
      {limits.length > 0 && (
        <fieldset>
          <legend className="mb-2 text-sm font-semibold">{T.nonNegotiablesInAPartner}</legend>
          <div className="flex flex-wrap gap-2">
            {limits.map((limit) => (
              <LimitChip
                key={limit}
                limit={limit}
                checked={facts.limits?.includes(limit) ?? false}
                onToggle={onToggleLimit}
              />
            ))}
          </div>
        </fieldset>
      )}
    </div>
  );
}
