import { isRouteErrorResponse, Link, useRouteError } from "react-router";

/**
 * A staff page that cannot be shown (a role that may not open it, a lead since deleted, an
 * expired form) says why plainly inside the staff frame, with the way back.
 */
export function StaffErrorBoundary() {
  const error = useRouteError();
  const refused = isRouteErrorResponse(error) && error.status < 500;
  return (
    <section className="staff-page">
      <h1>{refused && error.status === 404 ? "Not found" : refused ? "That can't be done" : "Something went wrong"}</h1>
      <p>
        {refused && typeof error.data === "string"
          ? error.data
          : "Sorry, this page couldn't be shown just now. Please try again in a moment."}
      </p>
      <p>
        <Link to="/staff">Back to the staff area</Link>
      </p>
    </section>
  );
}
