import { existsSync } from "node:fs";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";

const PORT = Number(process.env.E2E_PORT ?? 3100);
const PG_PORT = Number(process.env.E2E_PG_PORT ?? 5544);
export const BASE_URL = `http://localhost:${PORT}`;
/**
 * The server under test keeps its database, photos and outbox here; tests read the outbox. One
 * directory per port, so two runs on different ports never share (or wipe) each other's data.
 */
export const E2E_DATA_DIR = path.resolve(import.meta.dirname, `.data-${PORT}`);
/**
 * The embedded PostgreSQL that the server under test starts on PG_PORT, with the embedded
 * server's own user and password. Fixtures write set-up rows that the screens under test do not
 * own straight into it.
 */
export const E2E_DATABASE_URL = `postgres://sams_web:sams_web_local@127.0.0.1:${PG_PORT}/sams_web`;

const chromePath = process.env.CHROME_PATH ?? "/usr/bin/chromium";
if (!existsSync(chromePath)) {
  throw new Error(`No Chromium at ${chromePath}. Install Debian's "chromium" package or set CHROME_PATH.`);
}

export default defineConfig({
  testDir: "./tests",
  fullyParallel: false,
  workers: 1,
  forbidOnly: true,
  // On CI a journey that fails once is run again and reported as flaky (npm test lists them),
  // so one timing hiccup on a loaded 2-core machine does not sink a whole run.
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [["list"]],
  use: {
    baseURL: BASE_URL,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: chromePath,
      // Chromium's own background traffic has nowhere to go on a closed network.
      args: [
        "--no-sandbox",
        "--disable-gpu",
        "--disable-quic",
        "--no-first-run",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
      ],
    },
  },
  projects: [{ name: "chromium", use: { ...devices["Desktop Chrome"] } }],
  webServer: {
    command: `rm -rf "${E2E_DATA_DIR}" && node --import tsx apps/server/src/main.ts`,
    cwd: path.resolve(import.meta.dirname, ".."),
    url: `${BASE_URL}/api/health`,
    timeout: 120_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      DATA_DIR: E2E_DATA_DIR,
      EMBEDDED_PG_PORT: String(PG_PORT),
      PUBLIC_URL: BASE_URL,
      LOG_LEVEL: "warn",
      // Every journey comes from one address: a per-address auth limit meant for the internet
      // would throttle the suite. The per-account limit stays as in production.
      AUTH_RATE_LIMIT_PER_IP: "1000",
      // Likewise the chat's rates: a journey that interviews several people in a row sends more
      // than one address would in a minute, and a guest is counted by their address, so every
      // journey's guests count as one person (a whole interview right after the phone chat's
      // passes the per-person rate on a quick run). The server tests hold both limits.
      CHAT_IP_MESSAGES_PER_MINUTE: "1000",
      CHAT_MESSAGES_PER_MINUTE: "1000",
      // The bot check's work is CPU-bound in the browser: at the production difficulty its harder
      // level (20 times the work) takes tens of seconds on a busy machine. The journeys check that
      // the browser is asked for it and solves it, not how long that takes at full strength.
      BOTCHECK_MAX_NUMBER: "5000",
      // A pixel id so the ad-tracking journey can see the pixel added and removed (it cannot load
      // on a closed network). Nothing loads for visitors who did not turn ad tracking on.
      AD_PIXEL_ID: process.env.AD_PIXEL_ID ?? "1234567890123",
      // The moderator of the trust-and-safety journey (its account gets this address).
      ADMIN_EMAILS: "moderator@e2e.example.com",
      // Web Push goes to the journeys' own push service on this machine (any port), standing in
      // for the browsers' push services, which are out of reach.
      PUSH_SERVICE_ORIGINS: "http://127.0.0.1:*",
    },
  },
});
