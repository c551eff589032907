import AxeBuilder from "@axe-core/playwright";
import type { BrowserContext, Page } from "@playwright/test";
import { type LocalPushService, startLocalPushService } from "../../apps/server/test/support/push-service.ts";
import { mailTo, RICH, SPARSE, setUpPerson } from "../fixtures/people.ts";
import { expect, type TestDatabase, test } from "../fixtures/test.ts";

// The installable app and Sam's notifications in Chromium: the manifest and icons, the service
// worker (in control after a reload, the app opening offline), Settings' Notifications at phone
// and laptop sizes, a push shown by the service worker, the unsubscribe page, and the two-person
// journey where Sam searches by himself and tells the one who was away.

let pushService: LocalPushService;
test.beforeAll(async () => {
  pushService = await startLocalPushService();
});
test.afterAll(async () => {
  await pushService.close();
});

/**
 * Chromium's own push service is out of reach here, so the browser's subscribe() is pointed at our
 * local one, with a device key pair the test holds: the server then encrypts and sends real pushes,
 * which the test decrypts and hands to the service worker as the push service would.
 */
async function useLocalPushService(context: BrowserContext): Promise<ReturnType<LocalPushService["device"]>> {
  const device = pushService.device();
  await context.grantPermissions(["notifications"]);
  await context.addInitScript((subscription) => {
    const fake = {
      endpoint: subscription.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true },
      getKey: () => null,
      toJSON: () => ({ endpoint: subscription.endpoint, expirationTime: null, keys: subscription.keys }),
      unsubscribe: async () => {
        localStorage.removeItem("e2e-push");
        return true;
      },
    };
    PushManager.prototype.subscribe = async () => {
      localStorage.setItem("e2e-push", "on");
      return fake as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async () =>
      (localStorage.getItem("e2e-push") ? fake : null) as unknown as PushSubscription;
  }, device.subscription);
  return device;
}

/**
 * Hands a push's data to the page's service worker, as a push service would (DevTools protocol).
 * A push service only ever reaches a worker that has finished activating (a person subscribes
 * after it is ready, and news comes later still), so the push waits for that state: the DevTools
 * call itself reports nothing back, and a push handed over mid-activation can be lost.
 */
async function deliverPush(page: Page, data: string): Promise<void> {
  const cdp = await page.context().newCDPSession(page);
  const registrations = new Map<string, string>();
  const activated = new Set<string>();
  cdp.on("ServiceWorker.workerRegistrationUpdated", ({ registrations: list }) => {
    for (const registration of list)
      if (!registration.isDeleted) registrations.set(registration.scopeURL, registration.registrationId);
  });
  cdp.on("ServiceWorker.workerVersionUpdated", ({ versions }) => {
    for (const version of versions) if (version.status === "activated") activated.add(version.registrationId);
  });
  await cdp.send("ServiceWorker.enable");
  const origin = new URL(page.url()).origin;
  await expect.poll(() => registrations.get(`${origin}/`)).toBeTruthy();
  await expect.poll(() => activated.has(registrations.get(`${origin}/`) as string)).toBe(true);
  await cdp.send("ServiceWorker.deliverPushMessage", {
    origin,
    registrationId: registrations.get(`${origin}/`) as string,
    data,
  });
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () =>
    (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: string } | null)?.url,
    })),
  );

function pngSize(bytes: Buffer): { width: number; height: number } {
  return { width: bytes.readUInt32BE(16), height: bytes.readUInt32BE(20) };
}

test("the app installs: its manifest and icons load, a service worker controls it after a reload, and it opens offline with Sam's offline message", async ({
  page,
  context,
}, testInfo) => {
  await page.goto("/");
  const href = await page.locator('link[rel="manifest"]').getAttribute("href");
  const manifest = await (await page.request.get(href as string)).json();
  expect(manifest).toMatchObject({ name: "Sam's Web", short_name: "Sam's Web", display: "standalone", start_url: "/" });
  expect(manifest.theme_color).toMatch(/^#/);
  const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
  for (const size of ["192x192", "512x512"]) expect(icons.some((icon) => icon.sizes === size)).toBe(true);
  expect(icons.some((icon) => icon.purpose === "maskable")).toBe(true);
  for (const icon of icons) {
    const response = await page.request.get(icon.src);
    expect(response.headers()["content-type"]).toBe("image/png");
    const { width, height } = pngSize(await response.body());
    expect(`${width}x${height}`).toBe(icon.sizes);
  }

  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole("heading", { level: 1, name: "Meet Sam, your matchmaking spider" })).toBeVisible();
  await expect(page.getByText("Working offline - Some features may be limited")).toBeVisible();
  await expect(page.getByText(/I can't reach my web while you're offline/)).toBeVisible();
  await page.screenshot({ path: testInfo.outputPath(`offline-phone.png`) });
  await context.setOffline(false);

  // What it keeps is the shell: nothing from the API, nor a page address with its query.
  const cached = await page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname);
    }
    return urls;
  });
  expect(cached.length).toBeGreaterThan(0);
  expect(cached.filter((url) => url.startsWith("/api/"))).toEqual([]);
});

for (const viewport of [
  { width: 390, height: 844, name: "phone" },
  { width: 1280, height: 800, name: "laptop" },
]) {
  test(`Settings' Notifications work on a ${viewport.name} (${viewport.width}×${viewport.height})`, async ({
    page,
    context,
    person,
    db,
  }, testInfo) => {
    await page.setViewportSize(viewport);
    await useLocalPushService(context);
    await page.goto("/settings");
    const section = page.getByRole("region", { name: "Notifications" });
    await expect(section).toBeVisible();
    const newPeople = section.getByRole("switch", { name: "New people Sam found" });
    await expect(newPeople).toBeChecked();
    await expect(section.getByRole("switch", { name: "Someone kept you in their web" })).toBeChecked();
    await expect(section.getByRole("switch", { name: 'Connections and "Did you meet?"' })).toBeChecked();

    await newPeople.click();
    await expect(newPeople).not.toBeChecked();
    await expect
      .poll(async () => (await (await page.request.get("/api/notifications/settings")).json()).email.newPeople)
      .toBe(false);

    const device = section.getByRole("switch", { name: "Notifications on this device" });
    await expect(device).toBeEnabled();
    await device.click();
    await expect(device).toBeChecked();
    await expect
      .poll(async () => (await db.query("select 1 from push_subscriptions where user_id = $1", [person.id])).rowCount)
      .toBe(1);

    await page.reload();
    await expect(newPeople).not.toBeChecked();
    await expect(section.getByRole("switch", { name: "Notifications on this device" })).toBeChecked();
    await section.scrollIntoViewIfNeeded();
    await section.screenshot({ path: testInfo.outputPath(`settings-notifications-${viewport.name}.png`) });
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const axe = await new AxeBuilder({ page }).include("#notifications").analyze();
    expect(axe.violations).toEqual([]);

    // Turning it off removes this device's subscription on the server too.
    await section.getByRole("switch", { name: "Notifications on this device" }).click();
    await expect
      .poll(async () => (await db.query("select 1 from push_subscriptions where user_id = $1", [person.id])).rowCount)
      .toBe(0);
  });
}

test("a push handed to the service worker shows Sam's notification, naming nobody", async ({ page, context }) => {
  await context.grantPermissions(["notifications"]);
  await page.goto("/");
  await page.evaluate(() => navigator.serviceWorker.ready);
  const payload = { title: "Sam's Web", body: "Sam found someone who may fit you", url: "/", tag: "newPeople" };
  await deliverPush(page, JSON.stringify(payload));
  await expect.poll(() => shownNotifications(page)).toEqual([payload]);
  // Something that is not ours (another shape, or an address elsewhere) is not shown.
  await deliverPush(page, JSON.stringify({ ...payload, tag: "connected", url: "https://example.com/" }));
  await deliverPush(page, "not json");
  await expect.poll(() => shownNotifications(page)).toEqual([payload]);
});

async function openSettingsSwitchOn(page: Page) {
  await page.goto("/settings");
  const section = page.getByRole("region", { name: "Notifications" });
  const device = section.getByRole("switch", { name: "Notifications on this device" });
  await device.click();
  await expect(device).toBeChecked();
}

async function unsubscribeChoice(db: TestDatabase, userId: string): Promise<boolean | null> {
  const { rows } = await db.query<{ on: boolean }>(
    "select email_new_people as on from notification_settings where user_id = $1",
    [userId],
  );
  return rows[0]?.on ?? null;
}

test("Ana turns Still Looking and leaves; Ben turns Still Looking and never presses Begin Search; Sam finds them, Ana is emailed and pushed, and back in the app Sam leads her to his questions", async ({
  browser,
  signUp,
  db,
}, testInfo) => {
  test.setTimeout(240_000);
  const ana = await setUpPerson(
    browser,
    signUp,
    { name: "Ana", gender: "woman", seeking: "man", zip: "97201", interview: SPARSE, stillLooking: false },
    { width: 390, height: 844 },
  );
  const ben = await setUpPerson(browser, signUp, {
    name: "Ben",
    gender: "man",
    seeking: "woman",
    zip: "97205",
    interview: RICH,
    stillLooking: false,
  });

  // Ana allows notifications on her phone, turns Still Looking on, and closes the app.
  const anasPhone = await useLocalPushService(ana.page.context());
  await ana.page.reload();
  await openSettingsSwitchOn(ana.page);
  await ana.page.getByRole("switch", { name: "Still Looking" }).click();
  await expect(ana.page.getByRole("switch", { name: "Still Looking" })).toBeChecked();
  await ana.page.close();

  // Ben turns Still Looking on and goes on with his day: no Begin Search.
  await ben.page.goto("/settings");
  await ben.page.getByRole("switch", { name: "Still Looking" }).click();
  await expect(ben.page.getByRole("switch", { name: "Still Looking" })).toBeChecked();
  await ben.page.close();

  // Sam searches a few minutes after someone turns Still Looking: those minutes pass at once.
  await expect
    .poll(
      async () =>
        (
          await db.query(
            "update pgboss.job set start_after = now() where name = 'matching-sam-search' and singleton_key = $1 and state = 'created'",
            [ben.userId],
          )
        ).rowCount,
    )
    .toBe(1);

  // Ana's email: Sam found someone and has questions; it names nobody. It comes after two jobs
  // (Ben's search, then Ana's delivery), each picked up when its worker next looks.
  const mail = await mailTo(ana.email, /Subject: Sam found someone who may fit you/, 120_000);
  expect(mail).toMatch(/questions/);
  for (const secret of ["Ben", ben.email, "97205"]) expect(mail).not.toContain(secret);
  expect(mail).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
  const html = mail.match(/<p>[\s\S]*<\/p>/)?.[0] ?? "";
  const mailPage = await browser.newPage({ viewport: { width: 600, height: 700 } });
  await mailPage.setContent(`<body style="font-family:sans-serif;max-width:560px;margin:16px">${html}</body>`);
  await mailPage.screenshot({ path: testInfo.outputPath(`email-new-people.png`), fullPage: true });
  await mailPage.close();

  // And a push to her phone, encrypted for it: decrypted, it is Sam's line and where to go.
  const path = new URL(anasPhone.subscription.endpoint).pathname;
  await expect.poll(() => pushService.received.filter((push) => push.path === path).length).toBe(1);
  const push = pushService.received.find((p) => p.path === path);
  const payload = anasPhone.decrypt(push?.body as Buffer);
  expect(JSON.parse(payload)).toEqual({
    title: "Sam's Web",
    body: "Sam found someone who may fit you",
    url: "/",
    tag: "newPeople",
  });

  // Ben pressed nothing: Sam's search is his, counted as one of his day's searches.
  const { rows } = await db.query<{ n: number }>("select searches_that_day as n from searches where user_id = $1", [
    ben.userId,
  ]);
  expect(rows[0]?.n).toBe(1);

  // Back in the app, her phone shows the push; a tap opens the chat, where Sam greets her with what
  // waits and asks his first question.
  const back = await ana.page.context().newPage();
  await back.goto("/");
  await back.evaluate(() => navigator.serviceWorker.ready);
  await deliverPush(back, payload);
  await expect.poll(() => shownNotifications(back)).toHaveLength(1);
  const link = mail.match(/https?:\/\/[^\s"<>]+\/(?=\s)/)?.[0] ?? "/";
  await back.goto(new URL(link).pathname);
  const greeting = back.getByText(/Welcome back, Ana! While you were away I found someone who may fit you/);
  await expect(greeting).toBeVisible();
  // On her phone, with the cookie banner not yet answered, the greeting is in view: neither the
  // banner nor the message box above it covers it.
  await expect(back.getByRole("dialog", { name: "Cookie Preferences" })).toBeVisible();
  await expect
    .poll(() =>
      greeting.evaluate((element) => {
        const r = element.getBoundingClientRect();
        const inView = r.top >= 0 && r.bottom <= window.innerHeight;
        return inView && element.contains(document.elementFromPoint(r.x + r.width / 2, r.y + r.height - 2));
      }),
    )
    .toBe(true);
  const matches = await (await back.request.get("/api/matches")).json();
  const question = matches.matches.find((m: { id: string }) => m.id === ben.userId)?.followup_questions[0];
  expect(question).toBeTruthy();
  await expect(back.getByRole("log", { name: "Conversation with Sam" })).toContainText(question);
  await back.screenshot({ path: testInfo.outputPath("chat-greeting-phone.png") });

  // The email's unsubscribe link: opening it changes nothing; its button turns the kind off.
  const unsubscribe = mail.match(/List-Unsubscribe:\s*<([^>]+)>/)?.[1] as string;
  await back.goto(new URL(unsubscribe).pathname + new URL(unsubscribe).search);
  await expect(back.getByRole("heading", { level: 1, name: "Stop these emails?" })).toBeVisible();
  await expect(back.getByText("New people Sam found")).toBeVisible();
  await back.screenshot({ path: testInfo.outputPath(`unsubscribe-phone.png`) });
  const phone = back.viewportSize();
  await back.setViewportSize({ width: 1280, height: 800 });
  await expect(back.getByRole("button", { name: "Unsubscribe" })).toBeVisible();
  await back.screenshot({ path: testInfo.outputPath(`unsubscribe-laptop.png`) });
  if (phone) await back.setViewportSize(phone);
  expect(await unsubscribeChoice(db, ana.userId)).not.toBe(false);
  await back.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(back.getByText(/Sam won't send you these emails any more/)).toBeVisible();
  expect(await unsubscribeChoice(db, ana.userId)).toBe(false);
  await back.goto("/settings");
  await expect(
    back.getByRole("region", { name: "Notifications" }).getByRole("switch", { name: "New people Sam found" }),
  ).not.toBeChecked();
});
