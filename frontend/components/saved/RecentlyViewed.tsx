import { useEffect, useState } from "react";
import type { VehicleCardData } from "../VehicleCard";
import { VehicleGrid } from "../VehicleCard";
import { recentlyViewed } from "./browser-lists";
import { lookUpSaved } from "./saved-rows";
import { useVehicleList } from "./use-vehicle-list";

/** Notes a vehicle page as seen, for the recently viewed lists. */
export function useViewedVehicle(id: string): void {
  useEffect(() => recentlyViewed.viewed(id), [id]);
}

/**
 * The vehicles this browser opened last (not the one on screen), fetched afresh so their
 * prices are today's; vehicles sold since are left out. Shown only in the browser, after
 * the page is interactive, so the server's HTML and the first render always agree.
 */
export function RecentlyViewed({ except, className }: { except?: string; className?: string }) {
  const ids = useVehicleList(recentlyViewed).filter((id) => id !== except);
  const wanted = ids.join(",");
  const [cards, setCards] = useState<VehicleCardData[]>([]);
  useEffect(() => {
    if (!wanted) {
      setCards([]);
      return;
    }
    const controller = new AbortController();
    lookUpSaved(wanted.split(","), controller.signal).then(
      (rows) => setCards(rows.flatMap((row) => (row.status === "for sale" ? [row.card] : []))),
      // Only a reminder: without the lookup the page simply goes without it.
      () => undefined,
    );
    return () => controller.abort();
  }, [wanted]);
  if (cards.length === 0) return null;
  return (
    <section className={className} aria-labelledby="recently-viewed-heading">
      <h2 id="recently-viewed-heading">Recently viewed</h2>
      <VehicleGrid vehicles={cards} belowTheFold />
    </section>
  );
}
