import stylesheetText from "./app.css?inline";
import stylesheetHref from "./app.css?url";

/**
 * The site's stylesheet, written into the head of every page the server renders: a phone
 * paints as soon as the HTML arrives instead of waiting another round trip for a file (5.5 KB
 * gzipped), and navigations after the first never need it again.
 *
 * Written into the rendered HTML rather than rendered by React, so that React never owns it:
 * React would remove it whenever it builds the layout afresh (leaving a page drawn by the
 * root's error boundary does), and a style the browser's React wrote anew would lack the
 * response's nonce. React passes over elements it did not render in the head.
 * Development links the file instead (SiteStylesheet), so Vite can reload it on each edit.
 */
export function withInlineStylesheet(html: string, nonce: string | undefined): string {
  if (import.meta.env.DEV) return html;
  const headEnd = html.indexOf("</head>");
  if (headEnd === -1) return html;
  const nonceAttribute = nonce ? ` nonce="${escapeAttribute(nonce)}"` : "";
  return `${html.slice(0, headEnd)}<style${nonceAttribute} data-href="${stylesheetHref}">${styleElementText}</style>${html.slice(headEnd)}`;
}

/** The one sequence that could end the element early, made harmless: `\/` is `/` within a CSS string, and nowhere else can it stand. */
const styleElementText = stylesheetText.replace(/<\/(style)/gi, "<\\/$1");

function escapeAttribute(value: string): string {
  return value.replace(/[&"<>]/g, (character) => `&#${character.charCodeAt(0)};`);
}
