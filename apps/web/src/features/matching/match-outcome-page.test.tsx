import { OUTCOME_TOKEN_PARAM } from "@sams-web/domain/matching/contracts";
import { OUTCOME_LABELS } from "@sams-web/domain/matching/messages";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { cleanup, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import MatchOutcomePage from "./match-outcome-page.tsx";

// The page an answer link opens, against a server that answers what the test says. What the
// screen does depends on the answer's status and code; the server's words may change freely.

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })),
  );
}

function open(token: string) {
  render(
    <MemoryRouter initialEntries={[`/match-outcome?${OUTCOME_TOKEN_PARAM}=${token}`]}>
      <MatchOutcomePage />
    </MemoryRouter>,
  );
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the answer link's page", () => {
  it("records the answer", async () => {
    answer(200, { result: { outcome: "met", answerUntil: Date.UTC(2030, 0, 1) } });
    open("good-token");
    expect(await screen.findByText(OUTCOME_LABELS.met)).toBeTruthy();
  });

  it("shows an expired link's refusal by its code, however the server words it", async () => {
    for (const [token, message] of [
      ["expired-as-is", MESSAGES.outcomeLinkExpired],
      ["expired-reworded", "This link has had its day: reworded by a later release."],
    ] as const) {
      answer(400, { error: { status: "FAILED_PRECONDITION", code: "outcomeLinkExpired", message } });
      open(token);
      expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.outcomeLinkExpired);
      cleanup();
    }
  });

  it("takes a failure that is no refusal for one to try again, even worded like a refusal", async () => {
    answer(503, { error: { status: "UNAVAILABLE", code: "serverError", message: MESSAGES.outcomeLinkExpired } });
    open("unlucky-token");
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.outcomeAnswerFailed);
  });
});
