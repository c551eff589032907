import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    name: "server",
    // Every server test lives under test/, mirroring src/ (test/features/<feature>, test/platform/<area>);
    // shared helpers live in test/support.
    include: ["test/**/*.test.ts"],
    globalSetup: ["./test/support/global-setup.ts"],
    // Ages and the 7/30-day windows are time-zone sensitive: never test in UTC only.
    env: { TZ: "America/Los_Angeles" },
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
