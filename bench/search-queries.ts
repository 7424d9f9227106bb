import { FILTERS } from "../domain/filters";
import { searchRequestToParams } from "../domain/search-request";
import { SORT_VALUES } from "../domain/sort";
import type { VehicleRecord } from "../domain/vehicle";

/** The benches' queries, and how their timings are summed up. */

/** Realistic search-screen states drawn from the stock itself, so filters match something. */
export function searchScreenQueries(stock: VehicleRecord[], count: number): string[] {
  let state = 12345;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  return Array.from({ length: count }, () => {
    const sample = pick(stock);
    const { vehicle } = sample;
    const filters: Record<string, unknown> = {};
    if (random() < 0.7) filters.make = vehicle.make;
    if (filters.make && random() < 0.4) filters.model = vehicle.model;
    if (random() < 0.3) filters.price = pick(FILTERS.price.bands);
    if (random() < 0.2 && vehicle.yearOfManufacture) filters.year = { min: vehicle.yearOfManufacture - 2 };
    if (random() < 0.2 && vehicle.fuelType) filters.fuelType = vehicle.fuelType;
    if (random() < 0.15 && vehicle.bodyType) filters.bodyType = vehicle.bodyType;
    if (random() < 0.1 && vehicle.transmissionType) filters.gearbox = vehicle.transmissionType;
    const params = searchRequestToParams({ filters, sort: pick(SORT_VALUES), page: random() < 0.85 ? 1 : 2 });
    return `${vehicle.vehicleType}?${params}`;
  });
}

/**
 * Keyword searches a buyer types, drawn from the stock: make and model, a typo in a long
 * word, a model cut short as the buyer is still typing, equipment; some with a filter, most
 * ranked by relevance. Each is the search screen's call: filters, every count, the first page.
 */
export function keywordQueries(stock: VehicleRecord[], count: number): string[] {
  let state = 54321;
  const random = () => (state = (state * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
  const pick = <T>(items: readonly T[]) => items[Math.floor(random() * items.length)]!;
  const swapInside = (word: string) => {
    if (word.length < 5) return word;
    const at = 1 + Math.floor(random() * (word.length - 2));
    return word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2);
  };
  return Array.from({ length: count }, () => {
    const { vehicle } = pick(stock);
    const words = [
      () => `${vehicle.make} ${vehicle.model}`,
      () => `${swapInside(vehicle.make)} ${vehicle.model}`,
      () => `${vehicle.make} ${vehicle.model.slice(0, 3)}`,
      () => `${vehicle.model} ${vehicle.transmissionType ?? ""}`,
      () => pick(vehicle.features ?? [vehicle.make]),
    ];
    const filters: Record<string, unknown> = {};
    if (random() < 0.3) filters.price = pick(FILTERS.price.bands);
    if (random() < 0.2 && vehicle.fuelType) filters.fuelType = vehicle.fuelType;
    const sort = random() < 0.6 ? "relevance" : pick(SORT_VALUES);
    const params = searchRequestToParams({ q: pick(words)().toLowerCase().trim(), filters, sort });
    return `${vehicle.vehicleType}?${params}`;
  });
}

export function stats(samples: number[]): Stats {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (share: number) => sorted[Math.min(sorted.length - 1, Math.floor(share * sorted.length))]!;
  return { median: at(0.5), p95: at(0.95) };
}

export interface Stats {
  median: number;
  p95: number;
}
