import { Form, Link, useSearchParams } from "react-router";
import { AUDIT_ACTIONS, type AuditAction } from "../../../backend/staff/staff-store";
import { Choice } from "../../staff/Choice";
import { DateRange } from "../../staff/DateRange";
import { londonTime } from "../../staff/lead-views.server";
import { staffPageMeta } from "../../staff/staff-meta";
import { requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/audit";

export function meta() {
  return staffPageMeta("Audit log");
}

const PAGE_SIZE = 50;

/** Admins' page: who did what and when in the staff area, newest first, filtered by action and dates. */
export async function loader({ url, context }: Route.LoaderArgs) {
  requireMember(context, url, "admin");
  const params = url.searchParams;
  const action = (AUDIT_ACTIONS as readonly string[]).includes(params.get("action") ?? "")
    ? (params.get("action") as AuditAction)
    : undefined;
  const day = (name: string) =>
    /^\d{4}-\d{2}-\d{2}$/.test(params.get(name) ?? "") ? new Date(`${params.get(name)}T00:00:00Z`) : undefined;
  const to = day("to");
  const page = Math.max(1, Number(/^\d{1,6}$/.test(params.get("page") ?? "") ? params.get("page") : 1));
  const { total, entries } = await staffOf(context).services.access.auditLog({
    ...(action ? { action } : {}),
    ...(day("from") ? { from: day("from") } : {}),
    ...(to ? { to: new Date(to.getTime() + 24 * 3_600_000) } : {}),
    page,
    pageSize: PAGE_SIZE,
  });
  return {
    actions: [...AUDIT_ACTIONS],
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / PAGE_SIZE)),
    entries: entries.map((entry) => ({
      when: londonTime(entry.at),
      at: entry.at.toISOString(),
      who:
        entry.actorEmail ??
        (entry.origin === "command line"
          ? "the staff command, on the server"
          : entry.origin === "scheduled feed"
            ? "the scheduled stock feed"
            : "nobody known"),
      action: entry.action,
      target: entry.targetId,
      address: entry.address,
      details: entry.details
        ? Object.entries(entry.details)
            .map(([key, value]) => `${key}: ${String(value)}`)
            .join(", ")
        : "",
    })),
  };
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const [params] = useSearchParams();
  const { entries, actions, total, page, pageCount } = loaderData;
  const pageHref = (to: number) => {
    const next = new URLSearchParams(params);
    next.set("page", String(to));
    return `?${next}`;
  };
  return (
    <section className="staff-page">
      <h1>Audit log</h1>
      <Form method="get" className="staff-filters" aria-label="Filter the audit log">
        <div className="staff-filters__field">
          <Choice
            id="audit-action"
            name="action"
            label="Action"
            none="Any"
            defaultValue={params.get("action") ?? ""}
            options={actions.map((action) => ({ value: action, label: action }))}
          />
        </div>
        <DateRange idPrefix="audit" label="From" params={params} />
        <div className="staff-filters__actions">
          <button type="submit" className="button">
            Show
          </button>
        </div>
      </Form>
      <p role="status">{total === 1 ? "1 entry" : `${total.toLocaleString("en-GB")} entries`}</p>
      <div className="staff-table-scroll" tabIndex={0} role="region" aria-label="Audit entries">
        <table className="staff-table">
          <thead>
            <tr>
              <th scope="col">When</th>
              <th scope="col">Who</th>
              <th scope="col">Action</th>
              <th scope="col">On</th>
              <th scope="col">From</th>
              <th scope="col">Details</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry, i) => (
              <tr key={`${entry.at}-${i}`}>
                <td>
                  <time dateTime={entry.at}>{entry.when}</time>
                </td>
                <td>{entry.who}</td>
                <td>{entry.action}</td>
                <td>{entry.target ?? ""}</td>
                <td>{entry.address ?? ""}</td>
                <td>{entry.details}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pageCount > 1 && (
        <nav aria-label="Pages of the audit log" className="staff-paging">
          {page > 1 && <Link to={pageHref(page - 1)}>Newer</Link>}
          {page < pageCount && <Link to={pageHref(page + 1)}>Older</Link>}
        </nav>
      )}
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
