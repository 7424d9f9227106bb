import stylesheetHref from "./app.css?url";

/**
 * In development, the site's stylesheet as a file, so Vite can reload it on each edit. A
 * production page has it written into its head by the server instead
 * (inline-stylesheet.server.ts), outside React.
 */
export function SiteStylesheet() {
  return import.meta.env.DEV ? <link rel="stylesheet" href={stylesheetHref} precedence="default" /> : null;
}
