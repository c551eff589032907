import { expect, test } from "@playwright/test";

/**
 * The first page's JavaScript budget, as it travels: the bytes of every script the page loads
 * before it is idle, as sent (brotli from the server's precompressed copies). The budget is 90 KB;
 * the test fails at 85 KB, so a build near the edge is caught before it crosses it.
 */
const INITIAL_JS_LIMIT_BYTES = 85 * 1024;

test("the first page's JavaScript is sent compressed and stays within its budget", async ({ page }) => {
  const scripts: { url: string; bytes: Promise<number> }[] = [];
  page.on("requestfinished", (request) => {
    if (request.resourceType() !== "script") return;
    scripts.push({ url: new URL(request.url()).pathname, bytes: request.sizes().then((s) => s.responseBodySize) });
  });
  const encodings = new Map<string, string | undefined>();
  page.on("response", (response) => {
    if (response.request().resourceType() === "script") {
      encodings.set(new URL(response.url()).pathname, response.headers()["content-encoding"]);
    }
  });
  await page.goto("/", { waitUntil: "networkidle" });
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect(scripts.length).toBeGreaterThan(0);
  let total = 0;
  for (const script of scripts) {
    expect(encodings.get(script.url), script.url).toBe("br");
    total += await script.bytes;
  }
  console.log(`initial JavaScript for /: ${(total / 1024).toFixed(1)} KB as sent (brotli), ${scripts.length} files`);
  expect(total).toBeLessThanOrEqual(INITIAL_JS_LIMIT_BYTES);
});
