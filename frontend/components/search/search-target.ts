import { parseRange } from "../../../domain/filters";
import { amountForMonthlyPayment, FINANCE_TERMS } from "../../../domain/finance";
import { buyerPostcode, searchRequestToParams } from "../../../domain/search-request";
import { VEHICLE_TYPES, type VehicleType } from "../../../domain/vehicle-types";

/**
 * Where a landing page's search form takes the visitor: the search screen of the chosen
 * type with the keywords, make, model and condition (the new and used pages' own), a monthly budget turned into the prices it can buy, and a
 * postcode, which gives each result its distance and orders the nearest first (one the search
 * cannot read is carried as typed, for the search page to say so). The /search page redirects there when
 * JavaScript is off; with it, the form goes there directly.
 */
export function searchTarget(form: URLSearchParams): string {
  const type = (VEHICLE_TYPES as readonly string[]).includes(form.get("type") ?? "") ? (form.get("type") as VehicleType) : "car";
  const filters: Record<string, unknown> = {};
  for (const name of ["make", "model", "condition"] as const) {
    const value = form.get(name)?.trim();
    if (value) filters[name] = value;
  }
  const price = priceForBudget(form.get("budget"), form.get("customer") === "personal");
  if (price) filters.price = price;
  const q = form.get("q")?.trim();
  const typed = form.get("postcode")?.trim().slice(0, 20);
  const postcode = typed ? (buyerPostcode(typed) ?? typed) : undefined;
  // A buyer who gives a postcode wants the nearest first, as the search page's own postcode box orders it.
  const params = searchRequestToParams({ q: q || undefined, filters, postcode, sort: postcode ? "distance" : undefined });
  const query = params.toString();
  return `/${type}-search${query ? `?${query}` : ""}`;
}

/**
 * The prices a monthly budget can buy on the representative terms. Commercial prices
 * exclude VAT, which a personal buyer pays on top and a business reclaims.
 */
function priceForBudget(budget: string | null, paysVat: boolean) {
  if (!budget) return undefined;
  const monthly = parseRange(budget);
  if ("problem" in monthly) return undefined;
  const price = (payment: number | undefined) =>
    payment === undefined ? undefined : Math.floor(amountForMonthlyPayment(payment) / (paysVat ? 1 + FINANCE_TERMS.vatRate : 1));
  return { min: price(monthly.min), max: price(monthly.max) };
}
