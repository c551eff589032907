import { PHOTO_ORDER_PATH } from "@sams-web/domain/photos/contracts";
import {
  PHOTOS_MESSAGES,
  photoMovedAnnouncement,
  photoName,
  photoRemovedAnnouncement,
  slotsRemaining,
} from "@sams-web/domain/photos/messages";
import { QueryClient, QueryClientProvider } from "@tanstack/react-query";
import { cleanup, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { photoListQueryKey } from "./api.ts";
import { PhotosSection } from "./photos-section.tsx";

// Settings' photos against a server that answers as the real one does: a reorder or removal
// answers the photos as saved now. What is checked is what a keyboard or screen-reader user
// meets: the buttons by name, what is said in the live region, where focus lands.

type Call = { url: string; method: string; body: unknown };

function server(answer: (call: Call) => { status: number; body: unknown }) {
  const calls: Call[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit = {}) => {
      const call = {
        url,
        method: init.method ?? "GET",
        body: typeof init.body === "string" ? JSON.parse(init.body) : undefined,
      };
      calls.push(call);
      const { status, body } = answer(call);
      return new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });
    }),
  );
  return calls;
}

function renderWith(photos: string[]) {
  const client = new QueryClient({
    defaultOptions: { queries: { staleTime: Number.POSITIVE_INFINITY, retry: false } },
  });
  client.setQueryData(photoListQueryKey, photos);
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <PhotosSection />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  return client;
}

const A = "/api/photos/me/v1/photo0.jpg";
const B = "/api/photos/me/v1/photo1.jpg";
const C = "/api/photos/me/v1/photo2.jpg";

const list = () => screen.getByRole("list", { name: "Your photos, main photo first" });
const names = () =>
  within(list())
    .getAllByRole("img")
    .map((img) => img.getAttribute("src"));
const live = () => screen.getAllByRole("status").find((node) => node.getAttribute("aria-live") === "polite");

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("Settings' photos", () => {
  it("shows the photos in order, the first marked as the main photo, with a way to add more", () => {
    server(() => ({ status: 500, body: {} }));
    renderWith([A, B, C]);
    expect(names()).toEqual([A, B, C]);
    expect(screen.getByRole("img", { name: `${photoName(1, 3)}, your main photo` })).toBeTruthy();
    expect((screen.getByRole("button", { name: "Move earlier (photo 1)" }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole("button", { name: "Move later (photo 3)" }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole("button", { name: "Make main photo (photo 1)" })).toBeNull();
    expect(screen.getByRole("link", { name: "Add photos" }).getAttribute("href")).toBe("/photo-upload");
    expect(screen.getByText(slotsRemaining(2))).toBeTruthy();
  });

  it("moves a photo by keyboard, says where it went, and keeps focus on it", async () => {
    const calls = server((call) => ({
      status: 200,
      body: { photos: call.body ? (call.body as { photos: string[] }).photos : [] },
    }));
    renderWith([A, B, C]);
    const moveLater = screen.getByRole("button", { name: "Move later (photo 1)" });
    moveLater.focus();
    fireEvent.click(moveLater);
    await waitFor(() => expect(names()).toEqual([B, A, C]));
    expect(calls).toEqual([{ url: PHOTO_ORDER_PATH, method: "PUT", body: { photos: [B, A, C] } }]);
    expect(live()?.textContent).toBe(photoMovedAnnouncement(1, 2, 3));
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Move later (photo 2)"));

    fireEvent.click(screen.getByRole("button", { name: "Make main photo (photo 3)" }));
    await waitFor(() => expect(names()).toEqual([C, B, A]));
    expect(live()?.textContent).toBe(photoMovedAnnouncement(3, 1, 3));
    // The new main photo has no "Make main photo": focus goes to what it still offers.
    await waitFor(() => expect(document.activeElement?.textContent).toBe("Move later (photo 1)"));
  });

  it("asks once before removing, and Keep it changes nothing", async () => {
    const calls = server(() => ({ status: 200, body: { photos: [A, C] } }));
    renderWith([A, B, C]);
    fireEvent.click(screen.getByRole("button", { name: "Remove (photo 2)" }));
    expect(screen.getByText(PHOTOS_MESSAGES.photoRemoveConfirm)).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Keep it" }));
    expect(calls).toEqual([]);
    expect(names()).toEqual([A, B, C]);

    fireEvent.click(screen.getByRole("button", { name: "Remove (photo 2)" }));
    fireEvent.click(screen.getByRole("button", { name: "Remove photo 2" }));
    await waitFor(() => expect(names()).toEqual([A, C]));
    expect(calls).toEqual([{ url: B, method: "DELETE", body: undefined }]);
    expect(live()?.textContent).toBe(photoRemovedAnnouncement(2, 2));
  });

  it("at the minimum of 2 no photo can be removed, and the page says why", () => {
    server(() => ({ status: 500, body: {} }));
    renderWith([A, B]);
    const remove = screen.getByRole("button", { name: "Remove (photo 1)" }) as HTMLButtonElement;
    expect(remove.disabled).toBe(true);
    expect(document.getElementById(remove.getAttribute("aria-describedby") ?? "")?.textContent).toBe(
      PHOTOS_MESSAGES.photoRemoveBelowMinimum,
    );
  });

  it("a refused reorder (the photos changed elsewhere) says so and shows the photos as saved now", async () => {
    let saved = [A, B, C];
    server((call) => {
      if (call.method === "PUT") {
        saved = [C, A];
        return {
          status: 409,
          body: { error: { status: "ALREADY_EXISTS", code: "photoOrderStale", message: "reworded later" } },
        };
      }
      return { status: 200, body: { photos: saved } };
    });
    renderWith([A, B, C]);
    fireEvent.click(screen.getByRole("button", { name: "Move later (photo 1)" }));
    expect((await screen.findByRole("alert")).textContent).toBe(PHOTOS_MESSAGES.photoOrderStale);
    await waitFor(() => expect(names()).toEqual([C, A]));
  });
});
