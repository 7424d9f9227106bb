import { data, redirect } from "react-router";
import { REDIRECTS } from "../content/redirects";
import type { Route } from "./+types/redirect";

/** An address another page serves: a permanent redirect, keeping any query of its own. */
export function loader({ url }: Route.LoaderArgs) {
  const target = REDIRECTS[url.pathname.replace(/\/$/, "")];
  if (!target) throw data("We couldn't find that page", { status: 404 });
  return redirect(target, 301);
}

export default function Redirect() {
  return null;
}
