/** Where a place is, and how far apart two places are: plain arithmetic the server and the pages share. */

export interface GeoPoint {
  lat: number;
  lon: number;
}

export const METRES_PER_MILE = 1609.344;
/** The mean radius Meilisearch measures with (haversine on 6,371 km), so both engines agree on who is within a radius. */
const EARTH_RADIUS_METRES = 6_371_000;

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/** The great-circle distance in metres. */
export function metresBetween(a: GeoPoint, b: GeoPoint): number {
  const dLat = radians(b.lat - a.lat);
  const dLon = radians(b.lon - a.lon);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_METRES * Math.asin(Math.sqrt(h));
}

/** Miles to one decimal place, as each record's `distanceMiles` gives it. */
export function milesFromMetres(metres: number): number {
  return Math.round((metres / METRES_PER_MILE) * 10) / 10;
}

/** A radius of so many miles in metres, as a search's `withinMiles` asks. */
export function radiusMetres(miles: number): number {
  return miles * METRES_PER_MILE;
}

/** Whether a distance lies within a radius, its edge included, in both engines and in alerts. */
export function withinRadius(metres: number, radius: number): boolean {
  return metres <= radius + Number.EPSILON;
}

export function milesBetween(a: GeoPoint, b: GeoPoint): number {
  return milesFromMetres(metresBetween(a, b));
}

/** "23 miles", "1 mile", "under a mile": how a card says it. */
export function milesAway(miles: number): string {
  const whole = Math.round(miles);
  if (whole < 1) return "under a mile";
  return whole === 1 ? "1 mile" : `${whole.toLocaleString("en-GB")} miles`;
}

/** Distances this close are one, as Meilisearch's geo sort took them (its distance_error_margin). */
const SAME_DISTANCE_METRES = 1;

/**
 * Places nearest first, those within a metre of the same distance together as one, the
 * order a "Distance" search walks the dealer's branches in. Places measured NaN (unknown)
 * are left out.
 */
export function nearestFirstGroups<T>(places: readonly T[], metresTo: (place: T) => number): T[][] {
  const measured = places
    .map((place) => ({ place, metres: metresTo(place) }))
    .filter(({ metres }) => !Number.isNaN(metres))
    .sort((a, b) => a.metres - b.metres);
  const groups: { nearest: number; places: T[] }[] = [];
  for (const { place, metres } of measured) {
    const last = groups.at(-1);
    if (last && metres - last.nearest <= SAME_DISTANCE_METRES) last.places.push(place);
    else groups.push({ nearest: metres, places: [place] });
  }
  return groups.map((group) => group.places);
}
