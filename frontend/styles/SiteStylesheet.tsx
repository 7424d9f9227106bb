import { createContext, useContext } from "react";
import stylesheetHref from "./app.css?url";

/**
 * The built stylesheet's text and the response's nonce, which only the server has
 * (entry.server.tsx provides them).
 */
export const InlineStylesheetContext = createContext<{ css: string; nonce: string | undefined } | undefined>(undefined);

/**
 * The site's stylesheet, written into the head of every page the server renders: a phone
 * paints as soon as the HTML arrives instead of waiting another round trip for a file (5.5 KB gzipped),
 * and navigations after the first never need it again. Development links the file instead, so
 * Vite can reload it on each edit.
 *
 * A plain element rather than one React hoists (`precedence`): React gives a hoisted style
 * only the nonce of its stream renderer's options, and pages are rendered to a string. The
 * browser's render has no text for it, so it gives none: React keeps the server's on
 * hydration, and the empty text it asks for never changes, so it never touches the element.
 */
export function SiteStylesheet() {
  const inline = useContext(InlineStylesheetContext);
  if (import.meta.env.DEV) return <link rel="stylesheet" href={stylesheetHref} precedence="default" />;
  return (
    <style
      nonce={inline?.nonce}
      data-href={stylesheetHref}
      dangerouslySetInnerHTML={{ __html: styleElementText(inline?.css ?? "") }}
      suppressHydrationWarning
    />
  );
}

let lastEscaped = { css: "", html: "" };

/** The one sequence that could end the element early, made harmless: `\/` is `/` within a CSS string, and nowhere else can it stand. */
function styleElementText(css: string): string {
  if (lastEscaped.css !== css) lastEscaped = { css, html: css.replace(/<\/style/gi, "<\\/style") };
  return lastEscaped.html;
}
