import { FILTERS, type Filters } from "../../domain/filters";
import { formatPounds } from "../../domain/format";
import { VEHICLE_NOUNS } from "../../domain/vehicle-types";
import type { DemandKey, DemandRow, SavedSearch } from "./alert-store";

/**
 * What buyers are waiting for, for the stock console: confirmed saved searches (and vehicles
 * watched) counted by type, make, model and the price band their maximum price falls in.
 * People are counted by their addresses' keyed hashes, so one buyer with three searches for
 * the same van is one person, and no address is read.
 */

/** The price filter's band edges: a maximum of £19,500 is counted with "under £20,000". */
const PRICE_EDGES = FILTERS.price.bands.flatMap((band) => (band.max === undefined ? [] : [band.max]));

/** The band ceiling a maximum price falls in; undefined beyond the last edge. */
export function priceCeilingOf(maxPrice: number | undefined): number | undefined {
  if (maxPrice === undefined) return undefined;
  return PRICE_EDGES.find((edge) => maxPrice <= edge);
}

/** What a search is counted under, from its filters as the stock spells them. */
export function demandKeyOf(filters: Filters, priceForWatch?: number): DemandKey {
  const ceiling = priceCeilingOf(priceForWatch ?? filters.price?.max);
  return {
    ...(filters.make ? { make: filters.make } : {}),
    ...(filters.model ? { model: filters.model } : {}),
    ...(ceiling === undefined ? {} : { priceCeiling: ceiling }),
  };
}

export function countDemand(searches: Iterable<SavedSearch>): DemandRow[] {
  const groups = new Map<string, { row: Omit<DemandRow, "people">; people: Set<string> }>();
  for (const search of searches) {
    if (search.status === "unconfirmed") continue;
    const row = {
      type: search.type,
      ...(search.make ? { make: search.make } : {}),
      ...(search.model ? { model: search.model } : {}),
      ...(search.priceCeiling === undefined ? {} : { priceCeiling: search.priceCeiling }),
    };
    const key = JSON.stringify([row.type, row.make, row.model, row.priceCeiling]);
    let group = groups.get(key);
    if (!group) groups.set(key, (group = { row, people: new Set() }));
    group.people.add(search.recipient);
  }
  return sortDemand([...groups.values()].map(({ row, people }) => ({ ...row, people: people.size })));
}

/** Busiest first; then by type, make, model and price, so the order is the same every time. */
export function sortDemand(rows: DemandRow[]): DemandRow[] {
  const text = (value: string | undefined) => value ?? "";
  return rows.sort(
    (a, b) =>
      b.people - a.people ||
      a.type.localeCompare(b.type) ||
      text(a.make).localeCompare(text(b.make)) ||
      text(a.model).localeCompare(text(b.model)) ||
      (a.priceCeiling ?? Infinity) - (b.priceCeiling ?? Infinity),
  );
}

/** "42 people want a Ford Transit Custom under £20,000", "1 person wants an Audi A3", "3 people want any van". */
export function demandSentence({ type, make, model, priceCeiling, people }: DemandRow): string {
  const what = [make, model].filter(Boolean).join(" ");
  const vehicle = what ? `${/^[aeiou]/i.test(what) ? "an" : "a"} ${what}` : `any ${VEHICLE_NOUNS[type].one}`;
  const price = priceCeiling === undefined ? "" : ` under ${formatPounds(priceCeiling)}`;
  return `${people} ${people === 1 ? "person wants" : "people want"} ${vehicle}${price}`;
}
