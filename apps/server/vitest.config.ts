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
    // Some tests are CPU work (a photo set hashed eleven ways a photo, every evaluation pair
    // judged): a minute leaves room for a busy machine, where they have taken over 20 s.
    testTimeout: 60_000,
    hookTimeout: 60_000,
  },
});
