import { startTransition, StrictMode, type ErrorInfo } from "react";
import { hydrateRoot } from "react-dom/client";
import { HydratedRouter } from "react-router/dom";

/**
 * React Router's own client entry, but for one thing: an error React recovers from (a page
 * that hydrated unlike its HTML, which React then draws again on the phone) is reported with
 * the components it happened in. React's production build gives only its error number, which
 * says a text differed but not which.
 */
function reportRecoverableError(error: unknown, { componentStack }: ErrorInfo) {
  console.error(error, componentStack ? `\nIn:${componentStack}` : "");
}

startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
    { onRecoverableError: reportRecoverableError },
  );
});
