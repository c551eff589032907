import { mkdir, mkdtemp, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { brotliCompressSync, brotliDecompressSync, gzipSync } from "node:zlib";
import { APP_PATHS } from "@sams-web/domain/shell/routes";
import type { FastifyInstance } from "fastify";
import { describe, expect, it } from "vitest";
import { createTestApp } from "../../support/helpers.ts";

// The built web app as the server sends it: a small build of our own, with the brotli and gzip
// copies the real build writes next to each file.

const dist = await mkdtemp(path.join(os.tmpdir(), "sams-web-test-dist-"));
const script = `console.log(${JSON.stringify("a chunk of the app ".repeat(200))});`;
const html = `<!doctype html><html><head><title>Sam's Web</title></head><body><div id="root"></div><script type="module" src="/assets/index-abc123.js"></script>${"<!-- padding -->".repeat(100)}</body></html>`;
await mkdir(path.join(dist, "assets"));
for (const [file, text] of [
  ["index.html", html],
  ["assets/index-abc123.js", script],
] as const) {
  await writeFile(path.join(dist, file), text);
  await writeFile(path.join(dist, `${file}.br`), brotliCompressSync(text));
  await writeFile(path.join(dist, `${file}.gz`), gzipSync(text));
}

/** A route answering a large JSON document, as an API response made per request would be. */
async function largeJson(app: FastifyInstance) {
  app.get("/api/test/large", async () => ({ items: Array.from({ length: 200 }, (_, i) => ({ i, text: "words" })) }));
}

const { app } = await createTestApp({ WEB_DIST_DIR: dist }, [largeJson]);

describe("the web app over the wire", () => {
  it("a hashed asset goes as its brotli copy to a browser that accepts it, cached for a year", async () => {
    const response = await app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "br, gzip" },
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("br");
    expect(response.headers.vary).toContain("accept-encoding");
    expect(response.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    expect(response.rawPayload.length).toBeLessThan(script.length / 5);
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(script);
  });

  it("gzip to a browser without brotli, plain bytes to one that accepts neither", async () => {
    const gzip = await app.inject({
      method: "GET",
      url: "/assets/index-abc123.js",
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    const plain = await app.inject({ method: "GET", url: "/assets/index-abc123.js" });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.body).toBe(script);
  });

  it("every page answers the app with 200, revalidated on each visit; any other path answers it with 404", async () => {
    for (const page of Object.values(APP_PATHS)) {
      const response = await app.inject({ method: "GET", url: page, headers: { "accept-encoding": "br" } });
      expect(response.statusCode).toBe(200);
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
    const missing = await app.inject({ method: "GET", url: "/no/such/page" });
    expect(missing.statusCode).toBe(404);
    expect(missing.body).toContain('<div id="root">');
    expect((await app.inject({ method: "GET", url: "/settings?tab=1" })).statusCode).toBe(200);
  });

  it("robots.txt is text, not the app", async () => {
    const response = await app.inject({ method: "GET", url: "/robots.txt" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/plain; charset=utf-8");
    expect(response.body).toContain("User-agent: *");
    expect(response.body).toContain("Disallow: /api/");
  });

  it("a large API answer is compressed on the fly; a small one is not", async () => {
    const large = await app.inject({ method: "GET", url: "/api/test/large", headers: { "accept-encoding": "br" } });
    expect(large.headers["content-encoding"]).toBe("br");
    expect(JSON.parse(brotliDecompressSync(large.rawPayload).toString()).items).toHaveLength(200);
    const small = await app.inject({ method: "GET", url: "/api/health", headers: { "accept-encoding": "br" } });
    expect(small.headers["content-encoding"]).toBeUndefined();
  });
});
