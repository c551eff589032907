import { describe, expect, it } from "vitest";
import { chordForMiles, EARTH_RADIUS_M, LAT_CELLS_PER_DEGREE, METERS_PER_MILE, searchBoxes } from "./search-box.ts";

const rad = (d: number) => (d * Math.PI) / 180;
const deg = (r: number) => (r * 180) / Math.PI;

/** The point `miles` from (lat, lon) along `bearing` on earthdistance's sphere. */
function destination(lat: number, lon: number, miles: number, bearing: number): [number, number] {
  const a = (miles * METERS_PER_MILE) / EARTH_RADIUS_M;
  const p1 = rad(lat);
  const p2 = Math.asin(Math.sin(p1) * Math.cos(a) + Math.cos(p1) * Math.sin(a) * Math.cos(bearing));
  const l2 =
    rad(lon) + Math.atan2(Math.sin(bearing) * Math.sin(a) * Math.cos(p1), Math.cos(a) - Math.sin(p1) * Math.sin(p2));
  return [deg(p2), ((deg(l2) + 540) % 360) - 180];
}

describe("preliminary match search boxes (DESIGN Matching 2: nobody within the radius is missed)", () => {
  it("every point at each band's reach lies inside that band's box", () => {
    for (const [lat, lon] of [
      [40.75, -73.99],
      [61.2, -149.9],
      [21.3, -157.8],
      [25.8, -80.2],
      [48.9, -122.5],
    ] as const) {
      for (const radius of [1, 25, 99, 250, 500]) {
        for (const box of searchBoxes(lat, lon, radius)) {
          const reach = box.band === 500 ? radius : Math.min(radius, box.band);
          for (let b = 0; b < 360; b += 3) {
            const [pLat, pLon] = destination(lat, lon, reach * 0.999999, rad(b));
            expect(pLat).toBeGreaterThanOrEqual(box.latMin);
            expect(pLat).toBeLessThanOrEqual(box.latMax);
            expect(box.latCells).toContain(Math.floor(pLat * LAT_CELLS_PER_DEGREE));
            if (box.lonMin !== null && box.lonMax !== null) {
              expect(pLon).toBeGreaterThanOrEqual(box.lonMin);
              expect(pLon).toBeLessThanOrEqual(box.lonMax);
            }
          }
        }
      }
    }
  });

  it("a box crossing the antimeridian reads every longitude", () => {
    const boxes = searchBoxes(52, -179.5, 100);
    expect(boxes.at(-1)?.lonMin).toBeNull();
  });

  it("the chord matches earthdistance's great-circle distance", () => {
    // Two points 100 miles apart on the equator: their unit-vector chord is the radius's chord.
    const a = (100 * METERS_PER_MILE) / EARTH_RADIUS_M;
    expect(Math.hypot(1 - Math.cos(a), Math.sin(a))).toBeCloseTo(chordForMiles(100), 12);
  });
});
