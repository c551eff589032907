import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// The web app's unit tests: hooks and screens rendered in happy-dom, beside the files they test
// (src/**/*.test.ts(x)). Journeys through the real app in Chromium are Playwright's, in e2e/.
export default defineConfig({
  plugins: [react()],
  test: {
    name: "web",
    include: ["src/**/*.test.{ts,tsx}"],
    environment: "happy-dom",
  },
});
