import { data, redirect } from "react-router";
import { alertsContext } from "../../../backend/http/request-context";
import type { Route } from "./+types/open";
import { ALERT_REFERRER_POLICY } from "./private-page";

/**
 * /alerts/open?t=…: every vehicle and search link in an alert comes through here, which notes
 * that the buyer still wants the alert (one opened by nobody for months ends) and sends them
 * on to the vehicle or the search.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const target = await context.get(alertsContext).open(url.searchParams.get("t"));
  if (!target) throw data("This link doesn't work", { status: 404 });
  return redirect(target, { headers: { "Cache-Control": "no-store", "Referrer-Policy": ALERT_REFERRER_POLICY } });
}
