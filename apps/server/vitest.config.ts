import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    include: ["src/**/*.test.ts", "test/**/*.test.ts"],
    globalSetup: ["./test/global-setup.ts"],
    // Ages and the 7/30-day windows are time-zone sensitive: never test in UTC only.
    env: { TZ: "America/Los_Angeles" },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
