// The duplicate-photo check's cost: a photo's hashes (photoFingerprints) against the re-encode
// every upload already pays, and an uploaded photo's lookup (all its probes, one statement) among
// the hashes kept of a million photos (KEPT_HASHES_PER_PHOTO rows each), against the same six
// probes looked up with exact bands only (the lookup before ADR 0026: no uncertain bits) and with
// uncertain bits on the turned probes alone (the lookup before ADR 0031), each timed interleaved with the
// others on the same data. The table is filled with its indexes set aside and then rebuilt (as a
// bulk load is done; eleven million inserts into five indexes take most of an hour here),
// vacuumed and analysed. How well it tells copies from different pictures is
// bench/photo-hash/accuracy.ts.
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
import {
  KEPT_HASHES_PER_PHOTO,
  lookupKeys,
  type Probe,
  photoFingerprints,
  TURNED_UNCERTAIN_BITS_PER_BAND,
  WHOLE_UNCERTAIN_BITS_PER_BAND,
} from "../apps/server/src/features/photos/photo-hash.ts";
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
    // Random 64-bit hashes, as many per photo as the app keeps; bands as the app computes them.
    // Inserted in slices, so a busy machine's statement timeout is never near; the indexes the
    // migrations made are dropped first and made again, as they were, afterwards.
    const VARIANTS = KEPT_HASHES_PER_PHOTO;
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
    for (const { definition } of indexes.rows) await db.execute(sql.raw(definition));
    // As autovacuum leaves the table between bursts of uploads: the visibility map lets the
    // lookup answer from the indexes alone.
    await db.execute(sql`vacuum analyze photo_hashes`);
    console.log(
      `${STORED_PHOTOS} photos (${STORED_PHOTOS * VARIANTS} hashes) stored in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    const kept = await db.execute<{ hash: string }>(sql`select hash::text as hash from photo_hashes limit ${LOOKUPS}`);
    const randomHash = (i: number) => BigInt.asIntN(64, (BigInt(i + 1) * 0x9e3779b97f4a7c15n) & 0xffffffffffffffffn);
    /** `perBand` distinct bits of each band, picked by `seed`, as a probe's uncertain bits. */
    const someBits = (seed: number, perBand: number) =>
      [0, 1, 2, 3].flatMap((band) =>
        Array.from({ length: perBand }, (_, k) => 16 * band + ((seed * 7 + band * 5 + k * 3) % 16)),
      );
    // An upload's six probes, as photoFingerprints makes them: the whole and its centre, each with
    // `wholePerBand` uncertain bits a band, the first a kept hash with DUPLICATE_PHOTO_MAX_DISTANCE
    // bits flipped outside one band it keeps (as far as a found copy may be); two exact ones; and
    // two turned ones, each with `turnedPerBand` uncertain bits a band; the others unrelated to
    // anything kept.
    const upload = (seed: number, first: bigint, turnedPerBand: number, wholePerBand: number): Probe[] => [
      { hash: first, uncertainBits: someBits(seed, wholePerBand) },
      { hash: randomHash(seed + 1), uncertainBits: someBits(seed + 1, wholePerBand) },
      ...[2, 3].map((k) => ({ hash: randomHash(seed + k), uncertainBits: [] })),
      ...[4, 5].map((k) => ({ hash: randomHash(seed + k), uncertainBits: someBits(seed + k, turnedPerBand) })),
    ];
    const near = kept.rows.map((row, i) => {
      let flipped = BigInt(row.hash);
      const keptBand = i % 4;
      const bits = new Set<number>();
      while (bits.size < DUPLICATE_PHOTO_MAX_DISTANCE) {
        const bit = Math.floor(Math.random() * 64);
        if (3 - Math.floor(bit / 16) !== keptBand) bits.add(bit);
      }
      for (const bit of bits) flipped ^= 1n << BigInt(bit);
      return BigInt.asIntN(64, flipped);
    });
    const app = near.map((hash, i) =>
      upload(6 * i, hash, TURNED_UNCERTAIN_BITS_PER_BAND, WHOLE_UNCERTAIN_BITS_PER_BAND),
    );
    const exact = near.map((hash, i) => upload(6 * i, hash, 0, 0));
    const turnedOnly = near.map((hash, i) => upload(6 * i, hash, TURNED_UNCERTAIN_BITS_PER_BAND, 0));
    const unseen = near.map((_, i) =>
      upload(
        1_000_000 + 6 * i,
        randomHash(2_000_000 + i),
        TURNED_UNCERTAIN_BITS_PER_BAND,
        WHOLE_UNCERTAIN_BITS_PER_BAND,
      ),
    );
    const keysOf = (probes: Probe[]) => probes.flatMap(lookupKeys).length;
    // Interleaved, lookup by lookup, so a machine busy with other work weighs on each alike.
    const times = {
      copy: [] as number[],
      unseen: [] as number[],
      exact: [] as number[],
      turnedOnly: [] as number[],
      row: [] as number[],
    };
    const found = { copy: 0, exact: 0, turnedOnly: 0 };
    const timed = async <T>(into: number[], task: () => Promise<T>): Promise<T> => {
      const start = performance.now();
      const result = await task();
      into.push(performance.now() - start);
      return result;
    };
    for (let round = -5; round < near.length; round += 1) {
      const i = Math.max(round, 0);
      const hits = {
        copy: await timed(times.copy, () => findNearDuplicates(db, "someone-else", app[i] as Probe[])),
        exact: await timed(times.exact, () => findNearDuplicates(db, "someone-else", exact[i] as Probe[])),
        turnedOnly: await timed(times.turnedOnly, () =>
          findNearDuplicates(db, "someone-else", turnedOnly[i] as Probe[]),
        ),
      };
      await timed(times.unseen, () => findNearDuplicates(db, "someone-else", unseen[i] as Probe[]));
      // Baseline: one row read by its primary key, the cheapest statement there is on this table.
      await timed(times.row, () =>
        db.execute(
          sql`select hash from photo_hashes where user_id = 'owner' and photo_url = ${`photo${i + 1}`} and variant = 0`,
        ),
      );
      if (round < 0)
        for (const list of Object.values(times)) list.length = 0; // warm-up
      else for (const key of ["copy", "exact", "turnedOnly"] as const) found[key] += hits[key].length > 0 ? 1 : 0;
    }
    const p50 = (list: number[]) => percentile(list, 50);
    const p95 = (list: number[]) => percentile(list, 95);
    const line = (list: number[]) =>
      `p50 ${fmt(p50(list))} p95 ${fmt(p95(list))} (p95 ${(p95(list) / p95(times.row)).toFixed(1)}× a row's)`;
    const against = (list: number[]) =>
      `the app's lookup p95 ${(p95(times.copy) / p95(list)).toFixed(2)}× it, p50 ${(p50(times.copy) / p50(list)).toFixed(2)}×`;
    console.log(
      `load average at the end: ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(" ")}`,
    );
    console.log(`baseline, a row by its primary key: p50 ${fmt(p50(times.row))} p95 ${fmt(p95(times.row))}`);
    console.log(
      `the app's lookup (6 probes, ${keysOf(app[0] as Probe[])} band values) among ${STORED_PHOTOS} photos: a copy (${DUPLICATE_PHOTO_MAX_DISTANCE} bits off) ${line(times.copy)}, found ${found.copy}/${near.length}; an unseen photo ${line(times.unseen)}`,
    );
    console.log(
      `exact bands only (${keysOf(exact[0] as Probe[])} band values, the lookup before ADR 0026), same copies: ${line(times.exact)}, found ${found.exact}/${near.length}; ${against(times.exact)}`,
    );
    console.log(
      `uncertain bits on the turned probes alone (${keysOf(turnedOnly[0] as Probe[])} band values, the lookup before ADR 0031), same copies: ${line(times.turnedOnly)}, found ${found.turnedOnly}/${near.length}; ${against(times.turnedOnly)}`,
    );
  } finally {
    await pool.end();
    await pg.stop();
    await rm(dir, { recursive: true, force: true });
  }
}

await hashingCost();
await lookupCost();
