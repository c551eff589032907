import type { NonNegotiablesResponse } from "@sams-web/domain/non-negotiables/contracts";
import {
  FACT_QUESTIONS,
  FACT_TOPIC_HEADINGS,
  NON_NEGOTIABLES_MESSAGES as T,
} from "@sams-web/domain/non-negotiables/messages";
import { FACT_TOPIC_IDS } from "@sams-web/domain/non-negotiables/rules";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { act, cleanup, fireEvent, render, screen, within } from "@testing-library/react";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { nonNegotiablesQueryOptions } from "./api.ts";
import { NonNegotiablesSection } from "./settings-section.tsx";

// The section saves a moment after a change; these tests look at the form, never at a server.
// (A save may still start as the last form unmounts, so fetch stays stubbed until the end.)
beforeAll(() =>
  vi.stubGlobal(
    "fetch",
    vi.fn(() => new Promise(() => {})),
  ),
);
afterEach(cleanup);
afterAll(() => vi.unstubAllGlobals());

function renderWith(saved: NonNegotiablesResponse) {
  const client = new QueryClient({ defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY } } });
  client.setQueryData(nonNegotiablesQueryOptions().queryKey, saved);
  render(
    <QueryClientProvider client={client}>
      <NonNegotiablesSection />
    </QueryClientProvider>,
  );
}

const topic = (heading: string) =>
  screen.getByText(heading, { selector: "summary *" }).closest("details") as HTMLDetailsElement;

/** Opens a topic as a click on its line does, and waits for the toggle event that draws its questions. */
async function open(details: HTMLDetailsElement) {
  const toggled = new Promise((resolve) => details.addEventListener("toggle", resolve, { once: true }));
  await act(async () => {
    details.open = true;
    await toggled;
  });
}

describe("Settings' non-negotiables", () => {
  it("folds each topic to one line that shows its answers and firm noes", () => {
    renderWith({ facts: { smoking: "no", limits: ["smokingAny"], politics: null }, reading: [] } as never);
    const details = document.querySelectorAll("details");
    expect(details).toHaveLength(FACT_TOPIC_IDS.length);
    expect([...details].every((d) => !d.open)).toBe(true);
    // Folded, a topic is only its line: no question is drawn until it opens.
    expect(document.querySelectorAll("details select, details input")).toHaveLength(0);
    expect(topic(FACT_TOPIC_HEADINGS.smoking).querySelector("summary")?.textContent).toContain(
      `No · ${T.nonNegotiablesFirmNo} Any smoking or vaping`,
    );
    expect(topic(FACT_TOPIC_HEADINGS.drinking).querySelector("summary")?.textContent).toContain(
      T.nonNegotiablesNotAnswered,
    );
  });

  it("draws a topic's questions and limits when it opens, and takes them away when it folds", async () => {
    renderWith({ facts: { smoking: "no", limits: ["smokingAny"] }, reading: [] } as never);
    const smoking = topic(FACT_TOPIC_HEADINGS.smoking);
    await open(smoking);
    expect(within(smoking).getByLabelText(FACT_QUESTIONS.smoking.question)).toHaveProperty("value", "no");
    expect(within(smoking).getByRole("checkbox", { name: /Any smoking or vaping/ })).toHaveProperty("checked", true);
    // The other topics stay folded and empty.
    expect(topic(FACT_TOPIC_HEADINGS.drinking).querySelector("select")).toBeNull();
    const folded = new Promise((resolve) => smoking.addEventListener("toggle", resolve, { once: true }));
    await act(async () => {
      smoking.open = false;
      await folded;
    });
    expect(within(smoking).queryByLabelText(FACT_QUESTIONS.smoking.question)).toBeNull();
  });

  it("asks how much politics matter only after an answer about politics, as the chat does", async () => {
    renderWith({ facts: { politics: null, politicsImportance: "high" }, reading: [] } as never);
    const politics = topic(FACT_TOPIC_HEADINGS.politics);
    await open(politics);
    expect(within(politics).queryByLabelText(FACT_QUESTIONS.politicsImportance.question)).toBeNull();
    expect(politics.querySelector("summary")?.textContent).toContain(T.tapsPreferNot);
    expect(politics.querySelector("summary")?.textContent).not.toContain("A lot");
    fireEvent.change(within(politics).getByLabelText(FACT_QUESTIONS.politics.question), {
      target: { value: "liberal" },
    });
    const importance = within(politics).getByLabelText(FACT_QUESTIONS.politicsImportance.question);
    fireEvent.change(importance, { target: { value: "some" } });
    expect(politics.querySelector("summary")?.textContent).toContain("Liberal · Matters: A little");
    // Back to "prefer not to say": the importance question and its answer go with it.
    fireEvent.change(within(politics).getByLabelText(FACT_QUESTIONS.politics.question), {
      target: { value: "private" },
    });
    expect(within(politics).queryByLabelText(FACT_QUESTIONS.politicsImportance.question)).toBeNull();
    expect(politics.querySelector("summary")?.textContent).not.toContain("A little");
  });
});
