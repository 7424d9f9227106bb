import { redirect } from "react-router";
import { searchTarget } from "../components/search/search-target";
import type { Route } from "./+types/search-redirect";

/** Where landing-page search forms post without JavaScript: on to the search screen they ask for. */
export function loader({ url }: Route.LoaderArgs) {
  return redirect(searchTarget(url.searchParams), 303);
}

export default function SearchRedirect() {
  return null;
}
