// The duplicate-photo check's cost: a photo's hashes (photoFingerprints) against the re-encode
// every upload already pays, and an uploaded photo's lookup (all its probes, one statement) among
// the hashes kept of a million photos (KEPT_HASHES_PER_PHOTO rows each), against the same lookup
// among the seven rows a photo had before the 95 % corner crops were kept (the same hashes, in a
// second schema of the same database), against the same lookup with eight probes instead of six (the
// two turned probes added to the six an upload had before rather than taking two of their places,
// ADR 0025) and against ADR 0021's statement. The tables are filled with
// their indexes set aside and then rebuilt (as a bulk load is done; seven million inserts into five
// indexes take most of an hour here), vacuumed and analysed. How well it tells copies from
// different pictures is bench/photo-hash/accuracy.ts.
//
//   node --import tsx bench/photo-hash.ts [--photos 100] [--stored 1000000] [--lookups 200]
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
import { hashBands, KEPT_HASHES_PER_PHOTO, photoFingerprints } from "../apps/server/src/features/photos/photo-hash.ts";
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

/**
 * The lookup before multi-index hashing (ADR 0021 as first written), kept as this bench's
 * baseline: four probes, each band read at its value and the 16 values a bit away, in sixteen
 * index scans, the close one a kept hash 10 bits off with a band within a bit.
 */
async function previousLookup(db: ReturnType<typeof createDatabase>["db"], probes: bigint[]) {
  const withinABit = (band: number) => [band, ...Array.from({ length: 16 }, (_, bit) => band ^ (1 << bit))];
  const scans = probes.flatMap((probe) =>
    hashBands(probe).map(
      (band, index) =>
        sql`select hash from photo_hashes where ${sql.raw(`band${index}`)} = any(${`{${withinABit(band).join(",")}}`}::int[])
          and bit_count((hash # ${probe})::bit(64)) <= ${DUPLICATE_PHOTO_MAX_DISTANCE}`,
    ),
  );
  return db.execute(sql`with near as (${sql.join(scans, sql` union `)})
    select photo.user_id, photo.photo_url, near.hash from near cross join lateral (
      select user_id, photo_url from photo_hashes
      where band0 = ((near.hash >> 48) & 65535)::int and hash = near.hash and user_id <> 'someone-else' offset 0) photo`);
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
  const timeouts = { connectMs: 30_000, statementMs: 60 * 60_000 };
  const { db, pool } = createDatabase(pg.url, 2, timeouts);
  // The same statements, where photo_hashes is the `before` schema's: seven rows a photo.
  const sevenRowsDatabase = createDatabase(
    `${pg.url}${pg.url.includes("?") ? "&" : "?"}options=${encodeURIComponent("-c search_path=before")}`,
    2,
    timeouts,
  );
  try {
    await runMigrations(db);
    await db.insert(users).values({ id: "owner", name: "Owner", email: "owner@example.com" });
    const started = performance.now();
    // Random 64-bit hashes, as many per photo as the app keeps; bands as the app computes them.
    // Inserted in slices, so a busy machine's statement timeout is never near; the indexes the
    // migrations made are dropped first and made again, as they were, afterwards.
    const VARIANTS = KEPT_HASHES_PER_PHOTO;
    const VARIANTS_BEFORE = 7;
    const indexes = await db.execute<{ definition: string; name: string }>(
      sql`select indexdef as definition, indexname as name from pg_indexes
          where tablename = 'photo_hashes' and indexname <> 'photo_hashes_user_id_photo_url_variant_pk'`,
    );
    for (const { name } of indexes.rows) await db.execute(sql.raw(`drop index ${name}`));
    for (let from = 1; from <= STORED_PHOTOS; from += 100_000) {
      const to = Math.min(STORED_PHOTOS, from + 99_999);
      await db.execute(sql`
        insert into photo_hashes (user_id, photo_url, variant, hash, band0, band1, band2, band3)
        select 'owner', 'photo' || g, v, h, ((h >> 48) & 65535)::int, ((h >> 32) & 65535)::int,
               ((h >> 16) & 65535)::int, (h & 65535)::int
        from (select g, v, ((random() * 4294967295)::bigint << 32) # (random() * 4294967295)::bigint as h
              from generate_series(${from}::int, ${to}::int) g, generate_series(0, ${VARIANTS - 1}) v) s`);
    }
    // The photos as they were kept before: their first seven hashes, the same values.
    await db.execute(sql`create schema before`);
    await db.execute(sql`create table before.photo_hashes (like public.photo_hashes including defaults)`);
    await db.execute(
      sql`insert into before.photo_hashes select * from public.photo_hashes where variant < ${VARIANTS_BEFORE}`,
    );
    const primaryKey = await db.execute<{ definition: string }>(
      sql`select indexdef as definition from pg_indexes
          where tablename = 'photo_hashes' and indexname = 'photo_hashes_user_id_photo_url_variant_pk'`,
    );
    for (const { definition } of [...indexes.rows, ...primaryKey.rows]) {
      if (!definition.includes(" ON public.photo_hashes ")) throw new Error(`unexpected index: ${definition}`);
      if (!primaryKey.rows.some((row) => row.definition === definition)) await db.execute(sql.raw(definition));
      await db.execute(sql.raw(definition.replace(" ON public.photo_hashes ", " ON before.photo_hashes ")));
    }
    const schema = await sevenRowsDatabase.db.execute<{ name: string }>(sql`select current_schema() as name`);
    if (schema.rows[0]?.name !== "before") throw new Error("the seven-row lookup would not read the before schema");
    // As autovacuum leaves the table between bursts of uploads: the visibility map lets the
    // lookup answer from the indexes alone.
    await db.execute(sql`vacuum analyze public.photo_hashes`);
    await db.execute(sql`vacuum analyze before.photo_hashes`);
    console.log(
      `${STORED_PHOTOS} photos (${STORED_PHOTOS * VARIANTS} hashes, and ${STORED_PHOTOS * VARIANTS_BEFORE} as before) stored in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // Of the hashes both tables keep, so each lookup has its copy to find.
    const kept = await db.execute<{ hash: string }>(
      sql`select hash::text as hash from photo_hashes where variant < ${VARIANTS_BEFORE} limit ${LOOKUPS}`,
    );
    const randomHash = (i: number) => BigInt.asIntN(64, (BigInt(i + 1) * 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn);
    // An upload's six probes: one of them a kept hash with DUPLICATE_PHOTO_MAX_DISTANCE bits
    // flipped outside one band it keeps (as far as a found copy may be), the others unrelated;
    // and an unseen photo's six unrelated probes.
    const PROBES = 6;
    const near = kept.rows.map((row, i) => {
      let flipped = BigInt(row.hash);
      const keptBand = i % 4;
      const bits = new Set<number>();
      while (bits.size < DUPLICATE_PHOTO_MAX_DISTANCE) {
        const bit = Math.floor(Math.random() * 64);
        if (3 - Math.floor(bit / 16) !== keptBand) bits.add(bit);
      }
      for (const bit of bits) flipped ^= 1n << BigInt(bit);
      return [
        BigInt.asIntN(64, flipped),
        ...Array.from({ length: PROBES - 1 }, (_, k) => randomHash(PROBES * i + k + 1)),
      ];
    });
    const unseen = near.map((_, i) => Array.from({ length: PROBES }, (_, k) => randomHash(1_000_000 + PROBES * i + k)));
    // Interleaved, lookup by lookup, so a machine busy with other work weighs on each alike.
    const times = {
      copy: [] as number[],
      unseen: [] as number[],
      sevenRows: [] as number[],
      eightProbes: [] as number[],
      previous: [] as number[],
      row: [] as number[],
    };
    const timed = async <T>(into: number[], task: () => Promise<T>): Promise<T> => {
      const start = performance.now();
      const result = await task();
      into.push(performance.now() - start);
      return result;
    };
    let found = 0;
    let foundSevenRows = 0;
    let foundBefore = 0;
    let foundEightProbes = 0;
    for (let round = -5; round < near.length; round += 1) {
      const i = Math.max(round, 0);
      const probes = near[i] as bigint[];
      const hits = await timed(times.copy, () => findNearDuplicates(db, "someone-else", probes));
      await timed(times.unseen, () => findNearDuplicates(db, "someone-else", unseen[i] as bigint[]));
      // The same lookup among seven rows a photo.
      const hitsSevenRows = await timed(times.sevenRows, () =>
        findNearDuplicates(sevenRowsDatabase.db, "someone-else", probes),
      );
      // Two more probes, unrelated to anything kept (as two turned probes of a copy that is not turned).
      const hitsEightProbes = await timed(times.eightProbes, () =>
        findNearDuplicates(db, "someone-else", [
          ...probes,
          randomHash(2_000_000 + 2 * i),
          randomHash(2_000_001 + 2 * i),
        ]),
      );
      // The previous lookup had four probes; the copy's is among them.
      const before = await timed(times.previous, () => previousLookup(db, probes.slice(0, 4)));
      // Baseline: one row read by its primary key, the cheapest statement there is on this table.
      await timed(times.row, () =>
        db.execute(
          sql`select hash from photo_hashes where user_id = 'owner' and photo_url = ${`photo${i + 1}`} and variant = 0`,
        ),
      );
      if (round < 0)
        for (const list of Object.values(times)) list.length = 0; // warm-up
      else {
        found += hits.length > 0 ? 1 : 0;
        foundSevenRows += hitsSevenRows.length > 0 ? 1 : 0;
        foundBefore += before.rows.length > 0 ? 1 : 0;
        foundEightProbes += hitsEightProbes.length > 0 ? 1 : 0;
      }
    }
    const p50 = (list: number[]) => percentile(list, 50);
    const p95 = (list: number[]) => percentile(list, 95);
    const line = (list: number[]) =>
      `p50 ${fmt(p50(list))} p95 ${fmt(p95(list))} (p95 ${(p95(list) / p95(times.row)).toFixed(1)}× a row's)`;
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    console.log(`baseline, a row by its primary key: p50 ${fmt(p50(times.row))} p95 ${fmt(p95(times.row))}`);
    console.log(
      `an upload's lookup (${PROBES} probes) among ${STORED_PHOTOS} photos: a copy (${DUPLICATE_PHOTO_MAX_DISTANCE} bits off) ${line(times.copy)}, found ${found}/${near.length}; an unseen photo ${line(times.unseen)}`,
    );
    console.log(
      `the same lookup among seven hashes a photo (${STORED_PHOTOS * VARIANTS_BEFORE}), same copies: ${line(times.sevenRows)}, found ${foundSevenRows}/${near.length}; ` +
        `copy p95 now ${(p95(times.copy) / p95(times.sevenRows)).toFixed(2)}× it, p50 ${(p50(times.copy) / p50(times.sevenRows)).toFixed(2)}×`,
    );
    console.log(
      `the same lookup with eight probes, same copies: ${line(times.eightProbes)}, found ${foundEightProbes}/${near.length}; ` +
        `copy p95 now ${(p95(times.copy) / p95(times.eightProbes)).toFixed(2)}× it, p50 ${(p50(times.copy) / p50(times.eightProbes)).toFixed(2)}×`,
    );
    console.log(
      `the previous lookup (4 probes, bands within a bit), same copies: ${line(times.previous)}, found ${foundBefore}/${near.length}; ` +
        `copy p95 now ${(p95(times.copy) / p95(times.previous)).toFixed(2)}× it, p50 ${(p50(times.copy) / p50(times.previous)).toFixed(2)}×`,
    );
  } finally {
    await pool.end();
    await sevenRowsDatabase.pool.end();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await hashingCost();
await lookupCost();
