import type { VehicleType } from "../../domain/vehicle";
import type { DemoColour } from "../media/demo-image-catalogue";
import { WeightedChoice, type SeededRandom } from "./random";

/**
 * Paint colours as common as they are in UK stock: cars mostly greys, blacks, whites and
 * blues; vans overwhelmingly white (fleets buy white, and signwriting goes on it); trucks
 * white with a share of fleet liveries.
 */
const COLOURS_BY_TYPE: Record<VehicleType, WeightedChoice<DemoColour>> = {
  car: WeightedChoice.of<DemoColour>({
    Black: 20,
    Grey: 20,
    White: 15,
    Blue: 14,
    Silver: 12,
    Red: 9,
    Green: 2.5,
    Orange: 2,
    Brown: 1.5,
    Bronze: 1,
    Beige: 1,
    Yellow: 1,
    Purple: 0.5,
  }),
  van: WeightedChoice.of<DemoColour>({
    White: 68,
    Silver: 8,
    Grey: 8,
    Black: 6,
    Blue: 5,
    Red: 3,
    Green: 1,
    Orange: 0.5,
    Yellow: 0.5,
  }),
  truck: WeightedChoice.of<DemoColour>({
    White: 45,
    Blue: 12,
    Red: 10,
    Black: 8,
    Silver: 6,
    Grey: 6,
    Green: 5,
    Orange: 4,
    Yellow: 3,
    Purple: 1,
  }),
};

export function choosePaintColour(vehicleType: VehicleType, random: SeededRandom): DemoColour {
  return COLOURS_BY_TYPE[vehicleType].pick(random);
}
