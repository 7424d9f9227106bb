import { makeAliases } from "../../domain/make-aliases";
import type { VehicleRecord } from "../../domain/vehicle";

/**
 * The words a keyword search matches, cut as Meilisearch's tokenizer (charabia) cuts Latin
 * text, so that both engines find the same vehicles: accents dropped, lower case, split at
 * white space and punctuation ("1.0" is two words, "320d" one, "Mercedes-Benz" two).
 * Symbols such as "+" and "£" stay within words, as there.
 */

/** Meilisearch reads the first 10 words of a query and ignores the rest. */
export const MAX_QUERY_WORDS = 10;

const SEPARATOR = /[\s\p{P}]+/u;
const NONSPACING_MARKS = /\p{Mn}/gu;
const NOT_ASCII = /[^\x00-\x7f]/;

export function searchWords(text: string): string[] {
  // Plain ASCII, nearly all stock text, has no accents to take off.
  const plain = NOT_ASCII.test(text)
    ? text.normalize("NFKD").replace(NONSPACING_MARKS, "").toLowerCase().replaceAll("œ", "oe").replaceAll("æ", "ae")
    : text.toLowerCase();
  return plain.split(SEPARATOR).filter((word) => word !== "");
}

/** The words of a query that count, in order. */
export function queryWords(q: string | undefined): string[] {
  return q === undefined ? [] : searchWords(q).slice(0, MAX_QUERY_WORDS);
}

/**
 * The text a keyword search looks through, attribute by attribute in the order Meilisearch
 * is told to rank them: what the vehicle is, then how it is equipped and described.
 */
export const SEARCHABLE_TEXT = {
  make: (record: VehicleRecord) => record.vehicle.make,
  // "VW" finds a Volkswagen and "merc" a Mercedes-Benz anywhere in the query, ranked as the make.
  makeAliases: (record: VehicleRecord) => [...makeAliases(record.vehicle.make)],
  model: (record: VehicleRecord) => record.vehicle.model,
  derivative: (record: VehicleRecord) => record.vehicle.derivative,
  bodyType: (record: VehicleRecord) => record.vehicle.bodyType,
  fuelType: (record: VehicleRecord) => record.vehicle.fuelType,
  gearbox: (record: VehicleRecord) => record.vehicle.transmissionType,
  colour: (record: VehicleRecord) => record.vehicle.colour,
  features: (record: VehicleRecord) => record.vehicle.features,
  description: (record: VehicleRecord) => record.adverts.retailAdverts.description,
} satisfies Record<string, (record: VehicleRecord) => string | string[] | undefined>;

export type SearchableAttribute = keyof typeof SEARCHABLE_TEXT;
export const SEARCHABLE_ATTRIBUTES = Object.keys(SEARCHABLE_TEXT) as SearchableAttribute[];

/** Every word a vehicle can be found by, once each. */
export function recordWords(record: VehicleRecord): Set<string> {
  const words = new Set<string>();
  for (const attribute of SEARCHABLE_ATTRIBUTES) {
    const value = SEARCHABLE_TEXT[attribute](record);
    for (const text of Array.isArray(value) ? value : value === undefined ? [] : [value]) {
      for (const word of searchWords(text)) words.add(word);
    }
  }
  return words;
}
