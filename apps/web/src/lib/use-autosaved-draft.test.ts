import { act, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useAutosavedDraft } from "./use-autosaved-draft.ts";

interface Draft {
  name: string;
  radius: number;
}

const DEBOUNCE = 750;
const NOTICE = 2_000;

/** The hook over a "server" that holds `saved` and records what each save sent. */
function setup(options: { fail?: () => boolean; saveTakesMs?: number } = {}) {
  const server = { saved: { name: "Ann", radius: 25 } as Draft, sent: [] as Partial<Draft>[] };
  const onSaved = vi.fn();
  const onError = vi.fn();
  const hook = renderHook(() =>
    useAutosavedDraft<Draft, Partial<Draft>>({
      saved: server.saved,
      changesOf: (draft, saved) => {
        const changes: Partial<Draft> = {};
        if (draft.name !== saved.name) changes.name = draft.name;
        if (draft.radius !== saved.radius) changes.radius = draft.radius;
        return changes;
      },
      save: async (changes) => {
        server.sent.push(changes);
        if (options.saveTakesMs) await new Promise((resolve) => setTimeout(resolve, options.saveTakesMs));
        if (options.fail?.()) throw new Error("refused");
        server.saved = { ...server.saved, ...changes };
      },
      onSaved,
      onError,
      debounceMs: DEBOUNCE,
      noticeMs: NOTICE,
    }),
  );
  return { server, hook, onSaved, onError };
}

/** Lets the timers run `ms` forward and the save's promise settle. */
async function pass(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  vi.useFakeTimers();
});
afterEach(() => {
  vi.useRealTimers();
});

describe("useAutosavedDraft", () => {
  it("saves 750 ms after the last edit, once, with only what changed", async () => {
    const { server, hook } = setup();
    act(() => hook.result.current.edit({ name: "Anna" }));
    expect(hook.result.current.draft).toEqual({ name: "Anna", radius: 25 });
    await pass(DEBOUNCE - 1);
    act(() => hook.result.current.edit({ name: "Annabel" }));
    await pass(DEBOUNCE - 1);
    expect(server.sent).toEqual([]);
    await pass(1);
    expect(server.sent).toEqual([{ name: "Annabel" }]);
  });

  it("shows the saved notice for 2 seconds after a save", async () => {
    const { hook, onSaved } = setup();
    act(() => hook.result.current.edit({ radius: 40 }));
    await pass(DEBOUNCE);
    expect(onSaved).toHaveBeenCalledWith({ radius: 40 });
    expect(hook.result.current.savedNotice).toBe(true);
    await pass(NOTICE - 1);
    expect(hook.result.current.savedNotice).toBe(true);
    await pass(1);
    expect(hook.result.current.savedNotice).toBe(false);
  });

  it("saves nothing while a slider is dragged, and saves its value once let go", async () => {
    const { server, hook } = setup();
    act(() => hook.result.current.drag(true));
    for (const radius of [30, 60, 90]) {
      act(() => hook.result.current.slide({ radius }));
      await pass(DEBOUNCE * 2);
    }
    expect(server.sent).toEqual([]);
    expect(hook.result.current.draft.radius).toBe(90);
    act(() => hook.result.current.drag(false));
    await pass(DEBOUNCE);
    expect(server.sent).toEqual([{ radius: 90 }]);
  });

  it("keeps an edit made while its save was on the way, and saves it next", async () => {
    const { server, hook } = setup({ saveTakesMs: 500 });
    act(() => hook.result.current.edit({ name: "Anna" }));
    await pass(DEBOUNCE);
    expect(server.sent).toEqual([{ name: "Anna" }]);
    // The save of "Anna" is still on the way when the name changes again.
    act(() => hook.result.current.edit({ name: "Annie" }));
    await pass(500);
    hook.rerender();
    expect(hook.result.current.draft.name).toBe("Annie");
    await pass(DEBOUNCE);
    expect(server.sent).toEqual([{ name: "Anna" }, { name: "Annie" }]);
  });

  it("keeps the edits when a save fails, says so, and shows no saved notice", async () => {
    const { server, hook, onError, onSaved } = setup({ fail: () => true });
    act(() => hook.result.current.edit({ name: "Anna" }));
    await pass(DEBOUNCE);
    expect(server.sent).toEqual([{ name: "Anna" }]);
    expect(onError).toHaveBeenCalledWith(expect.any(Error), { name: "Anna" });
    expect(onSaved).not.toHaveBeenCalled();
    expect(hook.result.current.draft.name).toBe("Anna");
    expect(hook.result.current.savedNotice).toBe(false);
  });

  it("saves the last edit when the form goes away before the debounce", async () => {
    const { server, hook } = setup();
    act(() => hook.result.current.edit({ radius: 10 }));
    hook.unmount();
    await pass(0);
    expect(server.sent).toEqual([{ radius: 10 }]);
  });

  it("sends nothing when the draft is back to what the server holds", async () => {
    const { server, hook } = setup();
    act(() => hook.result.current.edit({ name: "Anna" }));
    act(() => hook.result.current.edit({ name: "Ann" }));
    await pass(DEBOUNCE * 2);
    expect(server.sent).toEqual([]);
  });
});
