import type { VanBody, VanLine, VanSize } from "./model-range";
import { WeightedChoice, type SeededRandom } from "./random";
import type { Bodywork, Wheelbase } from "./bodywork";

/**
 * A demo van's load space as its listing quotes it: roof height, payload, load length and
 * gross vehicle weight, from its size, body and wheelbase, near the figures of the real
 * ranges (a Transit Connect L1 carries ~650 kg on 1,800 mm of floor; a Transit L3 H2 panel
 * van ~1,250 kg on 3,500 mm at 3,500 kg gross). The roof and a few kilograms either way are
 * drawn from a stream of the record's own that the rest of the record never reads, so adding
 * these figures changed no other value of the demo stock.
 */

export type RoofHeight = "Low" | "Medium" | "High";

export interface LoadSpace {
  roofHeight?: RoofHeight;
  payloadKg?: number;
  loadLengthMm?: number;
  grossVehicleWeightKg?: number;
}

interface SizeFigures {
  grossKg: number;
  /** Panel van payload and load length by wheelbase. */
  panel: Partial<Record<Wheelbase, { payloadKg: number; loadLengthMm: number }>>;
  roofs: Partial<Record<Wheelbase, WeightedChoice<RoofHeight>>>;
}

const LOW_ONLY = WeightedChoice.of<RoofHeight>({ Low: 1 });
const SIZES: Record<Exclude<VanSize, "pickup">, SizeFigures> = {
  small: {
    grossKg: 2300,
    panel: { SWB: { payloadKg: 650, loadLengthMm: 1800 }, LWB: { payloadKg: 750, loadLengthMm: 2200 } },
    roofs: { SWB: LOW_ONLY, LWB: LOW_ONLY },
  },
  medium: {
    grossKg: 3000,
    panel: { SWB: { payloadKg: 1000, loadLengthMm: 2550 }, LWB: { payloadKg: 1100, loadLengthMm: 2950 } },
    roofs: { SWB: WeightedChoice.of<RoofHeight>({ Low: 90, High: 10 }), LWB: WeightedChoice.of<RoofHeight>({ Low: 80, High: 20 }) },
  },
  large: {
    grossKg: 3500,
    panel: {
      MWB: { payloadKg: 1350, loadLengthMm: 3050 },
      LWB: { payloadKg: 1250, loadLengthMm: 3500 },
      XLWB: { payloadKg: 1150, loadLengthMm: 4250 },
    },
    roofs: {
      MWB: WeightedChoice.of<RoofHeight>({ Medium: 70, High: 30 }),
      LWB: WeightedChoice.of<RoofHeight>({ Medium: 40, High: 60 }),
      XLWB: WeightedChoice.of<RoofHeight>({ High: 1 }),
    },
  },
};

/** A crew van's second row takes this much floor and weight. */
const CREW_ROW = { payloadKg: 150, loadLengthMm: 800 };
/** A high roof's extra panels come out of the payload, and so does what an electric van's heavier plating does not cover of its battery. */
const HIGH_ROOF_KG = 50;
const BATTERY_KG: Record<VanSize, number> = { small: 100, medium: 150, large: 200, pickup: 150 };
/** Box and dropside bodies on a large van's chassis. */
const BODIES_ON_CHASSIS: Partial<Record<VanBody, { payloadKg: number; loadLengthMm: number }>> = {
  Luton: { payloadKg: 1000, loadLengthMm: 4050 },
  Dropside: { payloadKg: 1300, loadLengthMm: 3500 },
};
const PICKUP = { payloadKg: 1000, loadLengthMm: 1550, grossVehicleWeightKg: 3200 };
/** A 17-seat minibus is plated above 3.5 tonnes, which is why it needs a D1 licence. */
const LARGE_MINIBUS_GROSS_KG = 4100;

export function vanLoadSpace(line: VanLine, electric: boolean, bodywork: Bodywork, random: SeededRandom): LoadSpace {
  const give = (kg: number) => kg - (electric ? BATTERY_KG[line.size] : 0) + 5 * random.between(-8, 8);
  if (line.size === "pickup") return { ...PICKUP, payloadKg: give(PICKUP.payloadKg) };
  const size = SIZES[line.size];
  const wheelbase = bodywork.wheelbase ?? "LWB";
  const body = bodywork.bodyType as VanBody;
  if (body === "Minibus") {
    return { roofHeight: "High", grossVehicleWeightKg: line.size === "large" ? LARGE_MINIBUS_GROSS_KG : size.grossKg };
  }
  // A chassis cab is sold without a body: its payload depends on the body yet to be fitted.
  if (body === "Chassis Cab") return { grossVehicleWeightKg: size.grossKg };
  const onChassis = BODIES_ON_CHASSIS[body];
  if (onChassis) return { payloadKg: give(onChassis.payloadKg), loadLengthMm: onChassis.loadLengthMm, grossVehicleWeightKg: size.grossKg };
  const panel = size.panel[wheelbase] ?? Object.values(size.panel)[0]!;
  const roofHeight = (size.roofs[wheelbase] ?? LOW_ONLY).pick(random);
  const crew = body === "Crew Van" ? CREW_ROW : { payloadKg: 0, loadLengthMm: 0 };
  return {
    roofHeight,
    payloadKg: give(panel.payloadKg - crew.payloadKg - (roofHeight === "High" ? HIGH_ROOF_KG : 0)),
    loadLengthMm: panel.loadLengthMm - crew.loadLengthMm,
    grossVehicleWeightKg: size.grossKg,
  };
}
