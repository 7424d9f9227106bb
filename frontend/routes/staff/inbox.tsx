import { Form, Link, redirect, useSearchParams } from "react-router";
import { dealerContext } from "../../../backend/http/request-context";
import { INBOX_PAGE_SIZE, INBOX_VIEWS, inboxQueryOf, type InboxView } from "../../../backend/staff/inbox-query";
import { hasRole } from "../../../backend/staff/permissions";
import { dealerBranches } from "../../../domain/branches";
import { LEAD_KINDS, LEAD_KIND_NAMES } from "../../../domain/lead-kinds";
import { LEAD_STATUSES } from "../../../backend/leads/lead-store";
import { STOCK_UPLOAD_PAGE } from "../../../backend/stock/stock-upload";
import { Choice } from "../../staff/Choice";
import { DateRange } from "../../staff/DateRange";
import { MailOffNotice } from "../../staff/MailOffNotice";
import { statusLabel } from "../../staff/lead-labels";
import { leadListItem, staffNames, type LeadListItem } from "../../staff/lead-views.server";
import { staffPageMeta } from "../../staff/staff-meta";
import { asMember, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/inbox";

export function meta() {
  return staffPageMeta("Leads");
}

/** Every lead of every kind, newest first, filtered and searched as the address says. */
export async function loader({ url, context }: Route.LoaderArgs) {
  // The staff area's front page: a stock manager, who works no leads, starts at the stock console, an editor at the list of what can be edited.
  const role = staffOf(context).member?.account.role;
  if (role && !hasRole(role, "sales")) throw redirect(hasRole(role, "stock") ? STOCK_UPLOAD_PAGE : "/staff/content");
  const member = requireMember(context, url, "sales");
  const now = new Date();
  const { services } = staffOf(context);
  const branchCodes = services.inbox.branchesFor(member);
  const { query, ignored } = inboxQueryOf(url.searchParams, { memberId: member.account.id, now, branches: branchCodes });
  const dealer = context.get(dealerContext);
  const [{ total, leads }, accounts] = await Promise.all([
    asMember(() => services.inbox.list(member, query)),
    services.access.accountNames(),
  ]);
  const listContext = { now, replyTargetHours: dealer.leadReplyTargetHours, nameOf: staffNames(accounts) };
  return {
    total,
    page: query.page,
    pageCount: Math.max(1, Math.ceil(total / INBOX_PAGE_SIZE)),
    leads: leads.map((lead) => leadListItem(lead, listContext)),
    ignored,
    kinds: LEAD_KIND_NAMES.map((name) => ({ name, label: LEAD_KINDS[name].label })),
    statuses: [...LEAD_STATUSES],
    // A choice of one is none: the filter is offered only where there are leads of several branches to tell apart.
    branches:
      branchCodes.length > 1
        ? dealerBranches(dealer)
            .filter(({ code }) => branchCodes.includes(code))
            .map(({ code, name }) => ({ code, name }))
        : [],
    mailOff: !staffOf(context).services.mail.sending,
  };
}

/** The filters inside "More filters": it starts open when one of them is set. */
const FILTER_NAMES = ["kind", "status", "branch", "from", "to", "vehicle", "unread"] as const;

export default function Inbox({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { total, leads, page, pageCount, kinds, statuses, branches, ignored } = loaderData;
  const pageHref = (to: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(to));
    return `?${next}`;
  };
  const exportParams = new URLSearchParams(params);
  exportParams.delete("page");
  const view = params.get("view");
  const viewHref = (to: InboxView | undefined) => {
    const next = new URLSearchParams(params);
    next.delete("page");
    if (to) next.set("view", to);
    else next.delete("view");
    return next.size > 0 ? `?${next}` : "/staff";
  };
  return (
    <section className="staff-page">
      <h1>Leads</h1>
      <MailOffNotice mailOff={loaderData.mailOff} />
      <nav aria-label="Views" className="staff-views">
        <ul>
          <li>
            <Link to={viewHref(undefined)} aria-current={view === null ? "page" : undefined}>
              All
            </Link>
          </li>
          {(Object.entries(INBOX_VIEWS) as [InboxView, string][]).map(([name, label]) => (
            <li key={name}>
              <Link to={viewHref(name)} aria-current={view === name ? "page" : undefined}>
                {label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <Form method="get" className="staff-filters" role="search" aria-label="Find leads">
        <div className="staff-filters__field staff-filters__field--wide">
          <label htmlFor="inbox-q">Reference, name, e-mail, phone or registration</label>
          <input id="inbox-q" name="q" type="search" defaultValue={params.get("q") ?? ""} maxLength={100} />
          {view && <input type="hidden" name="view" value={view} />}
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
            {branches.length > 0 && (
              <div className="staff-filters__field">
                <Choice
                  id="inbox-branch"
                  name="branch"
                  label="Branch"
                  none="Any"
                  defaultValue={params.get("branch") ?? ""}
                  options={branches.map(({ code, name }) => ({ value: code, label: name }))}
                />
              </div>
            )}
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
            <span className="staff-lead__assignee">{lead.assignee ?? "Unassigned"}</span>
            <span className="staff-lead__when">
              <time dateTime={lead.receivedAt} title={lead.receivedText}>
                {lead.age.text}
              </time>
              {lead.age.late ? <span className="staff-late"> late</span> : <span className="visually-hidden"> old</span>}
            </span>
            <span className="staff-lead__follow-up">
              {lead.followUp && (
                <>
                  Follow up <time dateTime={lead.followUp.at}>{lead.followUp.text}</time>
                  {lead.followUp.overdue && <span className="staff-late"> overdue</span>}
                </>
              )}
            </span>
            <span className="staff-lead__reference">{lead.reference}</span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
