import { useEffect, type AnchorHTMLAttributes } from "react";
import { useNavigate } from "react-router";

/**
 * A link to one of the site's pages, drawn as a plain <a>. React Router's <Link> resolves its
 * address and sets up its own click handler, with several hooks, for each link on every
 * render, on the server too, and a page has 90–120 of them, most in the header and footer
 * (docs/benchmarks.md, "Won back"). These are followed instead by one click handler for the
 * whole document (useSiteLinks): the page changes without a reload, as with <Link>, and
 * without JavaScript the link is an ordinary link.
 */
export function SiteLink({ to, children, ...rest }: { to: string } & Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href">) {
  return (
    <a href={to} data-site-link="" {...rest}>
      {children}
    </a>
  );
}

/** Follows a click on any SiteLink to a page of this site through the router, as <Link> would; once, in the root layout. */
export function useSiteLinks(): void {
  const navigate = useNavigate();
  useEffect(() => {
    const follow = (event: MouseEvent) => {
      // A new tab or window, a download, or a handler that chose otherwise is the browser's to do.
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[data-site-link]") : null;
      if (!(link instanceof HTMLAnchorElement) || (link.target && link.target !== "_self") || link.hasAttribute("download")) return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      void navigate(url.pathname + url.search + url.hash);
    };
    document.addEventListener("click", follow);
    return () => document.removeEventListener("click", follow);
  }, [navigate]);
}
