import { Fragment, useEffect, useRef } from "react";
import {
  isRouteErrorResponse,
  Link,
  redirect,
  useLocation,
  useNavigate,
  useNavigation,
  useRevalidator,
  useSearchParams,
} from "react-router";
import { FILTER_NAMES, FILTERS, spelledAsStock, type FilterName } from "../../domain/filters";
import { formatCount } from "../../domain/format";
import { parseSearchRequestLeniently, tidySearchQuery } from "../../domain/parse-search-request";
import { readSearchRequest, type SearchRequest } from "../../domain/search-request";
import { tidyPostcode } from "../../domain/uk-formats";
import { VEHICLE_NOUNS, VEHICLE_TYPES, type VehicleType } from "../../domain/vehicle-types";
import type { PageCatalogue } from "../../backend/catalogue";
import { catalogueContext, dealerContext } from "../../backend/http/request-context";
import { buyerLocation, UnknownPostcodeError } from "../../backend/geo/buyer-location";
import { branchOf, dealerBranches, isDealerGroup } from "../../domain/branches";
import type { Dealer } from "../../domain/dealer";
import { POSTCODE_DATA_ATTRIBUTION } from "../../domain/postcode-data";
import { DistanceControls } from "../components/search/DistanceControls";
import { SaveSearch } from "../components/alerts/SaveSearch";
import { Pagination } from "../components/Pagination";
import { ActiveFilters, filterValueLabel } from "../components/search/ActiveFilters";
import { FilterBar } from "../components/search/FilterBar";
import { FilterPanel, WIDE_SCREEN } from "../components/search/FilterPanel";
import { KeywordSearch } from "../components/search/KeywordSearch";
import { ResultsControls } from "../components/search/ResultsControls";
import { offeredFilters, type FilterOptions } from "../components/search/offered-filters";
import { searchHref, withFilter, withoutFilters } from "../components/search/search-changes";
import { useBrowsedChange } from "../components/search/use-browsed-change";
import { PhoneLink } from "../components/PhoneLink";
import { useDealer } from "../components/use-dealer";
import { cardOf, VehicleGrid, type VehicleCardData } from "../components/VehicleCard";
import type { Route } from "./+types/search";
import { describePage } from "../seo/page-meta";
import { answersOutages } from "../engine-outage.server";
import { ErrorPage } from "../components/ErrorPage";
import { retryAfterHeaders } from "../retry-after-headers";

/** /car-search, /van-search and /truck-search: one screen, its type read from the path. */
function typeOfPath(pathname: string): VehicleType {
  const type = VEHICLE_TYPES.find((candidate) => pathname === `/${candidate}-search`);
  if (!type) throw new Error(`${pathname} is not a search page`);
  return type;
}

interface SearchPageData {
  type: VehicleType;
  /** Why the postcode in the address was not used (malformed, or not one we can place), naming it. */
  postcodeProblem?: string;
  /** The search measured distances: the data's attribution is shown beneath. */
  measured: boolean;
  total: number;
  vehicles: VehicleCardData[];
  options: FilterOptions;
  /** The newest search could not be fetched: these are the previous results, kept on show. */
  failed?: boolean;
  /** Parameters of the address that could not be read, and were left out of the search. */
  ignored: string[];
  /** For a keyword search: how many vehicles of each other type match the same words. */
  elsewhere: { type: VehicleType; total: number }[];
}

export function meta({ data: page, location }: Route.MetaArgs) {
  if (!page) return [{ title: "Search our stock" }];
  const heading = headingOf(page.type, readSearchRequest(new URLSearchParams(location.search)), page.options);
  const noun = VEHICLE_NOUNS[page.type].many;
  return describePage(
    heading,
    `${formatCount(page.total)} ${noun} for sale: filter by make, model, price, year and more, with prices and mileage for each.`,
  );
}

export const loader = answersOutages(load);

async function load({ url, context }: Route.LoaderArgs): Promise<SearchPageData> {
  const type = typeOfPath(url.pathname);
  // The filter form without JavaScript submits every field; the address keeps only what it asks for.
  const tidy = tidySearchQuery(url.searchParams);
  if (tidy) throw redirect(tidy.size > 0 ? `${url.pathname}?${tidy}` : url.pathname, 302);
  // A mangled link (a price of "abc") still shows a search, without what could not be read.
  const { value: asked, dropped } = parseSearchRequestLeniently(url.searchParams);
  const { request, problem: postcodeProblem } = withPlaceablePostcode(asked, url.searchParams.get("postcode"));
  const catalogue = context.get(catalogueContext);
  const [result, elsewhere] = await Promise.all([catalogue.search(type, request, true), otherTypesMatching(catalogue, type, request.q)]);
  return {
    type,
    ...(postcodeProblem ? { postcodeProblem } : {}),
    measured: request.postcode !== undefined,
    total: result.total,
    vehicles: result.vehicles.map(cardOf),
    options: withBranchNames(result.options, context.get(dealerContext)),
    ignored: dropped.map(({ field }) => field).filter((field) => field !== "postcode"),
    elsewhere,
  };
}

/** The search without a postcode the site cannot measure from, and what to tell the buyer about it. */
function withPlaceablePostcode(request: SearchRequest, given: string | null): { request: SearchRequest; problem?: string } {
  const { postcode: _postcode, withinMiles: _withinMiles, ...unmeasured } = request;
  if (!request.postcode) {
    const typed = given?.trim();
    return typed
      ? { request: unmeasured, problem: `“${typed.slice(0, 20)}” is not a UK postcode: give one like WN1 1AA, or WN1` }
      : { request };
  }
  try {
    buyerLocation(request.postcode);
    return { request };
  } catch (error) {
    if (!(error instanceof UnknownPostcodeError)) throw error;
    return { request: unmeasured, problem: error.message };
  }
}

/** A group's Branch options read as the branches' names. */
function withBranchNames(options: FilterOptions, dealer: Dealer): FilterOptions {
  if (!options.branch) return options;
  const branches = dealerBranches(dealer);
  return { ...options, branch: options.branch.map((option) => ({ ...option, label: branchOf(branches, option.value).name })) };
}

/** The other types with vehicles matching the words alone, so a buyer who searched vans for "fiesta" hears of the cars. */
async function otherTypesMatching(catalogue: PageCatalogue, type: VehicleType, q: string | undefined) {
  if (!q) return [];
  const others = VEHICLE_TYPES.filter((other) => other !== type);
  const totals = await Promise.all(
    others.map(async (other) => ({
      type: other,
      total: (await catalogue.search(other, { q, filters: {}, sort: "relevance", page: 1, pageSize: 1 })).total,
    })),
  );
  return totals.filter(({ total }) => total > 0);
}

/** The last results that arrived, to keep on show (with a notice) if the next search fails. */
let lastResults: SearchPageData | undefined;

export async function clientLoader({ request, serverLoader }: Route.ClientLoaderArgs): Promise<SearchPageData> {
  try {
    lastResults = await serverLoader();
    return lastResults;
  } catch (error) {
    // A refused address (4xx) is a real answer. A failing server, a proxy's 502/503 or a
    // dropped connection is not, so the old list stays with a retry.
    const refused = isRouteErrorResponse(error) && error.status < 500;
    if (refused || lastResults?.type !== typeOfPath(new URL(request.url).pathname)) throw error;
    return { ...lastResults, failed: true };
  }
}

export default function SearchPage({ loaderData: page }: Route.ComponentProps) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const navigation = useNavigation();
  const revalidator = useRevalidator();
  const dialogRef = useRef<HTMLDialogElement>(null);

  // The results, heading and pages belong to the address on show. The controls show the
  // address being loaded, and each change builds on it, so on a slow connection a choice
  // neither jumps back nor undoes the one made just before it.
  const shown = readSearchRequest(params);
  const pending = navigation.state === "loading" && navigation.location.pathname === pathname ? navigation.location : undefined;
  const asked = pending ? readSearchRequest(new URLSearchParams(pending.search)) : shown;
  // flushSync commits the pending address before the browser paints or takes the next
  // input, so the changed control never shows its old value.
  const { draft, change } = useBrowsedChange((next: SearchRequest) =>
    navigate(searchHref(pathname, next), { replace: true, preventScrollReset: true, flushSync: true }),
  );
  // An option arrowed to but not yet searched for shows in the controls, and builds on what was asked.
  const wanted = draft ?? asked;
  const updating = pending !== undefined || draft !== undefined || revalidator.state === "loading";
  const offered = offeredFilters(page.type, page.options, wanted);
  const nouns = VEHICLE_NOUNS[page.type];
  const pageCount = Math.max(1, Math.ceil(page.total / shown.pageSize));

  useEffect(() => {
    if (!page.failed) lastResults = page;
  }, [page]);

  const openFilters = (field?: string) => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    // A wide screen shows the panel as a sidebar (CSS decides): a link to the filters (#filters) or to one (#filter-price) leads there.
    const sidebar = window.matchMedia(WIDE_SCREEN).matches;
    if (!sidebar && !dialog.open) dialog.showModal();
    const fieldElement = field ? document.getElementById(`filter-${field}`) : sidebar && dialog;
    if (fieldElement) focusField(fieldElement);
  };

  return (
    <div className="page search-page">
      <div className="search-page__heading">
        <h1>{headingOf(page.type, shown, page.options)}</h1>
        <p className="lede" aria-hidden={updating}>
          {formatCount(page.total)} {page.total === 1 ? nouns.one : nouns.many}
        </p>
        <SaveSearch type={page.type} shown={shown} options={page.options} total={page.total} />
      </div>
      <KeywordSearch pathname={pathname} type={page.type} wanted={wanted} />
      {shown.q && <AlsoMatching q={shown.q} elsewhere={page.elsewhere} />}
      <FilterBar offered={offered} dialogRef={dialogRef} onOpen={openFilters} />
      <div className="search-page__columns">
        <FilterPanel
          type={page.type}
          pathname={pathname}
          wanted={wanted}
          shown={shown}
          options={page.options}
          offered={offered}
          total={page.total}
          updating={updating}
          dialogRef={dialogRef}
          openAt={openFilters}
          onChange={change}
        />
        <div className="search-page__results">
          {/* The chips name the search asked for, not each option arrowed past on the way to it. */}
          <ActiveFilters pathname={pathname} wanted={asked} options={page.options} />
          <DistanceControls pathname={pathname} wanted={wanted} problem={page.postcodeProblem} onChange={change} />
          {shown.sort === "distance" && !shown.postcode && !page.postcodeProblem && (
            <p className="notice" role="status">
              To see the nearest first, give your postcode above. Until then these are in order of relevance.
            </p>
          )}
          <DeliveryNote postcode={params.get("postcode")} />
          {page.ignored.length > 0 && <IgnoredNote fields={page.ignored} />}
          {page.failed && (
            <div className="notice" role="alert">
              <p>We couldn't update the results just now, so these are the ones from before. Please try again.</p>
              <button type="button" className="button" onClick={() => revalidator.revalidate()}>
                Try again
              </button>
            </div>
          )}
          <ResultsControls pathname={pathname} wanted={wanted} onChange={change} />
          <p role="status" className="visually-hidden">
            {updating ? "Updating results" : `${formatCount(page.total)} ${page.total === 1 ? nouns.one : nouns.many} match`}
          </p>
          <section id="results" className={updating ? "results results--updating" : "results"} aria-busy={updating} aria-label="Results">
            {page.vehicles.length > 0 ? (
              <VehicleGrid vehicles={page.vehicles} />
            ) : (
              <NoMatches plural={nouns.many} pathname={pathname} shown={shown} options={page.options} pageCount={pageCount} />
            )}
          </section>
          <Pagination page={shown.page} pageCount={pageCount} hrefOf={(p) => searchHref(pathname, { ...shown, page: p })} />
          {page.measured && <p className="data-attribution">Distances: {POSTCODE_DATA_ATTRIBUTION}</p>}
        </div>
      </div>
    </div>
  );
}

/** "Also 63 vans and 2 trucks match “transit custom”", each a link to that search. */
function AlsoMatching({ q, elsewhere }: { q: string; elsewhere: SearchPageData["elsewhere"] }) {
  if (elsewhere.length === 0) return null;
  return (
    <p className="also-matching">
      Also{" "}
      {elsewhere.map(({ type, total }, i) => (
        <Fragment key={type}>
          {i > 0 && " and "}
          <Link to={searchHref(`/${type}-search`, { q })}>
            {formatCount(total)} {total === 1 ? VEHICLE_NOUNS[type].one : VEHICLE_NOUNS[type].many}
          </Link>
        </Fragment>
      ))}{" "}
      match “{q}”.
    </p>
  );
}

function focusField(field: HTMLElement) {
  field.scrollIntoView({ block: "start" });
  // The first on show: the panel's order and page size are hidden on a wide screen.
  [...field.querySelectorAll("select")].find((select) => select.getClientRects().length > 0)?.focus({ preventScroll: true });
}

function NoMatches({
  plural,
  pathname,
  shown,
  options,
  pageCount,
}: {
  plural: string;
  pathname: string;
  shown: SearchRequest;
  options: FilterOptions;
  pageCount: number;
}) {
  if (shown.page > pageCount) {
    return (
      <div className="no-matches">
        <h2>There are no more {plural} on this page</h2>
        <p>
          <Link to={searchHref(pathname, { ...shown, page: 1 })}>Go back to the first page</Link>
        </p>
      </div>
    );
  }
  const inUse = FILTER_NAMES.filter((name) => shown.filters[name] !== undefined);
  return (
    <div className="no-matches">
      <h2>
        No {plural} match{" "}
        {shown.q ? (
          <>
            “{shown.q}”{inUse.length > 0 && " with those filters"}
          </>
        ) : (
          "all of those filters"
        )}
      </h2>
      <p>Try a search with one thing fewer:</p>
      <ul className="no-matches__wider">
        {shown.q && (
          <li>
            <Link to={searchHref(pathname, { ...shown, q: undefined, page: 1 })}>Without the words “{shown.q}”</Link>
          </li>
        )}
        {inUse.map((name) => (
          <li key={name}>
            <Link to={searchHref(pathname, withFilter(shown, name, ""))}>Without {filterValueLabel(name, shown, options)}</Link>
          </li>
        ))}
      </ul>
      <p>
        <Link className="button" to={searchHref(pathname, { ...withoutFilters(shown), q: undefined })}>
          Show all {plural}
        </Link>
      </p>
    </div>
  );
}

/**
 * "Ford Focus for sale", "Used Ford vans for sale", "New cars for sale", "Trucks for sale":
 * condition, make and model spelled as the stock spells them.
 */
function headingOf(type: VehicleType, { filters }: SearchRequest, options: FilterOptions): string {
  const condition = filters.condition && spelledAsStock(filters.condition, options.condition);
  const make = filters.make && spelledAsStock(filters.make, options.make);
  const model = filters.model && spelledAsStock(filters.model, options.model);
  const lead = condition ? `${condition} ` : "";
  if (make && model) return `${lead}${make} ${model} for sale`;
  if (make) return `${lead}${make} ${VEHICLE_NOUNS[type].many} for sale`;
  return condition ? `${condition} ${VEHICLE_NOUNS[type].many} for sale` : `${VEHICLE_NOUNS[type].title} for sale`;
}

export const headers = retryAfterHeaders;

/** The search could not be run: said plainly, with a way to start again. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { pathname } = useLocation();
  if (isRouteErrorResponse(error) && error.status === 503) return <ErrorPage error={error} />;
  return (
    <section className="page message-page">
      <h1>Something went wrong</h1>
      <p>Sorry, the search couldn't be shown just now. Please try again in a moment.</p>
      <p>
        <Link className="button" to={pathname}>
          Start a new search
        </Link>
      </p>
    </section>
  );
}

const PARAMETER_NAMES: Record<string, string> = { sort: "sort order", page: "page number", pageSize: "number of results per page" };

/** What the address asked for that could not be read, in words: "the price and the sort order". */
function IgnoredNote({ fields }: { fields: string[] }) {
  const names = fields.map((field) => `the ${PARAMETER_NAMES[field] ?? FILTERS[field as FilterName]?.label.toLowerCase() ?? field}`);
  const list = names.length > 1 ? `${names.slice(0, -1).join(", ")} and ${names.at(-1)}` : names[0];
  return (
    <div className="notice" role="status">
      <p>
        We couldn't read {list} in the address you followed, so the results below are shown without {fields.length > 1 ? "them" : "it"}.
      </p>
    </div>
  );
}

/** The used-cars page asks for a postcode; the answer a buyer far away wants is whether we deliver. */
function DeliveryNote({ postcode }: { postcode: string | null }) {
  const dealer = useDealer();
  const tidy = postcode && tidyPostcode(postcode);
  // A group's vehicles stand at several branches: each card says which, and how far.
  if (!tidy || isDealerGroup(dealer)) return null;
  return (
    <div className="notice">
      <p>
        Every vehicle here is at our {dealer.address.town} showroom ({dealer.address.postcode}).
        {dealer.deliveryArea && (
          <>
            {" "}
            We deliver {dealer.deliveryArea}: call <PhoneLink /> for a delivery price to {tidy}.
          </>
        )}
      </p>
    </div>
  );
}
