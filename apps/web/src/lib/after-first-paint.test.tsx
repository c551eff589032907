import { act, render, screen } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { AfterFirstPaint } from "./after-first-paint.tsx";

describe("AfterFirstPaint", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["requestAnimationFrame", "cancelAnimationFrame", "setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("shows the fallback until a frame has been painted, then the content", () => {
    render(
      <AfterFirstPaint fallback={<p>loading</p>}>
        <p>below the fold</p>
      </AfterFirstPaint>,
    );
    expect(screen.getByText("loading")).toBeTruthy();
    expect(screen.queryByText("below the fold")).toBeNull();
    // The frame's callback runs; the content waits for the task queued after its paint.
    act(() => vi.advanceTimersToNextFrame());
    expect(screen.queryByText("below the fold")).toBeNull();
    act(() => vi.runOnlyPendingTimers());
    expect(screen.getByText("below the fold")).toBeTruthy();
    expect(screen.queryByText("loading")).toBeNull();
  });

  it("leaves no frame or timer behind once it is gone", () => {
    const view = render(
      <AfterFirstPaint fallback={<p>loading</p>}>
        <p>below the fold</p>
      </AfterFirstPaint>,
    );
    expect(vi.getTimerCount()).toBe(1);
    view.unmount();
    expect(vi.getTimerCount()).toBe(0);
  });
});
