import { useEffect, useRef, useState } from "react";

export interface AutosaveOptions<Draft extends object, Changes extends Partial<Record<keyof Draft, unknown>>> {
  /** What the server holds now; the draft is this with the person's unsaved edits on top. */
  saved: Draft;
  /** What a save would send for this draft, read when the save happens; no keys: nothing to save. */
  changesOf: (draft: Draft, saved: Draft) => Changes;
  /** Sends the changes; a rejection keeps the edits and calls onError. */
  save: (changes: Changes) => Promise<unknown>;
  onSaved?: (changes: Changes) => void;
  onError?: (error: unknown, changes: Changes) => void;
  /** How long after the last edit the save happens. */
  debounceMs: number;
  /** How long `savedNotice` stays true after a save. */
  noticeMs: number;
}

export interface AutosavedDraft<Draft extends object> {
  draft: Draft;
  /** An edit from a field: saved once the person has paused for the debounce. */
  edit: (changes: Partial<Draft>) => void;
  /** A slider moving: shown at once, and saved only when the pointer lets go (release or drag(false)). */
  slide: (changes: Partial<Draft>) => void;
  /** A slider's committed value (a keyboard step, or the pointer let go): saved after the debounce. */
  release: (changes: Partial<Draft>) => void;
  /** While a pointer holds a slider nothing is saved; letting go schedules the save. */
  drag: (active: boolean) => void;
  /** True for `noticeMs` after a save went through. */
  savedNotice: boolean;
}

/**
 * A form that saves itself: edits are kept as a draft over what the server holds and sent after a
 * pause of `debounceMs`, never while a slider is being dragged, and once more when the form goes
 * away with an edit still waiting. After a save, the edits the server now holds are dropped (the
 * server's value shows through), unless the person changed them again meanwhile.
 */
export function useAutosavedDraft<Draft extends object, Changes extends Partial<Record<keyof Draft, unknown>>>(
  options: AutosaveOptions<Draft, Changes>,
): AutosavedDraft<Draft> {
  const [edits, setEdits] = useState<Partial<Draft>>({});
  const [savedNotice, setSavedNotice] = useState(false);
  const draft = { ...options.saved, ...edits } as Draft;

  // The save runs from timers and from the unmount: it reads the latest render's values.
  const latest = useRef({ draft, options });
  latest.current = { draft, options };
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const noticeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const dragging = useRef(false);
  const mounted = useRef(true);

  const flush = async () => {
    timer.current = undefined;
    const { draft: sent, options: current } = latest.current;
    const changes = current.changesOf(sent, current.saved);
    const keys = Object.keys(changes) as (keyof Draft)[];
    if (keys.length === 0) return;
    try {
      await current.save(changes);
    } catch (error) {
      latest.current.options.onError?.(error, changes);
      return;
    }
    latest.current.options.onSaved?.(changes);
    if (!mounted.current) return;
    setEdits((now) => {
      const next = { ...now };
      for (const key of keys) if (next[key] === sent[key]) delete next[key];
      return next;
    });
    setSavedNotice(true);
    clearTimeout(noticeTimer.current);
    noticeTimer.current = setTimeout(() => setSavedNotice(false), current.noticeMs);
  };

  const schedule = () => {
    clearTimeout(timer.current);
    timer.current = undefined;
    if (dragging.current) return;
    timer.current = setTimeout(() => void flush(), latest.current.options.debounceMs);
  };

  // Leaving the page within the debounce still saves the last edit.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once, on leaving the page.
  useEffect(
    () => () => {
      mounted.current = false;
      clearTimeout(noticeTimer.current);
      if (timer.current !== undefined) {
        clearTimeout(timer.current);
        void flush();
      }
    },
    [],
  );

  const apply = (changes: Partial<Draft>) => {
    setEdits((current) => ({ ...current, ...changes }));
    // The draft a save reads must hold this edit even before React renders it.
    latest.current = { ...latest.current, draft: { ...latest.current.draft, ...changes } };
  };

  return {
    draft,
    edit: (changes) => {
      apply(changes);
      schedule();
    },
    slide: (changes) => {
      apply(changes);
      if (dragging.current) {
        clearTimeout(timer.current);
        timer.current = undefined;
      }
    },
    release: (changes) => {
      apply(changes);
      schedule();
    },
    drag: (active) => {
      dragging.current = active;
      if (active) {
        clearTimeout(timer.current);
        timer.current = undefined;
      } else {
        schedule();
      }
    },
    savedNotice,
  };
}
