import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { lazyWithRetry } from "./lazy-with-retry.ts";

const Screen = () => null;

describe("lazyWithRetry", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("is settled once its chunk has arrived, downloaded once however often it is loaded", async () => {
    const download = vi.fn(async () => ({ default: Screen }));
    const screen = lazyWithRetry(download);
    expect(screen.settled()).toBe(false);
    await Promise.all([screen.load(), screen.load()]);
    expect(screen.settled()).toBe(true);
    expect(download).toHaveBeenCalledTimes(1);
  });

  it("tries a failing chunk again, then is settled without it, its load never rejecting", async () => {
    const download = vi.fn(async (): Promise<{ default: typeof Screen }> => {
      throw new TypeError("Failed to fetch dynamically imported module");
    });
    const screen = lazyWithRetry(download);
    const loading = screen.load();
    await vi.waitFor(async () => {
      await vi.runOnlyPendingTimersAsync();
      expect(screen.settled()).toBe(true);
    });
    await expect(loading).resolves.toBeUndefined();
    expect(download).toHaveBeenCalledTimes(4);
  });

  it("is not settled while a retry is still to come", async () => {
    let failures = 1;
    const download = vi.fn(async () => {
      if (failures-- > 0) throw new TypeError("Failed to fetch dynamically imported module");
      return { default: Screen };
    });
    const screen = lazyWithRetry(download);
    const loading = screen.load();
    await vi.waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(screen.settled()).toBe(false);
    await vi.runOnlyPendingTimersAsync();
    await loading;
    expect(screen.settled()).toBe(true);
    expect(download).toHaveBeenCalledTimes(2);
  });
});
