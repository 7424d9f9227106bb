import { lazy, Suspense, useState, type ComponentProps } from "react";
import { LinkButton } from "../LinkButton";

const loadForm = () => import("./AlertForm");
/** Fetched when first asked for; if that fails, the form's own page opens instead (AlertOpener). */
const AlertForm = lazy(() => loadForm().then(({ AlertForm }) => ({ default: AlertForm })));

/**
 * A saved search's or price alert's way in, on the search and vehicle pages: without
 * JavaScript a link to the form on a page of its own (/alerts); with it, a button that opens
 * the form in place, its code fetched when first asked for, so the script every phone
 * downloads before it can use the page does not grow with it.
 */
export function AlertOpener({
  href,
  label,
  form,
  className,
}: {
  /** The form's own page. */
  href: string;
  label: string;
  form: ComponentProps<typeof AlertForm>;
  className: string;
}) {
  const [open, setOpen] = useState(false);
  return (
    <div className={className}>
      {open ? (
        <Suspense fallback={<p role="status">Opening the form…</p>}>
          <AlertForm {...form} focusFirst />
        </Suspense>
      ) : (
        <LinkButton
          to={href}
          className="button button--quiet"
          onClick={(event) => {
            event.preventDefault();
            loadForm().catch(() => window.location.assign(href));
            setOpen(true);
          }}
        >
          {label}
        </LinkButton>
      )}
    </div>
  );
}
