import type { GeoPoint } from "../../domain/distance";
import { outwardCodeOf } from "../../domain/uk-formats";
import { outcodeCentre } from "./outcode-locations";

/** A postcode the search was given that the site cannot measure from: unknown, or outside Great Britain. */
export class UnknownPostcodeError extends Error {
  readonly field = "postcode";
}

/** Where a postcode (or its outward code alone) is: its outward code's centre; undefined when Great Britain has no such outward code. */
export function placeOfPostcode(postcode: string): GeoPoint | undefined {
  const outward = outwardCodeOf(postcode);
  return outward ? outcodeCentre(outward) : undefined;
}

/**
 * Where a buyer's postcode (already read as one, domain/search-request.ts) is: the centre of
 * its outward code. Throws UnknownPostcodeError, with a message for the buyer, when there is
 * no such outward code in Great Britain.
 */
export function buyerLocation(postcode: string): GeoPoint {
  const centre = placeOfPostcode(postcode);
  if (!centre) {
    throw new UnknownPostcodeError(
      `We cannot find the postcode ${postcode}: check it, or give one in Great Britain (we have no distances from Northern Ireland, the Isle of Man or the Channel Islands)`,
    );
  }
  return centre;
}
