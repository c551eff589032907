import { SEARCH_MIN_REACH_MILES } from "@sams-web/domain/matching/rules";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../support/helpers.ts";

// The preliminary match's geometry lives in the database (src/db/functions/): match_search_boxes
// and match_reach_chord. These tests hold them to earthdistance's own sphere.

const METERS_PER_MILE = 1609.344;
const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

let database: Awaited<ReturnType<typeof createTestDatabase>>;
let earthRadiusM: number;
beforeAll(async () => {
  database = await createTestDatabase();
  earthRadiusM = (await database.pool.query<{ r: number }>("select earth() as r")).rows[0]?.r as number;
});
afterAll(async () => {
  await database.drop();
});

interface Box {
  band: number;
  lat_min: number;
  lat_max: number;
  lat_cells: number[];
  lon_min: number;
  lon_max: number;
}

async function boxes(lat: number, lon: number, radius: number): Promise<Box[]> {
  return (await database.pool.query<Box>("select * from match_search_boxes($1, $2, $3)", [lat, lon, radius])).rows;
}

/** The point `miles` from (lat, lon) along `bearing` on earthdistance's sphere. */
function destination(lat: number, lon: number, miles: number, bearing: number): [number, number] {
  const a = (miles * METERS_PER_MILE) / earthRadiusM;
  const p1 = rad(lat);
  const p2 = Math.asin(Math.sin(p1) * Math.cos(a) + Math.cos(p1) * Math.sin(a) * Math.cos(bearing));
  const l2 =
    rad(lon) + Math.atan2(Math.sin(bearing) * Math.sin(a) * Math.cos(p1), Math.cos(a) - Math.sin(p1) * Math.sin(p2));
  return [deg(p2), ((deg(l2) + 540) % 360) - 180];
}

describe("preliminary match search boxes: nobody within the radius is missed", () => {
  it("every point at each band's reach lies inside that band's box, its latitude cells and longitude range", async () => {
    for (const [lat, lon] of [
      [40.75, -73.99],
      [61.2, -149.9],
      [21.3, -157.8],
      [25.8, -80.2],
      [48.9, -122.5],
    ] as const) {
      for (const radius of [1, 25, 99, 250, 500]) {
        const found = await boxes(lat, lon, radius);
        expect(found.map((b) => b.band)).toEqual([10, 25, 50, 100, 250, 500]);
        for (const box of found) {
          // A radius under the floor searches the floor (SEARCH_MIN_REACH_MILES).
          const covered = Math.max(radius, SEARCH_MIN_REACH_MILES);
          const reach = box.band === 500 ? covered : Math.min(covered, box.band);
          for (let b = 0; b < 360; b += 3) {
            const [pLat, pLon] = destination(lat, lon, reach * 0.999999, rad(b));
            expect(pLat).toBeGreaterThanOrEqual(box.lat_min);
            expect(pLat).toBeLessThanOrEqual(box.lat_max);
            expect(box.lat_cells).toContain(Math.floor(pLat * 10));
            expect(pLon).toBeGreaterThanOrEqual(box.lon_min);
            expect(pLon).toBeLessThanOrEqual(box.lon_max);
          }
        }
      }
    }
  });

  it("a box no wider than its reach: 25 miles spans under a degree of latitude", async () => {
    const box = (await boxes(40.75, -73.99, 25)).find((b) => b.band === 25) as Box;
    expect(box.lat_max - box.lat_min).toBeLessThan(0.75);
    expect(box.lat_cells.length).toBeLessThanOrEqual(9);
  });

  it("a box crossing the antimeridian reads every longitude", async () => {
    const top = (await boxes(52, -179.5, 100)).at(-1) as Box;
    expect([top.lon_min, top.lon_max]).toEqual([-180, 180]);
  });

  it("a radius under 10 miles reaches 10 miles: the chord of 1 mile is the chord of 10", async () => {
    const chord = async (miles: number) =>
      (await database.pool.query<{ c: number }>("select match_reach_chord($1) as c", [miles])).rows[0]?.c;
    expect(await chord(1)).toBe(await chord(SEARCH_MIN_REACH_MILES));
    expect(await chord(11)).toBeGreaterThan((await chord(SEARCH_MIN_REACH_MILES)) as number);
  });

  it("the chord matches earthdistance's great-circle distance", async () => {
    // Two points 100 miles apart on the equator: their unit-vector chord is the radius's chord.
    const a = (100 * METERS_PER_MILE) / earthRadiusM;
    const chord = (await database.pool.query<{ c: number }>("select match_reach_chord(100) as c")).rows[0]?.c;
    expect(Math.hypot(1 - Math.cos(a), Math.sin(a))).toBeCloseTo(chord as number, 12);
    const [lat, lon] = destination(0, 0, 100, rad(90));
    const meters = (
      await database.pool.query<{ d: number }>("select earth_distance(ll_to_earth(0, 0), ll_to_earth($1, $2)) as d", [
        lat,
        lon,
      ])
    ).rows[0]?.d;
    expect((meters as number) / METERS_PER_MILE).toBeCloseTo(100, 6);
  });
});
