import type { Facts, ReadingItem } from "@sams-web/domain/non-negotiables/contracts";
import { FACT_QUESTIONS, NON_NEGOTIABLES_MESSAGES as T } from "@sams-web/domain/non-negotiables/messages";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { QuickQuestions } from "./quick-questions.tsx";
import { confirmationText, ReadBackCard } from "./read-back-card.tsx";

afterEach(cleanup);

const tap = (name: string) => fireEvent.click(screen.getByRole("button", { name, exact: true } as never));

/** Answers every question but the limits with its first answer. */
function answerAllWithFirst() {
  for (let i = 0; i < 20; i++) {
    if (screen.queryByText(T.tapsLimitsQuestion)) return;
    const group = screen.getAllByRole("group")[0] as HTMLElement;
    fireEvent.click(group.querySelectorAll("button")[0] as HTMLButtonElement);
  }
}

describe("the quick questions", () => {
  it("asks one question at a time, moves the focus on, and keeps 'prefer not to say' as null", () => {
    const done = vi.fn();
    render(<QuickQuestions busy={false} onDone={done} />);
    expect(screen.getByText(FACT_QUESTIONS.smoking.question)).toBeTruthy();
    tap(T.tapsPreferNot);
    const legend = screen.getByText(FACT_QUESTIONS.drinking.question);
    expect(document.activeElement).toBe(legend);
    answerAllWithFirst();
    fireEvent.click(screen.getByRole("button", { name: T.tapsLimitsDone }));
    const facts = done.mock.calls[0]?.[0] as Facts;
    expect(facts.smoking).toBeNull();
    expect(facts.drinking).toBe("never");
    // Allergic to dogs (the first answer), so "Has dogs" came ticked.
    expect(facts.limits).toEqual(["dogs"]);
  });

  it("ticks the limits an allergy suggests, offers 'a different faith' only with a faith, and skips the lot", () => {
    const done = vi.fn();
    render(<QuickQuestions busy={false} onDone={done} />);
    answerAllWithFirst(); // allergic to dogs, no faith
    expect((screen.getByLabelText("Has dogs") as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText("Has cats") as HTMLInputElement).checked).toBe(false);
    expect(screen.queryByLabelText("A different faith")).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: T.tapsSkipAll }));
    expect(done).toHaveBeenLastCalledWith(null);
  });
});

describe("the read-back card", () => {
  const items: ReadingItem[] = [
    {
      kind: "ask",
      id: "ask:gambling",
      label: "gambling",
      question: "Is gambling part of your life?",
      endsOn: "yes",
      words: "x",
    },
    { kind: "limit", id: "limit:smokingAny", limit: "smokingAny", words: "No smokers." },
  ];

  it("keeps every item unless unticked, and says what was taken out", () => {
    const confirm = vi.fn();
    render(<ReadBackCard items={items} busy={false} onConfirm={confirm} />);
    fireEvent.click(screen.getByRole("checkbox", { name: /gambling/ }));
    fireEvent.click(screen.getByRole("button", { name: T.readBackConfirm }));
    expect(confirm).toHaveBeenCalledWith(["ask:gambling"]);
    expect(confirmationText(items, new Set(["ask:gambling"]))).toBe(`${T.readBackConfirmedWithout} gambling.`);
    expect(confirmationText(items, new Set())).toBe(T.readBackConfirmed);
  });
});
