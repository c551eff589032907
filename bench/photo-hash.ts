// The duplicate-photo check's cost: the difference hash of a photo against the re-encode every
// upload already pays, and a near-duplicate lookup among a million stored hashes.
//
//   node --import tsx bench/photo-hash.ts [--photos 100] [--hashes 1000000] [--lookups 200]
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { parseArgs } from "node:util";
import { DUPLICATE_PHOTO_MAX_DISTANCE } from "@sams-web/domain/safety/rules";
import { sql } from "drizzle-orm";
import sharp from "sharp";
import { createDatabase, runMigrations } from "../apps/server/src/db/client.ts";
import { users } from "../apps/server/src/db/schema.ts";
import { findNearDuplicates } from "../apps/server/src/features/photos/mutations.ts";
import { sanitizePhoto } from "../apps/server/src/features/photos/photo-files.ts";
import { differenceHash } from "../apps/server/src/features/photos/photo-hash.ts";
import { startEmbeddedPostgres } from "../apps/server/src/platform/db/embedded-postgres.ts";
import { freePort, percentile } from "./lib.ts";

const { values } = parseArgs({
  options: {
    photos: { type: "string", default: "100" },
    hashes: { type: "string", default: "1000000" },
    lookups: { type: "string", default: "200" },
  },
});
const PHOTOS = Number(values.photos);
const HASHES = Number(values.hashes);
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
  const hashing = await timeEach(PHOTOS, (i) => differenceHash(clean[i % clean.length] as Buffer));
  const ratio = percentile(hashing, 50) / percentile(reencode, 50);
  console.log(
    `per photo, ${PHOTOS} runs: re-encode (baseline) p50 ${fmt(percentile(reencode, 50))} p95 ${fmt(percentile(reencode, 95))}; ` +
      `difference hash p50 ${fmt(percentile(hashing, 50))} p95 ${fmt(percentile(hashing, 95))} (${ratio.toFixed(2)}× the re-encode)`,
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
    // Random 64-bit hashes, as distinct pictures give; bands as the app computes them.
    await db.execute(sql`
      insert into photo_hashes (user_id, photo_url, hash, band0, band1, band2, band3)
      select 'owner', 'photo' || g, h, ((h >> 48) & 65535)::int, ((h >> 32) & 65535)::int,
             ((h >> 16) & 65535)::int, (h & 65535)::int
      from (select g, ((random() * 4294967295)::bigint << 32) # (random() * 4294967295)::bigint as h
            from generate_series(1, ${HASHES}) g) s`);
    // As autovacuum leaves the table between bursts of uploads: the visibility map lets the
    // lookup answer from the indexes alone.
    await db.execute(sql`vacuum analyze photo_hashes`);
    console.log(`${HASHES} hashes stored in ${((performance.now() - started) / 1000).toFixed(1)} s`);
    const stored = await db.execute<{ hash: string }>(
      sql`select hash::text as hash from photo_hashes limit ${LOOKUPS}`,
    );
    // Each stored hash with DUPLICATE_PHOTO_MAX_DISTANCE of its bits flipped, chosen at random:
    // as far as a near duplicate may be, and spread over the bands in every way.
    const near = stored.rows.map((row) => {
      let flipped = BigInt(row.hash);
      const bits = new Set<number>();
      while (bits.size < DUPLICATE_PHOTO_MAX_DISTANCE) bits.add(Math.floor(Math.random() * 64));
      for (const bit of bits) flipped ^= 1n << BigInt(bit);
      return BigInt.asIntN(64, flipped);
    });
    const random = near.map((_, i) => BigInt.asIntN(64, (BigInt(i + 1) * 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn));
    const nearTimes = await timeEach(near.length, (i) => findNearDuplicates(db, "someone-else", near[i] as bigint));
    let found = 0;
    for (const hash of near) found += (await findNearDuplicates(db, "someone-else", hash)).length > 0 ? 1 : 0;
    const randomTimes = await timeEach(random.length, (i) =>
      findNearDuplicates(db, "someone-else", random[i] as bigint),
    );
    console.log(
      `lookup among ${HASHES}: a near duplicate (${DUPLICATE_PHOTO_MAX_DISTANCE} bits off) p50 ${fmt(percentile(nearTimes, 50))} p95 ${fmt(percentile(nearTimes, 95))}, found ${found}/${near.length}; ` +
        `an unseen photo p50 ${fmt(percentile(randomTimes, 50))} p95 ${fmt(percentile(randomTimes, 95))}`,
    );
  } finally {
    await pool.end();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await hashingCost();
await lookupCost();
