/**
 * Words the dealer wrote in the staff area, as HTML the server made from their Markdown and
 * sanitised (backend/content/markdown.ts): no script, event attribute or unsafe address can
 * be in it, so it is written into the page as it is.
 */
export function ContentHtml({ html, className = "content-html" }: { html: string; className?: string }) {
  return <div className={className} dangerouslySetInnerHTML={{ __html: html }} />;
}
