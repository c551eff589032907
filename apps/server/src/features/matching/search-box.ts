/**
 * The latitude/longitude boxes the preliminary match reads from `match_points` (see
 * docs/decisions/0008-matching-pipeline.md). Every box contains every point within its reach of
 * the centre on earthdistance's sphere, so the exact distance check that follows loses nobody.
 */

/** Each person's radius falls in the smallest band at or above it (the migration's trigger agrees). */
export const RADIUS_BANDS_MILES = [10, 25, 50, 100, 250, 500] as const;

export const METERS_PER_MILE = 1609.344;
/** earthdistance's earth() radius in meters. */
export const EARTH_RADIUS_M = 6378168;
/** match_points.lat_cell = floor(latitude * LAT_CELLS_PER_DEGREE). */
export const LAT_CELLS_PER_DEGREE = 2;

/**
 * The chord between two unit vectors whose great circle on earthdistance's sphere spans `miles`:
 * earth_distance(a, b) <= miles exactly when |a - b| (unit vectors) <= this.
 */
export function chordForMiles(miles: number): number {
  return 2 * Math.sin(Math.min(Math.PI / 2, (miles * METERS_PER_MILE) / (2 * EARTH_RADIUS_M)));
}

export interface SearchBox {
  band: number;
  latCells: number[];
  latMin: number;
  latMax: number;
  /** null: every longitude (the box reaches a pole or crosses the antimeridian). */
  lonMin: number | null;
  lonMax: number | null;
}

const degrees = (radians: number) => (radians * 180) / Math.PI;
const radians = (deg: number) => (deg * Math.PI) / 180;

/**
 * One box per radius band: someone in band B can only be a mutual fit within min(my radius, B)
 * of me, since they must be within their own radius too; the top band reaches my whole radius.
 */
export function searchBoxes(latitude: number, longitude: number, radiusMiles: number): SearchBox[] {
  return RADIUS_BANDS_MILES.map((band, i) => {
    const top = i === RADIUS_BANDS_MILES.length - 1;
    const reachMiles = top ? radiusMiles : Math.min(radiusMiles, band);
    // The angle a great circle spans over the reach, with a margin for rounding.
    const angle = (reachMiles * METERS_PER_MILE) / EARTH_RADIUS_M + 1e-9;
    const dLat = degrees(angle) + 1e-7;
    const latMin = latitude - dLat;
    const latMax = latitude + dLat;
    const latCells: number[] = [];
    const lastCell = Math.floor(latMax * LAT_CELLS_PER_DEGREE);
    for (let cell = Math.floor(latMin * LAT_CELLS_PER_DEGREE); cell <= lastCell; cell++) latCells.push(cell);
    let lonMin: number | null = null;
    let lonMax: number | null = null;
    if (Math.abs(latitude) + dLat < 89 && angle < Math.PI / 2) {
      // Widest longitude difference of a point within `angle` of the centre (a circle clear of the poles).
      const dLon = degrees(Math.asin(Math.min(1, Math.sin(angle) / Math.cos(radians(latitude))))) * (1 + 1e-9) + 1e-7;
      if (longitude - dLon >= -180 && longitude + dLon <= 180) {
        lonMin = longitude - dLon;
        lonMax = longitude + dLon;
      }
    }
    return { band, latCells, latMin, latMax, lonMin, lonMax };
  });
}
