import {
  FILTERS,
  recentSince,
  type FilterName,
  type Filters,
  type FilterValue,
  type NumericRange,
  type RecentFilterName,
} from "../../domain/filters";
import type { VehicleType } from "../../domain/vehicle";

/**
 * Meilisearch filter expressions built from parsed filters. Values are always quoted and
 * escaped, so what a visitor types ("Mercedes-Benz", `x" OR type = "van`, a backslash) is
 * only ever a value and can never change the meaning of the filter.
 */

/** A double-quoted filter value: backslashes and quotes escaped, as Meilisearch unescapes them. */
export function quoteFilterValue(value: string): string {
  return `"${value.replaceAll("\\", "\\\\").replaceAll('"', '\\"')}"`;
}

function formatNumber(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`A filter bound must be a finite number, not ${value}`);
  return String(value);
}

function rangeConditions(attribute: string, { min, max }: NumericRange): string[] {
  const conditions: string[] = [];
  if (min !== undefined) conditions.push(`${attribute} >= ${formatNumber(min)}`);
  if (max !== undefined) conditions.push(`${attribute} <= ${formatNumber(max)}`);
  return conditions;
}

/**
 * The conditions, all to be met, for a search of one type (or all stock) with these filters,
 * leaving out `except`: a filter's options are counted without it (see countedWithout). An
 * on/off filter compares when its event happened with `now`, the time of the search.
 */
export function filterConditions(
  type: VehicleType | undefined,
  filters: Filters,
  except: readonly FilterName[] = [],
  now = Date.now(),
): string[] {
  const conditions: string[] = type ? [`type = ${quoteFilterValue(type)}`] : [];
  for (const [name, value] of Object.entries(filters) as [FilterName, FilterValue | undefined][]) {
    if (value === undefined || except.includes(name)) continue;
    conditions.push(...filterCondition(name, value, now));
  }
  return conditions;
}

/** Vehicles standing at one of these branches (`not`: at none of them, or at no branch). */
export function branchCondition(codes: readonly string[], { not = false } = {}): string {
  return `branch ${not ? "NOT IN" : "IN"} [${codes.map(quoteFilterValue).join(", ")}]`;
}

/** One filter's conditions. */
export function filterCondition(name: FilterName, value: FilterValue, now = Date.now()): string[] {
  if (value === true) return [`${name} >= ${formatNumber(recentSince(name as RecentFilterName, now))}`];
  if (FILTERS[name].kind === "text") return [`${name} = ${quoteFilterValue(value as string)}`];
  return rangeConditions(name, value as NumericRange);
}
