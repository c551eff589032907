// Photo saving. (1) Per photo, in process: the server's validate + re-encode + store of one
// 560×560 JPEG (features/photos/photo-files.ts and the local storage driver), next to a
// baseline measured in the same run: sharp decoding the same image alone. (2) The real server
// (embedded Postgres, HTTP, multipart) saving 5 photos for each of 20 users at once: wall time
// and peak RSS of the server process, against its RSS just before.
import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { loadConfig } from "../apps/server/src/config.ts";
import { sanitizePhoto } from "../apps/server/src/features/photos/photo-files.ts";
import { createLocalStorage } from "../apps/server/src/platform/storage/local-driver.ts";
import { startServer } from "../apps/server/src/server.ts";
import { freePort, percentile } from "./lib.ts";

const RUNS = 200;
const USERS = 20;
const PHOTOS = 5;

/** A 560×560 JPEG at quality 0.95 with detail in it, like a cropped photograph. */
async function samplePhoto(seed: number): Promise<Buffer> {
  return sharp(randomBytes(140 * 140 * 3), { raw: { width: 140, height: 140, channels: 3 } })
    .resize(560, 560, { kernel: "cubic" })
    .modulate({ hue: seed * 37 })
    .jpeg({ quality: 95 })
    .toBuffer();
}

async function timeEach(runs: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const started = performance.now();
    await fn(i);
    times.push(performance.now() - started);
  }
  return times;
}

export async function measurePhotoSave() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-photos-"));
  try {
    const photo = await samplePhoto(1);
    const storage = createLocalStorage(path.join(dir, "store"));
    // Warm both paths so neither pays libvips' first-call setup.
    for (let i = 0; i < 10; i += 1) {
      await sharp(photo).raw().toBuffer();
      await sanitizePhoto(photo);
    }
    const baseline = await timeEach(RUNS, () => sharp(photo).raw().toBuffer());
    const save = await timeEach(RUNS, async (i) => {
      const clean = await sanitizePhoto(photo);
      await storage.put(`users/bench/photos/v${i}/photo0.jpg`, clean, "image/jpeg");
    });

    // The real server, in this process, so its RSS is ours to sample.
    const port = await freePort();
    const config = loadConfig({
      DATA_DIR: dir,
      PORT: String(port),
      EMBEDDED_PG_PORT: String(await freePort()),
      LOG_LEVEL: "warn",
    });
    const server = await startServer(config, () => {});
    try {
      const base = `http://127.0.0.1:${port}`;
      const cookies: string[] = [];
      for (let u = 0; u < USERS; u += 1) {
        const response = await fetch(`${base}/api/auth/sign-up/email`, {
          method: "POST",
          headers: { "content-type": "application/json", origin: config.publicUrl },
          body: JSON.stringify({ email: `bench${u}-${Date.now()}@example.com`, password: "bench-password", name: "B" }),
        });
        if (!response.ok) throw new Error(`sign-up ${response.status}`);
        cookies.push(
          response.headers
            .getSetCookie()
            .map((c) => c.split(";")[0])
            .join("; "),
        );
      }
      const photos = await Promise.all(Array.from({ length: PHOTOS }, (_, i) => samplePhoto(i + 2)));
      const upload = (cookie: string) => {
        const form = new FormData();
        photos.forEach((p, i) => {
          form.append(`photo${i}`, new Blob([new Uint8Array(p)], { type: "image/jpeg" }), `photo${i}.jpg`);
        });
        return fetch(`${base}/api/photos`, { method: "PUT", headers: { cookie }, body: form });
      };
      // One warm-up save, then the idle RSS baseline.
      await upload(cookies[0] as string);
      global.gc?.();
      await new Promise((r) => setTimeout(r, 200));
      const idleRss = process.memoryUsage().rss;
      let peakRss = idleRss;
      const sampler = setInterval(() => {
        peakRss = Math.max(peakRss, process.memoryUsage().rss);
      }, 5);
      const started = performance.now();
      const results = await Promise.all(cookies.map((cookie) => upload(cookie)));
      const wall = performance.now() - started;
      clearInterval(sampler);
      peakRss = Math.max(peakRss, process.memoryUsage().rss);
      const failed = results.filter((r) => r.status !== 200).length;
      if (failed > 0) throw new Error(`${failed} uploads failed`);
      return { baseline, save, idleRss, peakRss, wall };
    } finally {
      await server.stop();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

if (process.argv[1]?.endsWith("photos.ts")) {
  const { baseline, save, idleRss, peakRss, wall } = await measurePhotoSave();
  const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
  const b50 = percentile(baseline, 50);
  const b95 = percentile(baseline, 95);
  const s50 = percentile(save, 50);
  const s95 = percentile(save, 95);
  console.log(`baseline (sharp decodes the same 560×560 JPEG): p50 ${b50.toFixed(2)} ms, p95 ${b95.toFixed(2)} ms`);
  console.log(
    `validate + re-encode + store one photo: p50 ${s50.toFixed(2)} ms (${(s50 / b50).toFixed(1)}× baseline), p95 ${s95.toFixed(2)} ms (${(s95 / b95).toFixed(1)}× baseline)`,
  );
  console.log(
    `${USERS} users × ${PHOTOS} photos at once through the server: ${(wall / 1000).toFixed(2)} s; RSS ${mb(idleRss)} idle → peak ${mb(peakRss)} (+${mb(peakRss - idleRss)}, ${(peakRss / idleRss).toFixed(2)}× idle)`,
  );
}
