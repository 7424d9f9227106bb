import { Form, Link, NavLink, Outlet } from "react-router";
import { useDealer } from "../../components/use-dealer";
import staffStylesheet from "../../styles/staff.css?url";
import { NOT_INDEXED } from "../../seo/page-meta";
import { StaffErrorBoundary } from "../../staff/StaffErrorBoundary";
import { mayActAs, mayOpenDashboard } from "../../../backend/staff/permissions";
import { STAFF_ROLES, type StaffRole } from "../../../backend/staff/staff-accounts";
import { staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/layout";

/**
 * Every staff page's frame: who is signed in, the pages their role opens, the unread count,
 * and signing out. Staff pages are never cached or indexed (backend/http/staff-area.ts) and
 * carry their own stylesheet, so the public pages never load it.
 */
export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: staffStylesheet }];

export function meta() {
  return [NOT_INDEXED];
}

export async function loader({ context }: Route.LoaderArgs) {
  const { member, services } = staffOf(context);
  if (!member || member.needsCode) return { member: undefined };
  const { account, session } = member;
  // The links each role's pages are reached by; none while the second factor is still to set up.
  const opens = {
    ...(Object.fromEntries(STAFF_ROLES.map((role) => [role, mayActAs(member, role)])) as Record<StaffRole, boolean>),
    dashboard: mayOpenDashboard(member),
  };
  return {
    member: { name: account.name, role: account.role, csrf: session.csrfToken, opens },
    unread: opens.sales ? await services.inbox.unreadCount(member) : undefined,
  };
}

export default function StaffLayout({ loaderData }: Route.ComponentProps) {
  const dealer = useDealer();
  const { member } = loaderData;
  return (
    <div className="staff">
      <header className="staff-header">
        <div className="staff-header__inner">
          <p className="staff-header__title">
            <Link to="/staff">{dealer.name}: staff</Link>
          </p>
          {member && (
            <>
              <nav aria-label="Staff">
                <ul className="staff-nav">
                  {member.opens.dashboard && (
                    <li>
                      <NavLink to="/staff/dashboard">Dashboard</NavLink>
                    </li>
                  )}
                  {member.opens.sales && (
                    <>
                      <li>
                        <NavLink to="/staff" end>
                          Leads{loaderData.unread ? <span className="staff-count"> {loaderData.unread} unread</span> : null}
                        </NavLink>
                      </li>
                      <li>
                        <NavLink to="/staff/diary">Test-drive diary</NavLink>
                      </li>
                      <li>
                        <NavLink to="/staff/erasure">Erasure</NavLink>
                      </li>
                    </>
                  )}
                  {member.opens.stock && (
                    <>
                      <li>
                        <NavLink to="/staff/stock" end>
                          Stock
                        </NavLink>
                      </li>
                      <li>
                        <NavLink to="/staff/stock/import">Stock import</NavLink>
                      </li>
                      <li>
                        <NavLink to="/staff/stock/search-index">Search index</NavLink>
                      </li>
                      <li>
                        <NavLink to="/staff/stock/demand">Buyer demand</NavLink>
                        <NavLink to="/staff/stock/feeds">Feeds</NavLink>
                      </li>
                    </>
                  )}
                  {member.opens.editor && (
                    <li>
                      <NavLink to="/staff/content">Site content</NavLink>
                    </li>
                  )}
                  {member.opens.admin && (
                    <>
                      <li>
                        <NavLink to="/staff/accounts">Accounts</NavLink>
                      </li>
                      <li>
                        <NavLink to="/staff/audit">Audit log</NavLink>
                      </li>
                    </>
                  )}
                  <li>
                    <NavLink to="/staff/account">Your account</NavLink>
                  </li>
                </ul>
              </nav>
              <Form method="post" action="/staff/sign-out" className="staff-header__sign-out">
                <input type="hidden" name="csrf" value={member.csrf} />
                <span className="staff-header__who">
                  {member.name} ({member.role})
                </span>{" "}
                <button type="submit" className="button button--quiet">
                  Sign out
                </button>
              </Form>
            </>
          )}
        </div>
      </header>
      <div className="staff-main">
        <Outlet />
      </div>
    </div>
  );
}

/** Only when the frame itself cannot be shown: each page shows its own refusals inside it. */
export function ErrorBoundary() {
  return (
    <div className="staff-main">
      <StaffErrorBoundary />
    </div>
  );
}
