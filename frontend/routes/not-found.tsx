import { data, redirect } from "react-router";
import { contentContext } from "../../backend/http/request-context";
import type { Route } from "./+types/not-found";

/** Any address no other route claims: one the editor redirects (301), else the root error boundary renders the 404 page. */
export function loader({ url, context }: Route.LoaderArgs) {
  const path = url.pathname.replace(/(.)\/$/, "$1");
  const target = context.get(contentContext).redirects.find(({ from }) => from === path)?.to;
  if (target) return redirect(target, 301);
  throw data("We couldn't find that page", { status: 404 });
}

export default function NotFound() {
  return null;
}
