import { data } from "react-router";
import { formatCount } from "../../domain/format";
import { parseSearchRequest } from "../../domain/parse-search-request";
import { searchRequestToParams } from "../../domain/search-request";
import { catalogueContext } from "../../backend/http/request-context";
import { Pagination } from "../components/Pagination";
import { cardOf, VehicleGrid } from "../components/VehicleCard";
import type { Route } from "./+types/vehicle-list";
import { describePage } from "../seo/page-meta";
import { answersOutages } from "../engine-outage.server";

export function meta({ data: page }: Route.MetaArgs) {
  const title = page && page.page > 1 ? `All stock, page ${page.page}` : "All stock";
  return describePage(title, "Every car, van and truck we have for sale, with prices and mileage.");
}

export const loader = answersOutages(load);

async function load({ url, context }: Route.LoaderArgs) {
  const parsed = parseSearchRequest(url.searchParams);
  if (!parsed.ok) throw data(parsed.error.message, { status: 400 });
  const { page, pageSize } = parsed.value;
  const result = await context.get(catalogueContext).search(undefined, { filters: {}, sort: "relevance", page, pageSize });
  return { page, pageSize, total: result.total, vehicles: result.vehicles.map(cardOf) };
}

export default function VehicleList({ loaderData }: Route.ComponentProps) {
  const { page, pageSize, total, vehicles } = loaderData;
  const pageCount = Math.max(1, Math.ceil(total / pageSize));
  return (
    <section className="page">
      <h1>All stock</h1>
      <p className="lede">{formatCount(total)} vehicles for sale</p>
      {vehicles.length === 0 ? <p>There are no vehicles on this page.</p> : <VehicleGrid vehicles={vehicles} />}
      <Pagination
        page={page}
        pageCount={pageCount}
        hrefOf={(p) => {
          const query = searchRequestToParams({ page: p, pageSize }).toString();
          return query ? `/vehicles?${query}` : "/vehicles";
        }}
      />
    </section>
  );
}
