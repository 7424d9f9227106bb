import { redirect } from "react-router";
import { checkedForm, endedSessionCookie, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/sign-out";

/** Signing out ends the session on the server, not just the cookie in the browser. */
export async function action({ request, context }: Route.ActionArgs) {
  const { member, services, address } = staffOf(context);
  if (member) {
    await checkedForm(member, request);
    await services.access.signOut(member, address);
  }
  throw redirect("/staff/sign-in?signed-out", { headers: { "Set-Cookie": endedSessionCookie(context) } });
}

export function loader() {
  throw redirect("/staff");
}
