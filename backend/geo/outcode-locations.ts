import type { GeoPoint } from "../../domain/distance";
import { OUTCODE_CENTRES } from "./outcode-centres";

/** The outward codes' centres, read from the generated table on first use (about 3,000 entries). */
let centres: Map<string, GeoPoint> | undefined;

function table(): Map<string, GeoPoint> {
  if (centres) return centres;
  centres = new Map();
  for (const line of OUTCODE_CENTRES.split("\n")) {
    const [outcode, lat, lon] = line.split(" ");
    if (outcode && lat && lon) centres.set(outcode, { lat: Number(lat), lon: Number(lon) });
  }
  return centres;
}

/** The centre of an outward code ("WN1"), or undefined when Code-Point Open has none (Northern Ireland, a code not issued). */
export function outcodeCentre(outcode: string): GeoPoint | undefined {
  return table().get(outcode.toUpperCase());
}
