// The duplicate-photo check's cost: a photo's hashes (photoFingerprints) against the re-encode
// every upload already pays, and an uploaded photo's lookup (all its probes, one statement) among
// the hashes kept of a million photos (seven rows each). How well it tells copies from different
// pictures is bench/photo-hash/accuracy.ts.
//
//   node --import tsx bench/photo-hash.ts [--photos 100] [--stored 1000000] [--lookups 200]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { DUPLICATE_PHOTO_MAX_DISTANCE, PHOTO_HASH_BAND_RADIUS } from "@sams-web/domain/safety/rules";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { createDatabase, runMigrations } from "../apps/server/src/db/client.ts";
import { users } from "../apps/server/src/db/schema.ts";
import { findNearDuplicates } from "../apps/server/src/features/photos/mutations.ts";
import { sanitizePhoto } from "../apps/server/src/features/photos/photo-files.ts";
import { photoFingerprints } from "../apps/server/src/features/photos/photo-hash.ts";
import { startEmbeddedPostgres } from "../apps/server/src/platform/db/embedded-postgres.ts";
import { freePort, percentile } from "./lib.ts";

const { values } = parseArgs({
  options: {
    photos: { type: "string", default: "100" },
    stored: { type: "string", default: "1000000" },
    lookups: { type: "string", default: "200" },
  },
});
const PHOTOS = Number(values.photos);
const STORED_PHOTOS = Number(values.stored);
const LOOKUPS = Number(values.lookups);
const fmt = (ms: number) => `${ms.toFixed(2)} ms`;

/** A 560×560 photo-like JPEG (noise over a gradient), as the app uploads. */
async function samplePhoto(seed: number): Promise<Buffer> {
  const raw = Buffer.alloc(560 * 560 * 3);
  let state = seed;
  for (let i = 0; i < raw.length; i += 1) {
    state = (state * 1103515245 + 12345) % 2147483648;
    raw[i] = ((i / 3) % 560) / 3 + (state % 64);
  }
  return sharp(raw, { raw: { width: 560, height: 560, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
}

async function timeEach(runs: number, task: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 5; i += 1) await task(i);
  const times: number[] = [];
  for (let i = 0; i < runs; i += 1) {
    const start = performance.now();
    await task(i);
    times.push(performance.now() - start);
  }
  return times;
}

async function hashingCost() {
  const photos = await Promise.all(Array.from({ length: 10 }, (_, i) => samplePhoto(i + 1)));
  const clean = await Promise.all(photos.map(sanitizePhoto));
  const reencode = await timeEach(PHOTOS, (i) => sanitizePhoto(photos[i % photos.length] as Buffer));
  const hashing = await timeEach(PHOTOS, (i) => photoFingerprints(clean[i % clean.length] as Buffer));
  const { stored, probes } = await photoFingerprints(clean[0] as Buffer);
  const ratio = percentile(hashing, 50) / percentile(reencode, 50);
  console.log(
    `per photo, ${PHOTOS} runs: re-encode (baseline) p50 ${fmt(percentile(reencode, 50))} p95 ${fmt(percentile(reencode, 95))}; ` +
      `its ${stored.length} kept hashes and ${probes.length} probes p50 ${fmt(percentile(hashing, 50))} p95 ${fmt(percentile(hashing, 95))} (${ratio.toFixed(2)}× the re-encode)`,
  );
}

async function lookupCost() {
  const dir = await mkdtemp(path.join(os.tmpdir(), "sams-web-bench-hash-"));
  const pg = await startEmbeddedPostgres({
    dataDir: dir,
    port: await freePort(),
    database: "bench",
    persistent: false,
  });
  const { db, pool } = createDatabase(pg.url, 2, { connectMs: 30_000, statementMs: 60 * 60_000 });
  try {
    await runMigrations(db);
    await db.insert(users).values({ id: "owner", name: "Owner", email: "owner@example.com" });
    const started = performance.now();
    // Random 64-bit hashes, seven per photo as the app keeps them; bands as the app computes them.
    // Inserted in slices, so a busy machine's statement timeout is never near.
    const VARIANTS = 7;
    for (let from = 1; from <= STORED_PHOTOS; from += 100_000) {
      const to = Math.min(STORED_PHOTOS, from + 99_999);
      await db.execute(sql`
        insert into photo_hashes (user_id, photo_url, variant, hash, band0, band1, band2, band3)
        select 'owner', 'photo' || g, v, h, ((h >> 48) & 65535)::int, ((h >> 32) & 65535)::int,
               ((h >> 16) & 65535)::int, (h & 65535)::int
        from (select g, v, ((random() * 4294967295)::bigint << 32) # (random() * 4294967295)::bigint as h
              from generate_series(${from}::int, ${to}::int) g, generate_series(0, ${VARIANTS - 1}) v) s`);
    }
    // As autovacuum leaves the table between bursts of uploads: the visibility map lets the
    // lookup answer from the indexes alone.
    await db.execute(sql`vacuum analyze photo_hashes`);
    console.log(
      `${STORED_PHOTOS} photos (${STORED_PHOTOS * VARIANTS} hashes) stored in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const kept = await db.execute<{ hash: string }>(sql`select hash::text as hash from photo_hashes limit ${LOOKUPS}`);
    const randomHash = (i: number) => BigInt.asIntN(64, (BigInt(i + 1) * 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn);
    // An upload's four probes: one of them a kept hash with DUPLICATE_PHOTO_MAX_DISTANCE bits
    // flipped, one band left within PHOTO_HASH_BAND_RADIUS (as far as a found copy may be), the
    // others unrelated; and an unseen photo's four unrelated probes.
    const near = kept.rows.map((row, i) => {
      let flipped = BigInt(row.hash);
      const closeBand = i % 4;
      const bits = new Set<number>();
      while (bits.size < DUPLICATE_PHOTO_MAX_DISTANCE) {
        const bit = Math.floor(Math.random() * 64);
        const band = 3 - Math.floor(bit / 16);
        if (
          band !== closeBand ||
          [...bits].filter((b) => 3 - Math.floor(b / 16) === band).length < PHOTO_HASH_BAND_RADIUS
        )
          bits.add(bit);
      }
      for (const bit of bits) flipped ^= 1n << BigInt(bit);
      return [BigInt.asIntN(64, flipped), randomHash(4 * i + 1), randomHash(4 * i + 2), randomHash(4 * i + 3)];
    });
    const unseen = near.map((_, i) => [0, 1, 2, 3].map((k) => randomHash(1_000_000 + 4 * i + k)));
    const nearTimes = await timeEach(near.length, (i) => findNearDuplicates(db, "someone-else", near[i] as bigint[]));
    let found = 0;
    for (const probes of near) found += (await findNearDuplicates(db, "someone-else", probes)).length > 0 ? 1 : 0;
    const unseenTimes = await timeEach(unseen.length, (i) =>
      findNearDuplicates(db, "someone-else", unseen[i] as bigint[]),
    );
    // Baseline: one row read by its primary key, the cheapest statement there is on this table.
    const pointTimes = await timeEach(LOOKUPS, (i) =>
      db.execute(
        sql`select hash from photo_hashes where user_id = 'owner' and photo_url = ${`photo${i + 1}`} and variant = 0`,
      ),
    );
    const p95 = (times: number[]) => percentile(times, 95);
    console.log(
      `baseline, a row by its primary key: p50 ${fmt(percentile(pointTimes, 50))} p95 ${fmt(p95(pointTimes))}; ` +
        `copy p95 ${(p95(nearTimes) / p95(pointTimes)).toFixed(1)}× it, unseen p95 ${(p95(unseenTimes) / p95(pointTimes)).toFixed(1)}× it`,
    );
    console.log(
      `an upload's lookup (4 probes) among ${STORED_PHOTOS} photos: a copy (${DUPLICATE_PHOTO_MAX_DISTANCE} bits off) p50 ${fmt(percentile(nearTimes, 50))} p95 ${fmt(percentile(nearTimes, 95))}, found ${found}/${near.length}; ` +
        `an unseen photo p50 ${fmt(percentile(unseenTimes, 50))} p95 ${fmt(percentile(unseenTimes, 95))}`,
    );
  } finally {
    await pool.end();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await hashingCost();
await lookupCost();
