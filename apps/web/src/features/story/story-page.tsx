import { MESSAGES } from "@sams-web/domain/shared/messages";
import type { StorySectionView } from "@sams-web/domain/story/contracts";
import { STORY_SECTION_LABELS } from "@sams-web/domain/story/messages";
import { INTRO_MAX_CHARS, STORY_CORRECTION_MAX_CHARS } from "@sams-web/domain/story/rules";
import { type FormEvent, useId, useState } from "react";
import { Link } from "react-router";
import { PageLayout } from "../../components/page-layout.tsx";
import { paths } from "../../config/paths.ts";
import { ApiError } from "../../lib/api-client.ts";
import { useApproveIntro, useCorrectStory, useStory, useWithdrawIntro } from "./api.ts";

/** A server refusal carries its own sentence; anything else is the generic failure given. */
function failureMessage(error: unknown, fallback: string): string {
  return error instanceof ApiError && (error.status === "INVALID_ARGUMENT" || error.status === "RESOURCE_EXHAUSTED")
    ? error.message
    : fallback;
}

/** One section: what Sam wrote, and a way to tell Sam what it should say instead. */
function Section({ view }: { view: StorySectionView }) {
  const correct = useCorrectStory();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(view.text);
  const [error, setError] = useState<string | null>(null);
  const [rewritten, setRewritten] = useState(false);
  const id = useId();
  const label = STORY_SECTION_LABELS[view.section];

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    if (text.trim() === "") {
      setError(MESSAGES.storyCorrectionEmpty);
      return;
    }
    try {
      await correct.mutateAsync({ section: view.section, text });
      setEditing(false);
      setRewritten(true);
    } catch (failure) {
      setError(failureMessage(failure, MESSAGES.storyCorrectionFailed));
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="card">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {label}
      </h2>
      {view.text ? (
        <p className="mt-2 whitespace-pre-line">{view.text}</p>
      ) : (
        <p className="mt-2 text-ink-soft">{MESSAGES.storySectionEmpty}</p>
      )}
      {rewritten && !editing && (
        <p role="status" className="mt-2 text-sm font-semibold text-moss">
          {MESSAGES.storyRewritten}
        </p>
      )}
      {editing ? (
        <form onSubmit={submit} className="mt-4" noValidate>
          <label htmlFor={`${id}-text`} className="field-label">
            What should Sam know instead?
          </label>
          <textarea
            id={`${id}-text`}
            className="field-input min-h-32"
            value={text}
            maxLength={STORY_CORRECTION_MAX_CHARS}
            aria-describedby={`${id}-help${error ? ` ${id}-error` : ""}`}
            aria-invalid={error ? true : undefined}
            onChange={(event) => setText(event.target.value)}
          />
          <p id={`${id}-help`} className="mt-1 text-sm text-ink-soft">
            Change it the way it should read. Sam rewrites this part with your words, now and whenever your story is
            written again.
          </p>
          {error && (
            <p id={`${id}-error`} role="alert" className="mt-2 text-sm text-danger">
              {error}
            </p>
          )}
          <div className="mt-3 flex flex-wrap gap-3">
            <button type="submit" className="btn-primary" disabled={correct.isPending}>
              {correct.isPending ? "Sam is rewriting…" : "Ask Sam to rewrite"}
            </button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => {
                setEditing(false);
                setText(view.text);
                setError(null);
              }}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <button
          type="button"
          className="link mt-3 inline-flex min-h-11 items-center text-sm"
          onClick={() => {
            setText(view.text);
            setRewritten(false);
            setEditing(true);
          }}
        >
          Not quite right? Tell Sam<span className="sr-only"> about {label.toLowerCase()}</span>
        </button>
      )}
    </section>
  );
}

/** "About me in Sam's words": Sam's draft, editable, shown to candidates only once approved. */
function Introduction({ draft, approved }: { draft: string; approved: string | null }) {
  const approve = useApproveIntro();
  const withdraw = useWithdrawIntro();
  const [text, setText] = useState(approved ?? draft);
  const [message, setMessage] = useState<{ text: string; ok: boolean } | null>(null);
  // An approval made here or in another tab becomes the text to start from; the message about it
  // stays (the component is not remounted for it, so "Approved." is seen).
  const [shownApproved, setShownApproved] = useState(approved);
  if (approved !== shownApproved) {
    setShownApproved(approved);
    setText(approved ?? draft);
  }
  const id = useId();
  const unchanged = approved !== null && text.trim() === approved;

  async function onApprove(event: FormEvent) {
    event.preventDefault();
    setMessage(null);
    try {
      await approve.mutateAsync(text);
      setMessage({ text: MESSAGES.introApproved, ok: true });
    } catch (failure) {
      setMessage({ text: failureMessage(failure, MESSAGES.introSaveFailed), ok: false });
    }
  }

  async function onWithdraw() {
    setMessage(null);
    try {
      await withdraw.mutateAsync();
      setMessage({ text: MESSAGES.introWithdrawn, ok: true });
    } catch {
      setMessage({ text: MESSAGES.introSaveFailed, ok: false });
    }
  }

  return (
    <section aria-labelledby={`${id}-heading`} className="card border-rose/40">
      <h2 id={`${id}-heading`} className="text-xl font-semibold">
        {MESSAGES.introHeading}
      </h2>
      <p className="mt-2 text-sm text-ink-soft">{MESSAGES.introExplainer}</p>
      <p className="mt-3 text-sm font-semibold">
        {approved === null ? "Not shown to anyone yet." : "Candidates read what you approved:"}
      </p>
      {approved !== null && <blockquote className="mt-1 border-l-4 border-rose pl-3 italic">{approved}</blockquote>}
      <form onSubmit={onApprove} className="mt-4" noValidate>
        <label htmlFor={`${id}-text`} className="field-label">
          {approved === null ? "Sam's draft, yours to change" : "Change it"}
        </label>
        <textarea
          id={`${id}-text`}
          className="field-input min-h-24"
          value={text}
          maxLength={INTRO_MAX_CHARS}
          placeholder={draft === "" ? MESSAGES.introNoDraft : undefined}
          aria-describedby={`${id}-count`}
          onChange={(event) => setText(event.target.value)}
        />
        <p id={`${id}-count`} className="mt-1 text-right text-xs text-ink-soft">
          {text.length} / {INTRO_MAX_CHARS}
        </p>
        {message && (
          <p
            role={message.ok ? "status" : "alert"}
            className={`mt-2 text-sm font-semibold ${message.ok ? "text-moss" : "text-danger"}`}
          >
            {message.text}
          </p>
        )}
        <div className="mt-3 flex flex-wrap gap-3">
          <button type="submit" className="btn-primary" disabled={approve.isPending || unchanged}>
            {approved === null ? "Approve" : "Approve the change"}
          </button>
          {approved !== null && (
            <button
              type="button"
              className="btn-secondary"
              onClick={() => void onWithdraw()}
              disabled={withdraw.isPending}
            >
              Withdraw
            </button>
          )}
        </div>
      </form>
    </section>
  );
}

/**
 * /your-story: the narrative Sam writes about the person, section by section, each correctable in
 * their own words, and the introduction candidates read once it is approved.
 */
export default function StoryPage() {
  const story = useStory();
  return (
    <PageLayout title="Your story" intro={MESSAGES.storyIntro}>
      {story.isPending ? (
        <div role="status" className="space-y-4">
          <span className="sr-only">Loading your story…</span>
          {[0, 1, 2].map((i) => (
            <div key={i} aria-hidden="true" className="h-40 animate-pulse rounded-2xl border border-line bg-white/60" />
          ))}
        </div>
      ) : story.isError ? (
        <p role="alert" className="text-danger">
          {MESSAGES.storyLoadFailed}
        </p>
      ) : !story.data.ready ? (
        <div className="card">
          <p>{MESSAGES.storyNotReady}</p>
          <Link to={paths.home} className="btn-primary mt-4 inline-flex no-underline">
            Talk with Sam
          </Link>
        </div>
      ) : (
        <div className="space-y-6">
          <Introduction draft={story.data.intro.draft} approved={story.data.intro.approved} />
          {story.data.sections.map((view) => (
            <Section key={view.section} view={view} />
          ))}
        </div>
      )}
    </PageLayout>
  );
}
