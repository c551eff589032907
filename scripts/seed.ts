// Fills the database with synthetic adults so a fresh `npm start` can demo a whole search and the
// benchmarks have data:  npm run seed -- --users 200 [--seed 7] [--no-photos] [--outcomes]
// Each person: an account (password "sams-web-demo"), a ready profile at a real ZIP code, a
// finished interview, its narrative and (up to 1000 people) two generated 560x560 photos.
// --outcomes also connects a quarter of them in pairs, weeks ago, with their answers to Sam's
// "Did you meet?", so `npm run match:outcomes` has something to show, and gives them a past: sign-ups
// spread over the last 90 days and the daily tallies their interviews, searches and connections
// imply, so the moderators' insights (/admin/insights) have something to chart.
// Uses DATABASE_URL, else the embedded PostgreSQL in DATA_DIR, like the server.
import { parseArgs } from "node:util";
import { type MatchOutcome, OUTCOME_ASK_AFTER_MS } from "@sams-web/domain/matching/rules";
import { DAY_MS } from "@sams-web/domain/shared/time";
import { hashPassword } from "better-auth/crypto";
import { and, eq, inArray, isNotNull, sql } from "drizzle-orm";
import sharp from "sharp";
import { loadConfig } from "../apps/server/src/config.ts";
import type { Database } from "../apps/server/src/db/client.ts";
import {
  accounts,
  conversations,
  matches,
  matchOutcomes,
  messages,
  narratives,
  photoHashes,
  profiles,
  users,
} from "../apps/server/src/db/schema.ts";
import { extractiveNarrativeWriter } from "../apps/server/src/features/matching/narrative/narrative.ts";
import { sanitizePhoto } from "../apps/server/src/features/photos/photo-files.ts";
import { hashBands, photoFingerprints } from "../apps/server/src/features/photos/photo-hash.ts";
import { photoKey, photoUrl } from "../apps/server/src/features/photos/photo-keys.ts";
import { addTallies } from "../apps/server/src/platform/metrics/mutations.ts";
import { Tallies } from "../apps/server/src/platform/metrics/tallies.ts";
import { createStorage } from "../apps/server/src/platform/storage/create-storage.ts";
import type { StorageDriver } from "../apps/server/src/platform/storage/storage.ts";
import { openToolDatabase } from "./lib/tool-database.ts";

export const SEED_PASSWORD = "sams-web-demo";
/** Downtown ZIPs of big cities; 80% of seeded people live within METRO_MILES of one of them. */
export const DEMO_METROS: readonly (readonly [zip: string, city: string])[] = [
  ["10001", "New York"],
  ["90012", "Los Angeles"],
  ["60601", "Chicago"],
  ["77002", "Houston"],
  ["85003", "Phoenix"],
  ["19103", "Philadelphia"],
  ["78205", "San Antonio"],
  ["92101", "San Diego"],
  ["75201", "Dallas"],
  ["95113", "San Jose"],
  ["78701", "Austin"],
  ["94103", "San Francisco"],
  ["98101", "Seattle"],
  ["80202", "Denver"],
  ["02108", "Boston"],
  ["30303", "Atlanta"],
  ["33131", "Miami"],
  ["97201", "Portland"],
  ["55401", "Minneapolis"],
  ["64105", "Kansas City"],
];
const METRO_MILES = 15;
const PHOTO_LIMIT = 1_000;
const BATCH = 500;

/** A small deterministic PRNG (mulberry32), so the same --seed gives the same people. */
export function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)] as T;
const pickSome = <T>(rnd: () => number, list: readonly T[], n: number): T[] =>
  [...list].sort(() => rnd() - 0.5).slice(0, n);

const NAMES = [
  "Alex",
  "Jordan",
  "Taylor",
  "Morgan",
  "Casey",
  "Riley",
  "Jamie",
  "Avery",
  "Quinn",
  "Rowan",
  "Sam",
  "Drew",
];
const HOBBIES = [
  "hiking",
  "reading books",
  "cooking",
  "music",
  "travel",
  "yoga",
  "gardening",
  "photography",
  "dancing",
  "board games",
  "camping",
  "painting",
];
const VALUES = ["honest", "kind", "loyal", "generous", "patient", "respectful", "compassionate", "humble"];
const GOALS = [
  "I want marriage and a family, a long-term commitment.",
  "I hope to find a lifelong partner and build a home together.",
  "I want a committed relationship; kids would be wonderful someday.",
  "I don't want kids, but I want a committed, lifelong partnership.",
];
const JOBS = [
  "a nurse",
  "a teacher",
  "an engineer",
  "a carpenter",
  "a chef",
  "an accountant",
  "a musician",
  "a librarian",
];

export function interviewFor(rnd: () => number): Record<string, string> {
  const [h1, h2, h3] = pickSome(rnd, HOBBIES, 3);
  const [v1, v2] = pickSome(rnd, VALUES, 2);
  const [w1, w2] = pickSome(rnd, VALUES, 2);
  return {
    rapport_building: `I work as ${pick(rnd, JOBS)} and on weekends I love ${h1} and ${h2}.`,
    relationship_goals: pick(rnd, GOALS),
    best_qualities: `Friends say I am ${v1} and ${v2}, and a good listener.`,
    partner_preferences: `I hope to meet someone ${w1} and ${w2} who enjoys ${h3} and talks openly.`,
    dealbreakers: rnd() < 0.3 ? "Smoking is a dealbreaker for me." : "Dishonesty is a dealbreaker.",
    worst_qualities: "I can be stubborn and I overthink.",
    contributions: `I bring humor, support and good ${pick(rnd, ["cooking", "conversation", "music"])}.`,
    past_relationships: "My last relationship taught me to communicate early and kindly.",
  };
}

function birthdayFor(age: number, rnd: () => number): string {
  const now = new Date();
  const year = now.getFullYear() - age - 1;
  const month = 1 + Math.floor(rnd() * 12);
  const day = 1 + Math.floor(rnd() * 28);
  // A birthday later this year than today keeps `age` exact: born `age + 1` years ago, minus a bit.
  const date = new Date(Date.UTC(year, month - 1, day));
  const hadBirthday = new Date(now.getFullYear(), month - 1, day) <= now;
  if (hadBirthday) date.setUTCFullYear(year + 1);
  return date.toISOString().slice(0, 10);
}

async function photo(hue: number, index: number): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="560" height="560">
    <defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="hsl(${hue},60%,70%)"/><stop offset="1" stop-color="hsl(${(hue + 60) % 360},60%,45%)"/>
    </linearGradient></defs>
    <rect width="560" height="560" fill="url(#g)"/>
    <circle cx="280" cy="230" r="${90 + index * 10}" fill="hsl(${hue},30%,90%)"/>
    <ellipse cx="280" cy="520" rx="190" ry="150" fill="hsl(${hue},30%,90%)"/></svg>`;
  return sharp(Buffer.from(svg)).jpeg({ quality: 95 }).toBuffer();
}

export async function seed(
  db: Database,
  options: { users: number; seed: number; photos: boolean; storage: StorageDriver; log?: (line: string) => void },
): Promise<string[]> {
  const rnd = random(options.seed);
  const zipRows = await db.execute<{ zip: string }>(sql`select zip from zip_codes order by zip`);
  const zips = zipRows.rows.map((r) => r.zip);
  // People cluster the way the population does: most live around a few big cities, so a demo
  // account at one of those ZIPs finds seeded people nearby.
  // Within METRO_MILES on the search's own sphere: the chord between unit vectors, as the
  // preliminary match measures it (match_reach_chord).
  const nearbyRows = await db.execute<{ zip: string; metro: string }>(sql`
    with points as (
      select zip, cos(radians(latitude)) * cos(radians(longitude)) as x,
             cos(radians(latitude)) * sin(radians(longitude)) as y, sin(radians(latitude)) as z
      from zip_codes)
    select z.zip, m.zip as metro
    from points m join points z
      on (z.x - m.x) ^ 2 + (z.y - m.y) ^ 2 + (z.z - m.z) ^ 2 <= match_reach_chord(${METRO_MILES}) ^ 2
    where m.zip in ${DEMO_METROS.map(([zip]) => zip)}
    order by m.zip, z.zip`);
  const metroZips = new Map<string, string[]>();
  for (const row of nearbyRows.rows) {
    const near = metroZips.get(row.metro) ?? [];
    near.push(row.zip);
    metroZips.set(row.metro, near);
  }
  const metros = [...metroZips.values()];
  const passwordHash = await hashPassword(SEED_PASSWORD);
  const run = `${Date.now().toString(36)}${options.seed}`;
  const ids: string[] = [];
  for (let start = 0; start < options.users; start += BATCH) {
    const count = Math.min(BATCH, options.users - start);
    const people = await Promise.all(
      Array.from({ length: count }, async (_, j) => {
        const i = start + j;
        const id = `seed_${run}_${i}`;
        const name = pick(rnd, NAMES);
        const age = 18 + Math.floor(rnd() * 45);
        const gender = rnd() < 0.48 ? "man" : rnd() < 0.96 ? "woman" : "";
        const seekingGender = gender === "man" ? "woman" : gender === "woman" ? (rnd() < 0.9 ? "man" : "woman") : "";
        const minOffset = -Math.min(20, Math.max(5, Math.floor(5 + rnd() * 10)));
        const ageRangeMin = Math.max(minOffset, Math.min(-5, 18 - age));
        const interview = interviewFor(rnd);
        const withPhotos = options.photos && i < PHOTO_LIMIT;
        // Stored like an upload: the photos feature's storage driver and key layout
        // (docs/decisions/0005-versioned-photo-keys.md), cleaned as an upload is, so they are served.
        const version = `seed${run}`;
        const photoUrls = withPhotos ? [0, 1].map((p) => photoUrl(id, version, p)) : [];
        // Their kept hashes too, as an upload's (the catfish check compares new uploads with
        // them); seeded people are not checked against each other.
        const photoHashes: { photoUrl: string; stored: bigint[] }[] = [];
        if (withPhotos) {
          const hue = Math.floor(rnd() * 360);
          for (const p of [0, 1]) {
            const clean = await sanitizePhoto(await photo(hue, p));
            await options.storage.put(photoKey(id, version, p), clean, "image/jpeg");
            photoHashes.push({ photoUrl: photoUrl(id, version, p), stored: (await photoFingerprints(clean)).stored });
          }
        }
        const written = await extractiveNarrativeWriter.write(
          Object.entries(interview).map(([stage, text]) => ({ stage, text })),
        );
        return {
          id,
          name,
          email: `seed-${run}-${i}@example.com`,
          age,
          gender,
          seekingGender,
          ageRangeMin,
          ageRangeMax: 5 + Math.floor(rnd() * 16),
          zipCode: rnd() < 0.8 ? pick(rnd, pick(rnd, metros)) : pick(rnd, zips),
          searchRadius: pick(rnd, [10, 25, 25, 50, 100, 250]),
          birthday: birthdayFor(age, rnd),
          photoUrls,
          photoHashes,
          interview,
          written,
        };
      }),
    );
    await db.transaction(async (tx) => {
      await tx
        .insert(users)
        .values(people.map((p) => ({ id: p.id, name: p.name, email: p.email, emailVerified: true })));
      await tx.insert(accounts).values(
        people.map((p) => ({
          id: `acct_${p.id}`,
          accountId: p.id,
          providerId: "credential",
          userId: p.id,
          password: passwordHash,
        })),
      );
      await tx.insert(profiles).values(
        people.map((p) => ({
          userId: p.id,
          displayName: p.name,
          email: p.email,
          status: "active",
          verified: true,
          gender: p.gender,
          seekingGender: p.seekingGender,
          searchRadius: p.searchRadius,
          zipCode: p.zipCode,
          birthday: p.birthday,
          age: p.age,
          ageRangeMin: p.ageRangeMin,
          ageRangeMax: p.ageRangeMax,
          chatComplete: true,
          // Without photos (large runs) nobody could review them; mark them anyway so searches
          // and benchmarks see a realistic pool.
          picturesUploaded: true,
          conversationStage: "complete",
          photoUrls: p.photoUrls,
        })),
      );
      await tx.insert(conversations).values(people.map((p) => ({ id: `c_${p.id}`, userId: p.id, stage: "complete" })));
      await tx.insert(messages).values(
        people.flatMap((p) =>
          Object.entries(p.interview).map(([stage, text]) => ({
            conversationId: `c_${p.id}`,
            userId: p.id,
            sender: "user" as const,
            text,
            stage,
          })),
        ),
      );
      await tx
        .insert(narratives)
        .values(people.map((p) => ({ userId: p.id, ...p.written.narrative, source: p.written.source })));
      const hashes = people.flatMap((p) =>
        p.photoHashes.flatMap(({ photoUrl, stored }) =>
          stored.map((hash, variant) => {
            const [band0, band1, band2, band3] = hashBands(hash) as [number, number, number, number];
            return { userId: p.id, photoUrl, variant, hash, band0, band1, band2, band3 };
          }),
        ),
      );
      if (hashes.length > 0) await tx.insert(photoHashes).values(hashes);
    });
    ids.push(...people.map((p) => p.id));
    options.log?.(`seeded ${ids.length} / ${options.users}`);
  }
  return ids;
}

/**
 * Connections among seeded people: a quarter of them, as pairs of a man and a woman who seek each
 * other, connected 15 to 45 days before `now` with scores from 60 to 100, each person asked 14 days
 * after connecting. About 70% answer; the higher the score, the likelier 'met', and the two mostly
 * agree. Returns how many pairs were connected.
 */
export async function seedOutcomes(
  db: Database,
  ids: readonly string[],
  seed: number,
  now = Date.now(),
): Promise<number> {
  const rnd = random(seed + 1);
  const people = await db
    .select({ userId: profiles.userId, gender: profiles.gender, seekingGender: profiles.seekingGender })
    .from(profiles)
    .where(inArray(profiles.userId, [...ids]));
  const men = people.filter((p) => p.gender === "man" && p.seekingGender === "woman");
  const women = people.filter((p) => p.gender === "woman" && p.seekingGender === "man");
  const pairs = Math.min(men.length, women.length, Math.floor(ids.length / 8));
  const answer = (score: number): MatchOutcome => {
    const met = 0.2 + (0.5 * (score - 60)) / 40;
    const draw = rnd();
    return draw < met ? "met" : draw < met + (1 - met) / 2 ? "talked" : "didNotTalk";
  };
  for (let i = 0; i < pairs; i++) {
    const a = (men[i] as (typeof men)[number]).userId;
    const b = (women[i] as (typeof women)[number]).userId;
    const score = 60 + Math.floor(rnd() * 41);
    const connectedAt = new Date(now - (15 + rnd() * 30) * DAY_MS);
    const askedAt = new Date(connectedAt.getTime() + OUTCOME_ASK_AFTER_MS);
    const first = answer(score);
    const sides = [
      { userId: a, candidateId: b, outcome: rnd() < 0.7 ? first : null },
      { userId: b, candidateId: a, outcome: rnd() < 0.7 ? (rnd() < 0.85 ? first : answer(score)) : null },
    ];
    await db.transaction(async (tx) => {
      await tx.insert(matches).values(
        sides.map(({ userId, candidateId }) => ({
          userId,
          candidateId,
          status: "connected",
          score,
          followupQuestions: [],
          distanceBandMiles: 25,
          connectedAt,
        })),
      );
      await tx.insert(matchOutcomes).values(
        sides.map(({ userId, candidateId, outcome }) => ({
          userId,
          candidateId,
          askedAt,
          outcome,
          answeredAt: outcome ? new Date(askedAt.getTime() + rnd() * 3 * DAY_MS) : null,
        })),
      );
      await tx
        .update(profiles)
        .set({ matchAccepted: connectedAt })
        .where(inArray(profiles.userId, [a, b]));
    });
  }
  return pairs;
}

/**
 * A past for seeded people (after seedOutcomes): each signed up on a day of the last 90 (a
 * connected person some days before connecting), finished the interview within two days and
 * searched once; a connected pair was found, reviewed and kept by both, then connected; about half
 * of the others' searches found someone they did not keep. Writes the sign-up dates and the daily
 * tallies all that implies, as the features would have counted it.
 */
export async function seedHistory(db: Database, ids: readonly string[], seed: number, now = Date.now()): Promise<void> {
  const rnd = random(seed + 2);
  const connections = await db
    .select({ userId: matches.userId, candidateId: matches.candidateId, connectedAt: matches.connectedAt })
    .from(matches)
    .where(and(inArray(matches.userId, [...ids]), isNotNull(matches.connectedAt)));
  const connectedAt = new Map(connections.map((row) => [row.userId, (row.connectedAt as Date).getTime()]));
  let clock = now;
  const tallies = new Tallies(() => new Date(clock));
  const at = (time: number, count: () => void) => {
    clock = Math.min(time, now);
    count();
  };
  for (const id of ids) {
    const connected = connectedAt.get(id);
    const signedUp = connected === undefined ? now - rnd() * 90 * DAY_MS : connected - (4 + rnd() * 30) * DAY_MS;
    await db
      .update(users)
      .set({ createdAt: new Date(signedUp) })
      .where(eq(users.id, id));
    const interviewed = signedUp + rnd() * 2 * DAY_MS;
    at(interviewed, () => tallies.add("interview_completed"));
    const searched = connected === undefined ? interviewed + rnd() * (now - interviewed) : connected - 3 * DAY_MS;
    if (connected !== undefined || rnd() < 0.5) {
      at(searched, () => tallies.add("search_found"));
      // Each search writes the pair's two records, both put forward to the photo review.
      at(searched, () => tallies.add("match_found", 2));
      at(searched, () => tallies.add("match_photo_review", 2));
    } else {
      at(searched, () => tallies.add("search_nobody"));
    }
  }
  for (const { userId, candidateId, connectedAt: when } of connections) {
    // Both records of a pair are listed; count the pair once, from its first side.
    if (userId > candidateId) continue;
    const time = (when as Date).getTime();
    at(time - 2 * DAY_MS, () => tallies.add("match_kept", 2));
    at(time, () => tallies.add("match_connected", 2));
  }
  await addTallies(db, tallies.drain());
}

async function main() {
  const { values } = parseArgs({
    options: {
      users: { type: "string", default: "100" },
      seed: { type: "string", default: "1" },
      "no-photos": { type: "boolean" },
      outcomes: { type: "boolean" },
    },
  });
  const users = Number(values.users);
  if (!Number.isInteger(users) || users < 1) throw new Error("--users must be a positive integer");
  const config = loadConfig();
  // Its large inserts may take longer than a request's statement deadline.
  const { db, close } = await openToolDatabase(config, 30);
  try {
    const started = Date.now();
    const ids = await seed(db, {
      users,
      seed: Number(values.seed),
      photos: !values["no-photos"],
      storage: createStorage(config),
      log: console.log,
    });
    console.log(
      `Seeded ${users} people in ${((Date.now() - started) / 1000).toFixed(1)} s. Password: ${SEED_PASSWORD}`,
    );
    if (values.outcomes) {
      const pairs = await seedOutcomes(db, ids, Number(values.seed));
      await seedHistory(db, ids, Number(values.seed));
      console.log(`Connected ${pairs} pairs of them weeks ago, with their answers: npm run match:outcomes`);
      console.log("They signed up over the last 90 days, with the history the insights chart: /admin/insights");
    }
    console.log(
      `Most live within ${METRO_MILES} miles of one of these ZIP codes; search from one of them to meet them: ${DEMO_METROS.map(
        ([zip, city]) => `${zip} (${city})`,
      ).join(", ")}`,
    );
  } finally {
    await close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
