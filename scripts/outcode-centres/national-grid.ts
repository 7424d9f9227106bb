/**
 * Ordnance Survey National Grid eastings and northings to WGS84 latitude and longitude, as
 * the OS guide "A guide to coordinate systems in Great Britain" gives it: the inverse
 * transverse Mercator projection on the Airy 1830 ellipsoid (OSGB36), then the seven
 * parameter Helmert shift to WGS84, good to a few metres (far finer than a postcode area).
 */

export interface LatLon {
  lat: number;
  lon: number;
}

const AIRY_1830 = { a: 6_377_563.396, b: 6_356_256.909 };
const WGS84 = { a: 6_378_137, b: 6_356_752.3142 };
const SCALE_ON_MERIDIAN = 0.9996012717;
const TRUE_ORIGIN = { lat: (49 * Math.PI) / 180, lon: (-2 * Math.PI) / 180, easting: 400_000, northing: -100_000 };
const ARC_SECOND = Math.PI / (180 * 3600);
/** OSGB36 to WGS84: metres, parts per million and arc seconds. */
const HELMERT = { tx: 446.448, ty: -125.157, tz: 542.06, scalePpm: -20.4894, rx: 0.1502, ry: 0.247, rz: 0.8421 };

function meridionalArc(lat: number): number {
  const { a, b } = AIRY_1830;
  const n = (a - b) / (a + b);
  const [n2, n3] = [n * n, n * n * n];
  const d = lat - TRUE_ORIGIN.lat;
  const s = lat + TRUE_ORIGIN.lat;
  return (
    b *
    SCALE_ON_MERIDIAN *
    ((1 + n + (5 / 4) * n2 + (5 / 4) * n3) * d -
      (3 * n + 3 * n2 + (21 / 8) * n3) * Math.sin(d) * Math.cos(s) +
      ((15 / 8) * n2 + (15 / 8) * n3) * Math.sin(2 * d) * Math.cos(2 * s) -
      (35 / 24) * n3 * Math.sin(3 * d) * Math.cos(3 * s))
  );
}

/** Eastings and northings to latitude and longitude on OSGB36 (radians). */
function gridToOsgb36(easting: number, northing: number): { lat: number; lon: number } {
  const { a, b } = AIRY_1830;
  const e2 = 1 - (b * b) / (a * a);
  const aF0 = a * SCALE_ON_MERIDIAN;
  let lat = TRUE_ORIGIN.lat;
  let arc = 0;
  do {
    lat += (northing - TRUE_ORIGIN.northing - arc) / aF0;
    arc = meridionalArc(lat);
  } while (Math.abs(northing - TRUE_ORIGIN.northing - arc) >= 0.00001);

  const sin = Math.sin(lat);
  const nu = aF0 / Math.sqrt(1 - e2 * sin * sin);
  const rho = (aF0 * (1 - e2)) / Math.pow(1 - e2 * sin * sin, 1.5);
  const eta2 = nu / rho - 1;
  const tan = Math.tan(lat);
  const [tan2, tan4, tan6] = [tan ** 2, tan ** 4, tan ** 6];
  const sec = 1 / Math.cos(lat);
  const vii = tan / (2 * rho * nu);
  const viii = (tan / (24 * rho * nu ** 3)) * (5 + 3 * tan2 + eta2 - 9 * tan2 * eta2);
  const ix = (tan / (720 * rho * nu ** 5)) * (61 + 90 * tan2 + 45 * tan4);
  const x = sec / nu;
  const xi = (sec / (6 * nu ** 3)) * (nu / rho + 2 * tan2);
  const xii = (sec / (120 * nu ** 5)) * (5 + 28 * tan2 + 24 * tan4);
  const xiia = (sec / (5040 * nu ** 7)) * (61 + 662 * tan2 + 1320 * tan4 + 720 * tan6);
  const dE = easting - TRUE_ORIGIN.easting;
  return {
    lat: lat - vii * dE ** 2 + viii * dE ** 4 - ix * dE ** 6,
    lon: TRUE_ORIGIN.lon + x * dE - xi * dE ** 3 + xii * dE ** 5 - xiia * dE ** 7,
  };
}

function toCartesian({ lat, lon }: { lat: number; lon: number }, { a, b }: { a: number; b: number }) {
  const e2 = 1 - (b * b) / (a * a);
  const nu = a / Math.sqrt(1 - e2 * Math.sin(lat) ** 2);
  return { x: nu * Math.cos(lat) * Math.cos(lon), y: nu * Math.cos(lat) * Math.sin(lon), z: (1 - e2) * nu * Math.sin(lat) };
}

function fromCartesian({ x, y, z }: { x: number; y: number; z: number }, { a, b }: { a: number; b: number }) {
  const e2 = 1 - (b * b) / (a * a);
  const p = Math.hypot(x, y);
  let lat = Math.atan2(z, p * (1 - e2));
  for (let step = 0; step < 10; step += 1) {
    const nu = a / Math.sqrt(1 - e2 * Math.sin(lat) ** 2);
    lat = Math.atan2(z + e2 * nu * Math.sin(lat), p);
  }
  return { lat, lon: Math.atan2(y, x) };
}

function helmert({ x, y, z }: { x: number; y: number; z: number }) {
  const s = 1 + HELMERT.scalePpm / 1e6;
  const [rx, ry, rz] = [HELMERT.rx * ARC_SECOND, HELMERT.ry * ARC_SECOND, HELMERT.rz * ARC_SECOND];
  return {
    x: HELMERT.tx + s * x - rz * y + ry * z,
    y: HELMERT.ty + rz * x + s * y - rx * z,
    z: HELMERT.tz - ry * x + rx * y + s * z,
  };
}

const degrees = (radians: number) => (radians * 180) / Math.PI;

/** OSGB36 latitude and longitude in degrees, before the shift to WGS84. */
export function osgb36LatLon(easting: number, northing: number): LatLon {
  const { lat, lon } = gridToOsgb36(easting, northing);
  return { lat: degrees(lat), lon: degrees(lon) };
}

export function gridToWgs84(easting: number, northing: number): LatLon {
  const { lat, lon } = fromCartesian(helmert(toCartesian(gridToOsgb36(easting, northing), AIRY_1830)), WGS84);
  return { lat: degrees(lat), lon: degrees(lon) };
}
