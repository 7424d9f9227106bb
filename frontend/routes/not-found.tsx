import { data } from "react-router";

/** Any address no other route claims: the root error boundary renders the 404 page. */
export function loader() {
  throw data("We couldn't find that page", { status: 404 });
}

export default function NotFound() {
  return null;
}
