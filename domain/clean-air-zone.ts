import type { VehicleType } from "./vehicle-types";

/**
 * Whether a vehicle meets the emission standards of London's ULEZ and England's charging
 * Clean Air Zones, from the two facts a listing holds: fuel and Euro emission class.
 * Petrol meets them from Euro 4, diesel from Euro 6, electric always; a lorry needs Euro VI
 * whatever its fuel. Anything the data cannot settle (no class given, a hybrid whose engine
 * may burn either fuel) is said to be unknown rather than guessed.
 */

export type CleanAirVerdict = "compliant" | "not compliant" | "unknown";

export interface CleanAirZoneStatus {
  verdict: CleanAirVerdict;
  /** One line saying why, in the buyer's words. */
  explanation: string;
}

const ROMAN: Record<string, number> = { i: 1, ii: 2, iii: 3, iv: 4, v: 5, vi: 6 };

/** 6 for "Euro 6", "Euro 6d-TEMP" or "Euro VI"; undefined when there is no Euro number to read. */
export function euroStandard(emissionClass: string | undefined): number | undefined {
  const match = /\beuro\s*-?\s*(\d|vi|iv|v|i{1,3})(?![a-z]{2})/i.exec(emissionClass ?? "");
  if (!match) return undefined;
  const number = /\d/.test(match[1]!) ? Number(match[1]) : ROMAN[match[1]!.toLowerCase()];
  return number !== undefined && number >= 1 && number <= 7 ? number : undefined;
}

const CHECK = "Check the vehicle's registration on GOV.UK before driving into a zone.";

export function cleanAirZoneStatus(type: VehicleType, fuelType: string | undefined, emissionClass: string | undefined): CleanAirZoneStatus {
  const fuel = fuelType?.trim().toLowerCase();
  if (fuel === "electric") return { verdict: "compliant", explanation: "Electric vehicles meet the ULEZ and Clean Air Zone standards." };
  const euro = euroStandard(emissionClass);
  if (euro === undefined) return { verdict: "unknown", explanation: `We don't have this vehicle's Euro emission class. ${CHECK}` };
  const needed =
    type === "truck"
      ? { standard: 6, who: "lorries" }
      : fuel === "petrol"
        ? { standard: 4, who: "petrol vehicles" }
        : fuel === "diesel"
          ? { standard: 6, who: "diesel vehicles" }
          : undefined;
  if (!needed) {
    // A hybrid meets the standard if its engine burns petrol from Euro 4, or diesel from Euro 6; the listing does not say which.
    if (euro >= 6)
      return { verdict: "compliant", explanation: `Euro ${euro} meets the ULEZ and Clean Air Zone standards for petrol and diesel alike.` };
    return { verdict: "unknown", explanation: `Euro ${euro} meets the standard for a petrol engine but not a diesel one. ${CHECK}` };
  }
  if (euro >= needed.standard) {
    return {
      verdict: "compliant",
      explanation: `Euro ${euro} meets the ULEZ and Clean Air Zone standard for ${needed.who} (Euro ${needed.standard} or later).`,
    };
  }
  return {
    verdict: "not compliant",
    explanation: `Euro ${euro} is below the ULEZ and Clean Air Zone standard for ${needed.who} (Euro ${needed.standard} or later): a daily charge applies in those zones.`,
  };
}
