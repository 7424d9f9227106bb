import { useEffect, useState } from "react";
import { data, Link } from "react-router";
import { readVehicleIdList } from "../../domain/vehicle-id-list";
import { VEHICLE_LISTS } from "../../domain/vehicle-lists";
import { savedVehicles } from "../components/saved/browser-lists";
import { SavedList } from "../components/saved/SavedList";
import { lookUpSaved, savedRowOf, type SavedRow } from "../components/saved/saved-rows";
import { useVehicleList } from "../components/saved/use-vehicle-list";
import { useHydrated } from "../components/use-hydrated";
import { answersOutages } from "../engine-outage.server";
import { catalogueContext } from "../../backend/http/request-context";
import { describePage, NOT_INDEXED } from "../seo/page-meta";
import type { Route } from "./+types/saved";

export function meta() {
  return [...describePage("Saved vehicles", "The vehicles you saved, with today's prices, ready to compare."), NOT_INDEXED];
}

/**
 * With `ids` (a shared link) the list is read here, so it shows without JavaScript; without
 * them the page shows this browser's own list once it is interactive.
 */
export const loader = answersOutages(load);

async function load({ url, context }: Route.LoaderArgs) {
  if (!url.searchParams.has("ids")) return { shared: undefined, problem: undefined };
  const list = readVehicleIdList(url.searchParams, VEHICLE_LISTS.saved);
  if (!list.ok) return data({ shared: undefined, problem: list.message }, { status: 400 });
  const vehicles = await context.get(catalogueContext).lookUp(list.ids);
  return { shared: vehicles.map(savedRowOf), problem: undefined };
}

export default function Saved({ loaderData }: Route.ComponentProps) {
  const { shared, problem } = loaderData;
  return (
    <div className="page saved-page">
      <h1>{shared || problem ? "A shared list of vehicles" : "Saved vehicles"}</h1>
      {problem ? (
        <div className="notice" role="alert">
          <p>{problem}</p>
          <p>
            <Link to="/saved">See the vehicles saved in this browser</Link>
          </p>
        </div>
      ) : shared ? (
        <SharedList rows={shared} />
      ) : (
        <BrowserList />
      )}
    </div>
  );
}

/** A list someone shared by link: removing one is a link to the list without it, so it works without JavaScript. */
function SharedList({ rows }: { rows: SavedRow[] }) {
  const without = (id: string) => {
    const rest = rows.filter((row) => row.id !== id).map((row) => row.id);
    return rest.length > 0 ? `/saved?ids=${rest.join(",")}` : "/saved";
  };
  if (rows.length === 0) return <EmptyList />;
  return (
    <>
      <p className="lede">
        {rows.length === 1 ? "One vehicle" : `${rows.length} vehicles`} shared with you, at today's prices. With JavaScript on, the heart on
        each keeps it in your own saved list.
      </p>
      <SavedList
        rows={rows}
        removeControl={(id, name) => (
          <Link to={without(id)} aria-label={`Remove ${name} from this list`}>
            Remove from this list
          </Link>
        )}
      />
    </>
  );
}

type Lookup = { state: "loading" } | { state: "failed" } | { state: "done"; rows: Map<string, SavedRow> };

/** This browser's saved list, looked up afresh so prices and availability are today's. */
function BrowserList() {
  const hydrated = useHydrated();
  const ids = useVehicleList(savedVehicles);
  const [lookup, setLookup] = useState<Lookup>({ state: "loading" });
  const [attempt, setAttempt] = useState(0);
  const known = lookup.state === "done" ? lookup.rows : undefined;
  // Only vehicles not looked up yet are fetched, so unsaving one here does not reload the rest.
  const missing = ids.filter((id) => !known?.has(id)).join(",");
  useEffect(() => {
    if (!hydrated || !missing) return;
    const controller = new AbortController();
    lookUpSaved(missing.split(","), controller.signal).then(
      (rows) =>
        setLookup((before) => ({
          state: "done",
          rows: new Map([...(before.state === "done" ? before.rows : []), ...rows.map((row) => [row.id, row] as const)]),
        })),
      () => {
        if (!controller.signal.aborted) setLookup({ state: "failed" });
      },
    );
    return () => controller.abort();
  }, [hydrated, missing, attempt]);

  const retry = () => {
    setLookup({ state: "loading" });
    setAttempt((n) => n + 1);
  };

  if (!hydrated) {
    // What a browser without JavaScript keeps showing (a noscript is not shown where scripts are merely blocked).
    return (
      <>
        <p role="status">Loading your saved vehicles…</p>
        <p>
          Saved vehicles are kept in this browser and need JavaScript to show. A shared list (a link to this page naming its vehicles) works
          without it.
        </p>
      </>
    );
  }
  if (ids.length === 0) return <EmptyList />;
  if (lookup.state === "failed") {
    return (
      <div className="notice" role="alert">
        <p>Your saved vehicles could not be loaded just now.</p>
        <button type="button" className="button button--quiet" onClick={retry}>
          Try again
        </button>
      </div>
    );
  }
  const rows = ids.flatMap((id) => known?.get(id) ?? []);
  if (rows.length < ids.length) return <p role="status">Loading your saved vehicles…</p>;
  return (
    <>
      <p className="lede">
        {rows.length === 1 ? "One vehicle" : `${rows.length} vehicles`} saved in this browser, at today's prices.{" "}
        <Link to={`/saved?ids=${ids.join(",")}`}>Link to share this list</Link>
      </p>
      <SavedList
        rows={rows}
        removeControl={(id, name) => (
          <button
            type="button"
            className="button button--quiet"
            aria-label={`Remove ${name} from your saved vehicles`}
            onClick={() => savedVehicles.remove(id)}
          >
            Remove from list
          </button>
        )}
      />
    </>
  );
}

function EmptyList() {
  return (
    <div className="saved-page__empty">
      <p>No saved vehicles yet. Tap the heart on any vehicle to keep it here, in this browser.</p>
      <p>
        Search our <Link to="/car-search">cars</Link>, <Link to="/van-search">vans</Link> or <Link to="/truck-search">trucks</Link>.
      </p>
    </div>
  );
}
