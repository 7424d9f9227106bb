import { VEHICLE_NOUNS, type VehicleType } from "../../../domain/vehicle-types";
import type { Crumb } from "../Breadcrumbs";

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
