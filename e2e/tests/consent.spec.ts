import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures/test.ts";
import { BASE_URL } from "../playwright.config.ts";

const ROUTES = [
  "/",
  "/settings",
  "/terms",
  "/privacy",
  "/verify-email",
  "/faq",
  "/reset-password",
  "/match-confirmation",
  "/california-privacy",
  "/privacy-settings",
  "/photo-upload",
];
const YEAR = 31536000000;
const PIXEL = 'script[src*="connect.facebook.net"]';

const banner = (page: Page) => page.getByRole("dialog", { name: "Cookie Preferences" });
const stored = (page: Page) => page.evaluate(() => window.localStorage.getItem("cookiePreferences"));

test("'Cookie banner: dialog titled Cookie Preferences with Accept All and Manage Cookies buttons and a link to /privacy' on a first visit", async ({
  page,
}) => {
  await page.goto("/");
  const dialog = banner(page);
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Accept All" })).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Manage Cookies" })).toBeVisible();
  await expect(dialog.getByRole("link", { name: "Privacy Policy" })).toHaveAttribute("href", "/privacy");
  // Not a trap: the page under it stays usable and keyboard focus reaches the banner's buttons.
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await dialog.getByRole("button", { name: "Manage Cookies" }).focus();
  await expect(dialog.getByRole("button", { name: "Manage Cookies" })).toBeFocused();
});

test("'Accept All stores analytics true and adTracking true and hides the banner', and it stays hidden after reload", async ({
  page,
}) => {
  await page.goto("/faq");
  const before = Date.now();
  await banner(page).getByRole("button", { name: "Accept All" }).click();
  await expect(banner(page)).toHaveCount(0);
  const prefs = JSON.parse((await stored(page)) ?? "null");
  expect(prefs).toMatchObject({ bannerDismissed: true, analytics: true, adTracking: true });
  expect(prefs.expiry).toBeGreaterThanOrEqual(before + YEAR);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
});

test("'Manage Cookies stores both false … and goes to /privacy-settings' with both toggles off", async ({ page }) => {
  await page.goto("/terms");
  await banner(page).getByRole("button", { name: "Manage Cookies" }).click();
  await expect(page).toHaveURL("/privacy-settings");
  await expect(banner(page)).toHaveCount(0);
  await expect(page.getByRole("switch", { name: "Analytics cookies" })).toHaveAttribute("aria-checked", "false");
  await expect(page.getByRole("switch", { name: "Ad-tracking cookies" })).toHaveAttribute("aria-checked", "false");
  expect(JSON.parse((await stored(page)) ?? "null")).toMatchObject({
    bannerDismissed: true,
    analytics: false,
    adTracking: false,
  });
  await expect(page.getByRole("button", { name: "Accept All Cookies" })).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Privacy Policy" })).toHaveAttribute(
    "href",
    "/privacy",
  );
  await expect(page.getByRole("link", { name: "California Privacy Statement" })).toHaveAttribute(
    "href",
    "/california-privacy",
  );
});

test("'Non-essential cookies are off unless accepted': with consent off, no request leaves for another host on any route", async ({
  page,
}) => {
  const foreign: string[] = [];
  const analytics: string[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.protocol !== "data:" && url.protocol !== "blob:" && url.origin !== BASE_URL) foreign.push(request.url());
    if (url.pathname === "/api/analytics/events") analytics.push(request.url());
  });
  // No choice yet, then after 'Manage Cookies' (both off).
  for (const route of ROUTES) {
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
  await page.goto("/");
  await banner(page).getByRole("button", { name: "Manage Cookies" }).click();
  await expect(page).toHaveURL("/privacy-settings");
  for (const route of ROUTES) {
    await page.goto(route);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await page.waitForLoadState("networkidle");
  }
  expect(foreign).toEqual([]);
  expect(await page.locator(PIXEL).count()).toBe(0);
  expect(analytics).toEqual([]);
});

test("'Ad tracking on loads a social network tracking pixel; off removes it and revokes consent'", async ({ page }) => {
  const pageErrors: string[] = [];
  page.on("pageerror", (error) => pageErrors.push(error.message));
  const analytics: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/analytics/events") analytics.push(request.postData() ?? "");
  });
  await page.goto("/privacy-settings");
  await banner(page).getByRole("button", { name: "Accept All" }).click();
  // Added by the consent, although it cannot load on a closed network; the page carries on.
  await expect(page.locator(PIXEL)).toHaveCount(1);
  await expect.poll(() => page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe("function");
  await expect.poll(() => analytics.length).toBeGreaterThan(0);
  expect(JSON.parse(analytics[0] ?? "{}")).toMatchObject({ name: "page_view", path: "/privacy-settings" });

  const adTracking = page.getByRole("switch", { name: "Ad-tracking cookies" });
  await expect(adTracking).toHaveAttribute("aria-checked", "true");
  await adTracking.click();
  await expect(adTracking).toHaveAttribute("aria-checked", "false");
  await expect(page.locator(PIXEL)).toHaveCount(0);
  expect(await page.evaluate(() => typeof (window as { fbq?: unknown }).fbq)).toBe("undefined");

  // Analytics off: collection stops at once.
  await page.getByRole("switch", { name: "Analytics cookies" }).click();
  const sent = analytics.length;
  await page.getByRole("link", { name: "California Privacy Statement" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("California Privacy Statement");
  await page.waitForLoadState("networkidle");
  expect(analytics.length).toBe(sent);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(pageErrors).toEqual([]);
});

test("'Changes from other browser tabs are applied' at once", async ({ context }) => {
  const first = await context.newPage();
  const second = await context.newPage();
  await first.goto("/");
  await second.goto("/privacy-settings");
  await expect(banner(second)).toBeVisible();
  await banner(first).getByRole("button", { name: "Accept All" }).click();
  await expect(banner(second)).toHaveCount(0);
  await expect(second.getByRole("switch", { name: "Analytics cookies" })).toHaveAttribute("aria-checked", "true");
  await expect(second.locator(PIXEL)).toHaveCount(1);

  await second.getByRole("switch", { name: "Ad-tracking cookies" }).click();
  await expect(first.locator(PIXEL)).toHaveCount(0);
  await expect(second.locator(PIXEL)).toHaveCount(0);
});

test("'When the expiry has passed, stored preferences are removed, both settings are off' and the banner is back", async ({
  page,
}) => {
  await page.addInitScript(() => {
    if (sessionStorage.getItem("seeded")) return;
    sessionStorage.setItem("seeded", "1");
    // Expired one millisecond ago.
    window.localStorage.setItem(
      "cookiePreferences",
      JSON.stringify({ bannerDismissed: true, analytics: true, adTracking: true, expiry: Date.now() - 1 }),
    );
  });
  await page.goto("/");
  await expect(banner(page)).toBeVisible();
  expect(await stored(page)).toBeNull();
  expect(await page.locator(PIXEL).count()).toBe(0);
});

test("corrupt preferences in the browser count as no choice: the banner shows", async ({ page }) => {
  await page.addInitScript(() => window.localStorage.setItem("cookiePreferences", "{not json"));
  await page.goto("/faq");
  await expect(banner(page)).toBeVisible();
});

test("'Submit Opt-Out Request' and 'Submit Limit Request' are recorded with their time and answered on screen", async ({
  page,
}) => {
  await page.goto("/privacy-settings");
  await page.getByRole("button", { name: "Submit Opt-Out Request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "opt out" })).toContainText(
    "Your request to opt out of the sale or sharing of your personal information has been recorded.",
  );
  await page.getByRole("button", { name: "Submit Limit Request" }).click();
  await expect(page.getByRole("status").filter({ hasText: "limit" })).toContainText(
    "Your request to limit the use of your sensitive personal information has been recorded.",
  );
  const list = page.getByRole("list", { name: "Your requests" });
  await expect(list.getByRole("listitem")).toHaveCount(2);
  // Bound to this browser: still listed after a reload.
  await page.reload();
  await expect(page.getByRole("list", { name: "Your requests" }).getByRole("listitem")).toHaveCount(2);
  // The opt-out also switched ad tracking off.
  await expect(page.getByRole("switch", { name: "Ad-tracking cookies" })).toHaveAttribute("aria-checked", "false");
});

test("signed in: the choice is stored on the profile, and 'a newer copy on the profile overrides the local copy'", async ({
  signedInPage: page,
}) => {
  await page.goto("/");
  await banner(page).getByRole("button", { name: "Manage Cookies" }).click();
  await expect(page).toHaveURL("/privacy-settings");
  await expect
    .poll(async () => (await (await page.request.get("/api/consent")).json()).preferences?.analytics)
    .toBe(false);

  // Another device accepts everything later: the profile copy is newer.
  const newer = { bannerDismissed: true, analytics: true, adTracking: false, expiry: Date.now() + YEAR + 60_000 };
  const put = await page.request.put("/api/consent", { headers: { origin: BASE_URL }, data: { preferences: newer } });
  expect(put.ok()).toBe(true);
  // Applied live on the open page, and still after a reload.
  await expect(page.getByRole("switch", { name: "Analytics cookies" })).toHaveAttribute("aria-checked", "true");
  await expect.poll(async () => JSON.parse((await stored(page)) ?? "null")).toEqual(newer);
  await page.reload();
  await expect(page.getByRole("switch", { name: "Analytics cookies" })).toHaveAttribute("aria-checked", "true");
});

test("signed in: the data export downloads one ZIP archive with the person's data; a guest gets none", async ({
  signedInPage: page,
}) => {
  await page.goto("/privacy-settings");
  const result = await page.evaluate(async () => {
    const response = await fetch("/api/export");
    const bytes = new Uint8Array(await response.arrayBuffer());
    // File names are stored uncompressed in a ZIP's headers.
    const names = new TextDecoder("latin1").decode(bytes);
    return {
      status: response.status,
      type: response.headers.get("content-type"),
      magic: String.fromCharCode(bytes[0] ?? 0, bytes[1] ?? 0),
      files: ["profile.json", "conversations.json", "matches.json", "consent.json"].filter((n) => names.includes(n)),
    };
  });
  expect(result).toEqual({
    status: 200,
    type: "application/zip",
    magic: "PK",
    files: ["profile.json", "conversations.json", "matches.json", "consent.json"],
  });
  await page.context().clearCookies();
  const guest = await page.evaluate(async () => (await fetch("/api/export")).status);
  expect(guest).toBe(401);
});

test("settings' 'Download My Data' saves one ZIP archive of the person's data", async ({ signedInPage: page }) => {
  await page.goto("/settings");
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download My Data" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/\.zip$/);
  const path = await file.path();
  const { readFile } = await import("node:fs/promises");
  const bytes = await readFile(path);
  expect(bytes.subarray(0, 2).toString("latin1")).toBe("PK");
  expect(bytes.toString("latin1")).toContain("profile.json");
});

test("signed in: an expired profile copy is cleared on the server (a null write) and the banner is back", async ({
  signedInPage: page,
}) => {
  const expired = { bannerDismissed: true, analytics: true, adTracking: true, expiry: Date.now() - 1 };
  const put = await page.request.put("/api/consent", { headers: { origin: BASE_URL }, data: { preferences: expired } });
  expect(put.ok()).toBe(true);
  await page.goto("/faq");
  await expect(banner(page)).toBeVisible();
  await expect.poll(async () => (await (await page.request.get("/api/consent")).json()).preferences).toBeNull();
  expect(await stored(page)).toBeNull();
  expect(await page.locator(PIXEL).count()).toBe(0);
});

/**
 * Stands in for the social network's pixel script on a closed network, behaving as the vendor's
 * does where secrets could leak: each event it sends is an image beacon to www.facebook.com/tr
 * carrying the page's full address (`dl`) and referrer (`rl`), read when the event is sent; it
 * sends a PageView of its own on every history change unless `fbq.disablePushState` is set, and
 * with automatic events on (unless `autoConfig` is set to false) one for every button clicked.
 */
const FAKE_PIXEL = `(() => {
  const queue = window.fbq;
  const state = { autoConfig: true, ids: [] };
  const beacon = (event) => {
    const img = new Image();
    img.src = "https://www.facebook.com/tr/?id=" + state.ids.join(",") + "&ev=" + event +
      "&dl=" + encodeURIComponent(location.href) + "&rl=" + encodeURIComponent(document.referrer);
  };
  const handle = (args) => {
    const [command, a, b] = args;
    if (command === "init") state.ids.push(a);
    else if (command === "set" && a === "autoConfig") state.autoConfig = b;
    else if (command === "track") beacon(a);
  };
  const real = (...args) => handle(args);
  real.disablePushState = queue?.disablePushState;
  window.fbq = window._fbq = real;
  for (const args of queue?.queue ?? []) handle(args);
  if (!real.disablePushState) {
    const push = history.pushState.bind(history);
    history.pushState = (...args) => { push(...args); beacon("PageView"); };
  }
  document.addEventListener("click", (event) => {
    if (state.autoConfig && event.target.closest("button")) beacon("SubscribedButtonClick");
  }, true);
})();`;

test("no secret in an address ever reaches the ad network: the pixel sees no page whose address carries a code or token", async ({
  page,
}) => {
  const sent: string[] = [];
  await page.route("https://connect.facebook.net/**", (route) =>
    route.fulfill({ contentType: "application/javascript", body: FAKE_PIXEL }),
  );
  await page.route("https://www.facebook.com/tr/**", (route) => {
    sent.push(decodeURIComponent(route.request().url()));
    return route.fulfill({ contentType: "image/gif", body: Buffer.from("R0lGODlhAQABAAAAACw=", "base64") });
  });
  await page.goto("/");
  await banner(page).getByRole("button", { name: "Accept All" }).click();
  // The fake speaks for the real one: the home page's view is sent, with its address.
  await expect.poll(() => sent.filter((url) => url.includes("ev=PageView")).length).toBeGreaterThan(0);
  expect(sent.at(-1)).toContain(`dl=${BASE_URL}/`);

  // Followed inside the app, with the pixel already loaded (Sam's chat links to an outcome page).
  await page.evaluate(() => {
    history.pushState({}, "", "/match-outcome?token=SECRET-in-app-token");
    dispatchEvent(new PopStateEvent("popstate"));
  });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await page.waitForLoadState("networkidle");

  // Opened from an email: a reset link, a verification link, an answer to "Did you meet?".
  for (const secretPage of [
    "/reset-password?oobCode=SECRET-reset-code",
    "/verify-email?oobCode=SECRET-verify-code",
    "/match-outcome?token=SECRET-outcome-token",
  ]) {
    await page.goto(secretPage);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    for (const button of await page.getByRole("main").getByRole("button").all()) {
      if (await button.isEnabled()) await button.click({ trial: false }).catch(() => {});
    }
    await page.waitForLoadState("networkidle");
    // Then on, inside the app, to a page without a secret.
    await page.evaluate(() => {
      history.pushState({}, "", "/faq");
      dispatchEvent(new PopStateEvent("popstate"));
    });
    await expect(page).toHaveURL("/faq");
    await page.waitForLoadState("networkidle");
  }
  // The pages without a secret were seen; no beacon ever carried one.
  await expect.poll(() => sent.filter((url) => url.includes(`dl=${BASE_URL}/faq`)).length).toBeGreaterThan(0);
  expect(sent.filter((url) => url.includes("SECRET"))).toEqual([]);
});
