import { UNSUBSCRIBE_TOKEN_PARAM } from "@sams-web/domain/notifications/contracts";
import { EMAIL_KIND_LABELS } from "@sams-web/domain/notifications/messages";
import { MESSAGES } from "@sams-web/domain/shared/messages";
import { cleanup, fireEvent, render, screen } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import UnsubscribePage from "./unsubscribe-page.tsx";

// The page an email's unsubscribe link opens, against a server that answers what the test says:
// a refused token is "not valid", while no answer at all is a connection to try again.

function open(token: string) {
  render(
    <MemoryRouter initialEntries={[`/unsubscribe?${UNSUBSCRIBE_TOKEN_PARAM}=${token}`]}>
      <UnsubscribePage />
    </MemoryRouter>,
  );
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the unsubscribe link's page", () => {
  it("calls a link the server refuses not valid", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () =>
        json(400, { error: { status: "INVALID_ARGUMENT", code: "unsubscribeInvalid", message: "reworded" } }),
      ),
    );
    open("forged-token");
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.unsubscribeInvalid);
    expect(screen.queryByRole("button", { name: MESSAGES.unsubscribeRetry })).toBeNull();
  });

  it("takes a network error for a connection to try again, and asks once it answers", async () => {
    const fetch = vi.fn(async (): Promise<Response> => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", fetch);
    open("good-token");
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.unsubscribeUnreachable);
    expect(screen.queryByText(MESSAGES.unsubscribeInvalid)).toBeNull();

    fetch.mockImplementation(async () => json(200, { kind: "newPeople" }));
    fireEvent.click(screen.getByRole("button", { name: MESSAGES.unsubscribeRetry }));
    expect(await screen.findByText(EMAIL_KIND_LABELS.newPeople)).toBeTruthy();
    expect(screen.getByRole("button", { name: MESSAGES.unsubscribeButton })).toBeTruthy();
    expect(screen.queryByRole("alert")).toBeNull();
  });

  it("takes a server that is down for a failure to try again, not an invalid link", async () => {
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => json(503, { error: { status: "UNAVAILABLE", code: "serverError", message: "down" } })),
    );
    open("good-token");
    expect((await screen.findByRole("alert")).textContent).toBe(MESSAGES.unsubscribeUnreachable);
  });
});
