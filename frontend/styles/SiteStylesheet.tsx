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
 * and navigations after the first never need it again. In the browser React finds the style
 * element the server wrote by its href and keeps it, so the text is never in a script.
 * Development links the file instead, so Vite can reload it on each edit.
 */
export function SiteStylesheet() {
  const inline = useContext(InlineStylesheetContext);
  if (import.meta.env.DEV) return <link rel="stylesheet" href={stylesheetHref} precedence="default" />;
  return (
    <style href={stylesheetHref} precedence="default" nonce={inline?.nonce}>
      {inline?.css ?? ""}
    </style>
  );
}
