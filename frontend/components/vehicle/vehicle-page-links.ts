import { VEHICLE_NOUNS, type VehicleType } from "../../../domain/vehicle-types";
import type { Crumb } from "../Breadcrumbs";

const SEARCH_PAGE = /^\/(?:car|van|truck)-search$/;

/**
 * The search a visitor came to a vehicle from, with its filters and page, as the request's
 * Referer names it (a browser sends the whole address within a site, with or without
 * JavaScript); undefined when it names no search page of this site.
 */
export function searchCameFrom(referer: string | null, siteHosts: readonly string[]): string | undefined {
  if (!referer || !URL.canParse(referer)) return undefined;
  const from = new URL(referer);
  if (!siteHosts.includes(from.host) || !SEARCH_PAGE.test(from.pathname)) return undefined;
  return from.pathname + from.search;
}

/** Home › Cars › Ford › Fiesta › this one: each step a search a buyer can widen to. */
export function vehicleCrumbs(type: VehicleType, make: string, model: string, name: string): Crumb[] {
  const search = `/${type}-search`;
  return [
    { name: "Home", path: "/" },
    { name: VEHICLE_NOUNS[type].title, path: search },
    { name: make, path: `${search}?${new URLSearchParams({ make })}` },
    { name: model, path: `${search}?${new URLSearchParams({ make, model })}` },
    { name },
  ];
}

/** The dealer's messaging link with a first message naming the vehicle (wa.me and most services read `text`). */
export function messageLink(messagingUrl: string, text: string): string {
  const url = new URL(messagingUrl);
  url.searchParams.set("text", text);
  return url.href;
}
