import { formatMiles } from "../../domain/format";
import type { VehicleDetails } from "../../domain/vehicle";
import type { Derivative, ModelLine } from "./model-range";

/**
 * The equipment list and description a demo listing carries, as a dealer's feed would
 * write them. Equipment follows from what the vehicle is: what every vehicle of its kind
 * and age has, what its trim level (read from the derivative's name, as buyers read it)
 * adds, and what its fuel and body bring. Nothing is drawn at random, so adding it changed
 * no other value of the demo stock.
 */

type Tier = "entry" | "mid" | "top";

const TOP_TRIMS =
  /\b(M Sport|AMG|S line|R-Dynamic|HSE|GT|Tekna|Exclusive|Elite|Premium|Limited|Highline|Vignale|Iconic|Performance|Titanium X|Line X|Wildtrak|Sportline|Excellence)\b/i;
const MID_TRIMS =
  /\b(SE-L|SE|Titanium|ST-Line|Zetec|Sport|Dynamic|Design|GT-Line|FR|Acenta|Allure|Dynamique|Icon|Nav|Edition|Advance|Business|Plus|Trend|Life|Style|Active)\b/i;

function tierOf(derivativeName: string): Tier {
  return TOP_TRIMS.test(derivativeName) ? "top" : MID_TRIMS.test(derivativeName) ? "mid" : "entry";
}

const CAR_EQUIPMENT: Record<Tier, readonly string[]> = {
  entry: ["Air conditioning", "DAB radio", "Bluetooth", "Electric front windows", "Remote central locking"],
  mid: ["Alloy wheels", "Climate control", "Sat nav", "Rear parking sensors", "Automatic lights and wipers", "Cruise control"],
  top: [
    "Heated front seats",
    "Reversing camera",
    "LED headlights",
    "Keyless entry and start",
    "Part-leather seats",
    "Front parking sensors",
  ],
};
const VAN_EQUIPMENT: Record<Tier, readonly string[]> = {
  entry: ["Bluetooth", "DAB radio", "Electric windows", "Remote central locking"],
  mid: ["Air conditioning", "Rear parking sensors", "Cruise control", "Heated windscreen"],
  top: ["Reversing camera", "Sat nav", "Alloy wheels", "Automatic lights and wipers"],
};
const TRUCK_EQUIPMENT: readonly string[] = ["Air conditioning", "Cruise control", "Digital tachograph", "Air suspension", "Retarder"];
const TIERS: readonly Tier[] = ["entry", "mid", "top"];

/** What a year's models have as standard: smartphone mirroring and driver assistance came in around 2018. */
function modernEquipment(year: number, tier: Tier): string[] {
  if (year < 2018) return [];
  return ["Apple CarPlay and Android Auto", "Autonomous emergency braking", ...(tier === "top" ? ["Adaptive cruise control"] : [])];
}

const LOAD_AREA = ["Full steel bulkhead", "Ply-lined load area", "Load area lighting"];

function bodyEquipment({ bodyType, cabType }: VehicleDetails): string[] {
  switch (bodyType) {
    case "SUV":
    case "Estate":
      return ["Roof rails"];
    case "Convertible":
      return ["Electric folding roof"];
    case "Panel Van":
      return LOAD_AREA;
    case "Crew Van":
      return ["Second-row seats", ...LOAD_AREA];
    case "Double Cab":
      return ["Load bed liner", "Tow bar"];
    case "Luton":
      return ["Tail lift"];
    case "Dropside":
      return ["Drop-down sides"];
    case "Tractor Unit":
      return ["Fifth wheel coupling", ...(cabType?.includes("Sleeper") ? ["Night heater", "Cab fridge"] : [])];
    default:
      return [];
  }
}

function fuelEquipment(derivative: Derivative, year: number): string[] {
  if (derivative.fuel === "Electric") return ["Type 2 charging cable", "Rapid charging", ...(year >= 2020 ? ["Heat pump"] : [])];
  if (derivative.fuel === "Plug-in Hybrid") return ["Type 2 charging cable"];
  return [];
}

/** What every vehicle of the type has, which is nothing to boast of in a description. */
export function basicEquipment(line: ModelLine): readonly string[] {
  return line.vehicleType === "car" ? CAR_EQUIPMENT.entry : line.vehicleType === "van" ? VAN_EQUIPMENT.entry : [];
}

export function equipmentOf(line: ModelLine, derivative: Derivative, vehicle: VehicleDetails): string[] {
  const year = vehicle.yearOfManufacture ?? derivative.firstYear;
  const tier = tierOf(derivative.name);
  const byTier = line.vehicleType === "car" ? CAR_EQUIPMENT : line.vehicleType === "van" ? VAN_EQUIPMENT : undefined;
  const trim = byTier ? TIERS.slice(0, TIERS.indexOf(tier) + 1).flatMap((level) => byTier[level]) : TRUCK_EQUIPMENT;
  const automatic = derivative.transmission === "Automatic" && line.vehicleType === "car" && tier !== "entry" ? ["Paddle shifters"] : [];
  return [
    ...new Set([...trim, ...modernEquipment(year, tier), ...fuelEquipment(derivative, year), ...bodyEquipment(vehicle), ...automatic]),
  ];
}

const OWNERS = ["", "one owner", "two owners", "three owners", "four owners", "five owners"];

/** "rear parking sensors", but "Apple CarPlay" and "LED headlights" as written. */
const inSentence = (item: string) => (/^(Apple|[A-Z]{2})/.test(item) ? item : item[0]!.toLowerCase() + item.slice(1));

/** A listing's opening lines: what it is, its history, and the best of its equipment. */
export function descriptionOf(vehicle: VehicleDetails, features: readonly string[], basics: readonly string[]): string {
  const { yearOfManufacture, make, model, derivative, colour, owners, serviceHistory, odometerReadingMiles, ownershipCondition } = vehicle;
  const name = [yearOfManufacture, make, model, derivative].filter(Boolean).join(" ");
  const history = [
    ownershipCondition === "New" ? "pre-registered with delivery miles" : owners ? `${OWNERS[owners]} from new` : undefined,
    serviceHistory && serviceHistory !== "First service not due" ? serviceHistory.toLowerCase() : undefined,
    odometerReadingMiles !== undefined && ownershipCondition !== "New" ? `${formatMiles(odometerReadingMiles)} on the clock` : undefined,
  ].filter(Boolean);
  const highlights = features
    .filter((item) => !basics.includes(item))
    .slice(-3)
    .map(inSentence);
  const opening = `This ${name}${colour ? ` in ${colour.toLowerCase()}` : ""} comes with ${history.join(", ") || "our full inspection"}.`;
  if (highlights.length === 0) return opening;
  return `${opening} Highlights include ${highlights.slice(0, -1).join(", ")}${highlights.length > 1 ? " and " : ""}${highlights.at(-1)}.`;
}
