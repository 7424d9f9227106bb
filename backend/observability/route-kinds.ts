import { LEAD_KIND_NAMES, sitePageKindOf } from "../../domain/lead-kinds";

/**
 * What kind of request an address is, for the metrics' labels: a small fixed set, never the
 * address itself, so that a crawler walking every vehicle and every filter cannot grow the
 * number of series without end (Prometheus keeps each label value as its own series).
 */
export const ROUTE_KINDS = [
  "health",
  "metrics",
  "api-search",
  "api-options",
  "api-vehicles",
  "api-suggest",
  "api-lookup",
  "api-lead",
  "api-staff",
  "api-other",
  "asset",
  "photo",
  "file",
  "page-home",
  "page-search",
  "page-list",
  "page-vehicle",
  "page-form",
  "page-staff",
  "page-other",
] as const;

export type RouteKind = (typeof ROUTE_KINDS)[number];

const LEAD_APIS = new Set<string>(LEAD_KIND_NAMES);

function apiKindOf(segments: readonly string[]): RouteKind {
  const [first, second] = segments;
  if (first === "vehicles") {
    if (second === "search") return "api-search";
    if (second === "distinct") return "api-options";
    return "api-vehicles";
  }
  if (first === "search") return "api-search";
  if (first === "suggest") return "api-suggest";
  if (first === "vehicle-lookup") return "api-lookup";
  if (first === "staff") return "api-staff";
  if (first !== undefined && LEAD_APIS.has(first)) return "api-lead";
  return "api-other";
}

function pageKindOf(segments: readonly string[]): RouteKind {
  const [first, second, third] = segments;
  if (first === undefined) return "page-home";
  if (first === "staff") return "page-staff";
  if (/^(car|van|truck)-search$/.test(first) || first === "search" || first === "offers") return "page-search";
  if (first === "vehicles") return second === undefined ? "page-list" : third === undefined ? "page-vehicle" : "page-form";
  if (segments.length === 1 && sitePageKindOf(`/${first}`)) return "page-form";
  return "page-other";
}

/** The kind of the request for `path` (the address's path, without its query). */
export function routeKindOf(path: string): RouteKind {
  const segments = path.split("/").filter((segment) => segment !== "");
  const [first] = segments;
  if (first === "healthz") return "health";
  if (first === "metrics" && segments.length === 1) return "metrics";
  if (first === "api") return apiKindOf(segments.slice(1));
  if (first === "assets") return "asset";
  if (first === "media") return "photo";
  if (segments.length === 1 && /\.[A-Za-z0-9]+$/.test(first!)) return "file";
  return pageKindOf(segments);
}
