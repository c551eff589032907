import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "domain",
    include: ["src/**/*.test.ts"],
    // Ages and the 7/30-day windows are time-zone sensitive: never test in UTC only.
    env: { TZ: "America/Los_Angeles" },
  },
});
