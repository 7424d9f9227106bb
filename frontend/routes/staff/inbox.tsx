import { Form, Link, redirect, useSearchParams } from "react-router";
import { INBOX_PAGE_SIZE, inboxQueryOf } from "../../../backend/staff/inbox-query";
import { LEAD_KINDS, LEAD_KIND_NAMES } from "../../../domain/lead-kinds";
import { LEAD_STATUSES } from "../../../backend/leads/lead-store";
import { STOCK_UPLOAD_PAGE } from "../../../backend/stock/stock-upload";
import { Choice } from "../../staff/Choice";
import { DateRange } from "../../staff/DateRange";
import { MailOffNotice } from "../../staff/MailOffNotice";
import { statusLabel } from "../../staff/lead-labels";
import { leadListItem, type LeadListItem } from "../../staff/lead-views.server";
import { staffPageMeta } from "../../staff/staff-meta";
import { asMember, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/inbox";

export function meta() {
  return staffPageMeta("Leads");
}

/** Every lead of every kind, newest first, filtered and searched as the address says. */
export async function loader({ url, context }: Route.LoaderArgs) {
  // The staff area's front page: a stock manager, who works no leads, starts at the stock console.
  if (staffOf(context).member?.account.role === "stock") throw redirect(STOCK_UPLOAD_PAGE);
  const member = requireMember(context, url, "sales");
  const { query, ignored } = inboxQueryOf(url.searchParams);
  const { total, leads } = await asMember(() => staffOf(context).services.inbox.list(member, query));
  return {
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
    leads: leads.map(leadListItem),
    ignored,
    kinds: LEAD_KIND_NAMES.map((name) => ({ name, label: LEAD_KINDS[name].label })),
    statuses: [...LEAD_STATUSES],
    mailOff: !staffOf(context).services.mail.sending,
  };
}

/** The filters inside "More filters": it starts open when one of them is set. */
const FILTER_NAMES = ["kind", "status", "from", "to", "vehicle", "unread"] as const;

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { total, leads, page, pageCount, kinds, statuses, ignored } = loaderData;
  const pageHref = (to: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(to));
    return `?${next}`;
  };
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  return (
    <section className="staff-page">
      <h1>Leads</h1>
      <MailOffNotice mailOff={loaderData.mailOff} />
      <Form method="get" className="staff-filters" role="search" aria-label="Find leads">
        <div className="staff-filters__field staff-filters__field--wide">
          <label htmlFor="inbox-q">Name, e-mail, phone or registration</label>
          <input id="inbox-q" name="q" type="search" defaultValue={params.get("q") ?? ""} maxLength={100} />
        </div>
        <details className="staff-filters__more" open={FILTER_NAMES.some((name) => params.get(name))}>
          <summary>More filters</summary>
          <div className="staff-filters__more-fields">
            <div className="staff-filters__field">
              <Choice
                id="inbox-kind"
                name="kind"
                label="Kind"
                none="Any"
                defaultValue={params.get("kind") ?? ""}
                options={kinds.map(({ name, label }) => ({ value: name, label }))}
              />
            </div>
            <div className="staff-filters__field">
              <Choice
                id="inbox-status"
                name="status"
                label="Status"
                none="Any"
                defaultValue={params.get("status") ?? ""}
                options={statuses.map((status) => ({ value: status, label: statusLabel(status) }))}
              />
            </div>
            <DateRange idPrefix="inbox" label="Received from" params={params} />
            <div className="staff-filters__field">
              <label htmlFor="inbox-vehicle">Vehicle id</label>
              <input id="inbox-vehicle" name="vehicle" defaultValue={params.get("vehicle") ?? ""} maxLength={64} />
            </div>
            <div className="staff-filters__check">
              <input id="inbox-unread" name="unread" type="checkbox" value="1" defaultChecked={params.get("unread") === "1"} />
              <label htmlFor="inbox-unread">Unread only</label>
            </div>
          </div>
        </details>
        <div className="staff-filters__actions">
          <button type="submit" className="button">
            Show
          </button>
          <Link to="/staff" className="button button--quiet">
            Clear
          </Link>
        </div>
      </Form>
      {ignored.length > 0 && (
        <p className="notice" role="status">
          Some filters in the address could not be read ({ignored.join(", ")}), so they are left out. Correct them to export these leads.
        </p>
      )}
      <div className="staff-summary">
        <p role="status">
          {total === 1 ? "1 lead" : `${total.toLocaleString("en-GB")} leads`}
          {pageCount > 1 && `, page ${page} of ${pageCount}`}
        </p>
        {/* The export refuses a filter it cannot read rather than export every lead. */}
        {ignored.length === 0 && (
          <a href={`/api/staff/leads.csv?${exportParams}`} className="button button--quiet" download>
            Export these as CSV
          </a>
        )}
      </div>
      {leads.length === 0 ? <p>No leads match.</p> : <LeadList leads={leads} />}
      {pageCount > 1 && (
        <nav aria-label="Pages of leads" className="staff-paging">
          {page > 1 && (
            <Link to={pageHref(page - 1)} rel="prev">
              Newer
            </Link>
          )}
          {page < pageCount && (
            <Link to={pageHref(page + 1)} rel="next">
              Older
            </Link>
          )}
        </nav>
      )}
    </section>
  );
}

function LeadList({ leads }: { leads: LeadListItem[] }) {
  return (
    <ul className="staff-leads">
      {leads.map((lead) => (
        <li key={lead.id} className={lead.unread ? "staff-lead staff-lead--unread" : "staff-lead"}>
          <Link to={`/staff/leads/${lead.id}`} className="staff-lead__link">
            <span className="staff-lead__who">
              {lead.unread && <span className="staff-badge">Unread</span>}{" "}
              {lead.likelyDuplicateOf && (
                <span className="staff-badge staff-badge--duplicate" title={`Likely a duplicate of ${lead.likelyDuplicateOf}`}>
                  Likely duplicate
                </span>
              )}{" "}
              {lead.who}
            </span>
            <span className="staff-lead__kind">{lead.kindLabel}</span>
            <span className="staff-lead__vehicle">{lead.vehicle ?? ""}</span>
            <span className="staff-lead__status">{statusLabel(lead.status)}</span>
            <time className="staff-lead__when" dateTime={lead.receivedAt}>
              {lead.receivedText}
            </time>
            <span className="staff-lead__reference">{lead.reference}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
