import { useState, type FormEvent } from "react";
import { data, Form, Link, useNavigation } from "react-router";
import { z } from "zod";
import {
  MOST_REPRICED,
  newPriceSchema,
  PRICE_PROBLEM,
  reductionPercentSchema,
  type BulkPriceChange,
} from "../../../backend/stock/vehicle-desk";
import { formatCount, formatPounds } from "../../../domain/format";
import {
  directionOf,
  STOCK_COLUMN_NAMES,
  STOCK_COLUMNS,
  STOCK_PAGE_SIZE,
  STOCK_STATUSES,
  stockTableHref,
  stockTableQuerySchema,
  type StockColumn,
  type StockTableQuery,
} from "../../../domain/stock-table";
import { VEHICLE_NOUNS, VEHICLE_TYPES } from "../../../domain/vehicle-types";
import { Pagination } from "../../components/Pagination";
import { Choice } from "../../staff/Choice";
import { staffPageMeta } from "../../staff/staff-meta";
import { asMember, checkedForm, formText, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/stock-table";

export function meta() {
  return staffPageMeta("Stock");
}

/** The bulk form's problem, shown at the top of the page (where a page sent without JavaScript opens) and named by the field it is with. */
const BULK_PROBLEM_ID = "bulk-problem";

const STATUS_LABELS = { "for sale": "For sale", reserved: "Reserved", hidden: "Hidden" } as const;

/** Every vehicle in stock: filtered, searched, sorted by any column and paged, all in the address. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "stock");
  const parsed = stockTableQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  // An address edited by hand into nonsense shows the whole stock rather than an error.
  const query: StockTableQuery = parsed.success ? parsed.data : stockTableQuerySchema.parse({});
  const { rows, total, makes } = await asMember(() => staffOf(context).services.stockTable.page(member, query));
  return { csrf: member.session.csrfToken, query, rows, total, makes, unread: !parsed.success };
}

const BULK_CHANGES = [
  { value: "reduce-by", label: "Reduce by £" },
  { value: "reduce-percent", label: "Reduce by %" },
  { value: "set", label: "Set the price to £" },
] as const;
const bulkChangeSchema = z.enum(BULK_CHANGES.map(({ value }) => value));

const AMOUNT_PROBLEMS: Record<BulkPriceChange["kind"], string> = {
  set: PRICE_PROBLEM,
  "reduce-by": "Enter the reduction in pounds, like 250 or £1,000",
  "reduce-percent": "Enter the reduction as a percentage between 0 and 100, like 5 or 2.5",
};

/** The bulk form's field a problem is with, for the page to mark it. */
type BulkField = "change" | "amount";

/** The bulk price change: the ticked rows repriced at once, each change audited. */
export async function action({ request, url, context }: Route.ActionArgs) {
  const member = requireMember(context, url, "stock");
  const { services, address } = staffOf(context);
  const form = await checkedForm(member, request);
  const refused = (problem: string, field?: BulkField) => data({ problem, field, done: undefined }, { status: 400 });
  const ids = form.getAll("id").filter((id): id is string => typeof id === "string");
  if (ids.length === 0) return refused("Tick the vehicles to reprice first");
  if (ids.length > MOST_REPRICED) return refused(`Reprice at most ${MOST_REPRICED} vehicles at once`);
  const change = bulkChangeSchema.safeParse(formText(form, "change"));
  if (!change.success) return refused("Choose how to change the prices", "change");
  const kind = change.data;
  // Read as the price box and a feed read money, so "0x10" or "1e1" is refused rather than read as 16 or 10.
  const amount = (kind === "reduce-percent" ? reductionPercentSchema : newPriceSchema).safeParse(formText(form, "amount"));
  if (!amount.success) return refused(AMOUNT_PROBLEMS[kind], "amount");
  const bulk: BulkPriceChange = kind === "reduce-percent" ? { kind, percent: amount.data } : { kind, pounds: amount.data };
  const { changed, skipped } = await asMember(() => services.vehicles.changePrices(member, address, ids, bulk));
  const done = `${changed === 1 ? "1 price" : `${formatCount(changed)} prices`} changed.`;
  return {
    problem: undefined,
    field: undefined,
    done:
      skipped > 0
        ? `${done} ${formatCount(skipped)} left as they were (already at that price, gone from stock, or the price would be £0 or less).`
        : done,
  };
}

export default function StockTablePage({ loaderData, actionData }: Route.ComponentProps) {
  const { csrf, query, rows, total, makes, unread } = loaderData;
  const busy = useNavigation().state !== "idle";
  const pageCount = Math.max(1, Math.ceil(total / STOCK_PAGE_SIZE));
  return (
    <section className="staff-page">
      <h1>Stock</h1>
      <StockFilters query={query} makes={makes} />
      {unread && (
        <p className="notice" role="status">
          Some filters in the address could not be read, so the whole stock is shown.
        </p>
      )}
      {actionData?.done && (
        <p className="notice notice--done" role="status">
          {actionData.done}
        </p>
      )}
      {actionData?.problem && (
        <p id={BULK_PROBLEM_ID} className="notice notice--problem" role="alert">
          {actionData.problem}
        </p>
      )}
      <p role="status" className="staff-summary">
        {total === 1 ? "1 vehicle" : `${formatCount(total)} vehicles`}
        {pageCount > 1 && `, page ${formatCount(query.page)} of ${formatCount(pageCount)}`}
      </p>
      {rows.length === 0 ? (
        <p>No vehicle in stock matches.</p>
      ) : (
        // Keyed by the page's address, so another page's rows start with none ticked.
        <StockRows key={stockTableHref(query, {})} csrf={csrf} query={query} rows={rows} busy={busy} problemField={actionData?.field} />
      )}
      <Pagination page={query.page} pageCount={pageCount} hrefOf={(page) => stockTableHref(query, { page })} />
    </section>
  );
}

type PageRows = Route.ComponentProps["loaderData"]["rows"];

/** The page's rows, each with a tick box, and the bulk price change for those ticked, which says how many are. */
function StockRows({
  csrf,
  query,
  rows,
  busy,
  problemField,
}: {
  csrf: string;
  query: StockTableQuery;
  rows: PageRows;
  busy: boolean;
  /** The bulk form's field the last answer found wrong, marked and tied to the problem's words. */
  problemField: string | undefined;
}) {
  const [ticked, setTicked] = useState(0);
  const countTicked = (event: FormEvent<HTMLFormElement>) => {
    if ((event.target as HTMLInputElement).name === "id")
      setTicked(event.currentTarget.querySelectorAll('input[name="id"]:checked').length);
  };
  return (
    <Form method="post" className="stock-table" onChange={countTicked}>
      <input type="hidden" name="csrf" value={csrf} />
      <div className="staff-table-scroll" tabIndex={0} role="region" aria-label="Vehicles in stock">
        <table className="staff-table">
          <caption className="visually-hidden">Vehicles in stock, sorted by {STOCK_COLUMNS[query.sort].label.toLowerCase()}</caption>
          <thead>
            <tr>
              <th scope="col">
                <span className="visually-hidden">Select</span>
              </th>
              <th scope="col">
                <span className="visually-hidden">Photo</span>
              </th>
              {STOCK_COLUMN_NAMES.map((column) => (
                <SortHeader key={column} column={column} query={query} />
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.id}>
                <td>
                  <input type="checkbox" name="id" value={row.id} aria-label={`Select ${row.registration ?? row.id}`} />
                </td>
                <td>
                  {row.thumbnail ? (
                    <img className="stock-table__thumb" src={row.thumbnail} alt="" width={64} height={48} loading="lazy" decoding="async" />
                  ) : (
                    <span className="stock-table__no-photo">No photo</span>
                  )}
                </td>
                <td>{row.registration ?? "—"}</td>
                <td>
                  <Link to={`/staff/stock/vehicles/${encodeURIComponent(row.id)}`}>
                    {row.make} {row.model}
                  </Link>
                  {row.derivative && <span className="stock-table__derivative">{row.derivative}</span>}
                  <span className="stock-table__id">{row.id}</span>
                </td>
                <td>{formatPounds(row.price)}</td>
                <td>{formatCount(row.daysInStock)}</td>
                <td>{formatCount(row.photos)}</td>
                <td>{formatCount(row.views)}</td>
                <td>{formatCount(row.leads)}</td>
                <td>
                  <span className={`staff-badge stock-status stock-status--${row.status.replace(" ", "-")}`}>
                    {STATUS_LABELS[row.status]}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {/* Kept at the foot of the screen while the rows scroll past, so it is in sight whatever is ticked. */}
      <fieldset className="stock-table__bulk">
        <legend>Change the prices of the ticked vehicles</legend>
        <p className="stock-table__ticked" role="status">
          {ticked === 0 ? "No vehicles ticked" : ticked === 1 ? "1 vehicle ticked" : `${formatCount(ticked)} vehicles ticked`}
        </p>
        <div className="staff-filters__field">
          <Choice
            id="bulk-change"
            name="change"
            label="Change"
            options={BULK_CHANGES}
            problemId={problemField === "change" ? BULK_PROBLEM_ID : undefined}
          />
        </div>
        <div className="staff-filters__field">
          <label htmlFor="bulk-amount">Amount</label>
          <input
            id="bulk-amount"
            name="amount"
            inputMode="decimal"
            maxLength={20}
            required
            {...(problemField === "amount" ? { "aria-invalid": true, "aria-describedby": BULK_PROBLEM_ID } : {})}
          />
        </div>
        <button type="submit" className="button" disabled={busy}>
          Change prices
        </button>
      </fieldset>
    </Form>
  );
}

function StockFilters({ query, makes }: { query: StockTableQuery; makes: string[] }) {
  return (
    <Form method="get" className="staff-filters" role="search" aria-label="Filter the stock">
      <div className="staff-filters__field staff-filters__field--wide">
        <label htmlFor="stock-q">Registration, make, model or id</label>
        <input id="stock-q" name="q" type="search" defaultValue={query.q ?? ""} maxLength={64} />
      </div>
      <div className="staff-filters__field">
        <Choice
          id="stock-type"
          name="type"
          label="Type"
          none="Any"
          defaultValue={query.type}
          options={VEHICLE_TYPES.map((type) => ({ value: type, label: VEHICLE_NOUNS[type].title }))}
        />
      </div>
      <div className="staff-filters__field">
        <Choice
          id="stock-make"
          name="make"
          label="Make"
          none="Any"
          defaultValue={query.make}
          options={makes.map((make) => ({ value: make, label: make }))}
        />
      </div>
      <div className="staff-filters__field">
        <Choice
          id="stock-status"
          name="status"
          label="Status"
          none="Any"
          defaultValue={query.status}
          options={STOCK_STATUSES.map((status) => ({ value: status, label: STATUS_LABELS[status] }))}
        />
      </div>
      <div className="staff-filters__field">
        <label htmlFor="stock-over">In stock more than (days)</label>
        <input id="stock-over" name="over" type="number" min={0} inputMode="numeric" defaultValue={query.over ?? ""} />
      </div>
      <div className="staff-filters__check">
        <input id="stock-no-photos" name="noPhotos" type="checkbox" value="1" defaultChecked={query.noPhotos === "1"} />
        <label htmlFor="stock-no-photos">No photos</label>
      </div>
      <input type="hidden" name="sort" value={query.sort} />
      {query.dir && <input type="hidden" name="dir" value={query.dir} />}
      <div className="staff-filters__actions">
        <button type="submit" className="button">
          Show
        </button>
        <Link to="/staff/stock" className="button button--quiet">
          Clear
        </Link>
      </div>
    </Form>
  );
}

/** A column's header: a link sorting by it, the other way when it is the sort already. */
function SortHeader({ column, query }: { column: StockColumn; query: StockTableQuery }) {
  const sorted = query.sort === column;
  const direction = directionOf(query);
  const next = sorted ? (direction === "asc" ? "desc" : "asc") : STOCK_COLUMNS[column].firstDirection;
  return (
    <th scope="col" aria-sort={sorted ? (direction === "asc" ? "ascending" : "descending") : undefined}>
      <Link to={stockTableHref(query, { sort: column, dir: next })}>
        {STOCK_COLUMNS[column].label}
        {sorted && <span aria-hidden="true">{direction === "asc" ? " ▲" : " ▼"}</span>}
      </Link>
    </th>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
