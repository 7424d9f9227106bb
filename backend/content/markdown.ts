import MarkdownIt from "markdown-it";
import sanitizeHtml from "sanitize-html";
import { isSafeLink } from "../../domain/content/content-schemas";
import { PHOTO_FORMATS, PHOTO_WIDTHS, photoUrl } from "../../domain/vehicle-photos";

/**
 * An editor's Markdown as the pages show it: headings, lists, links, emphasis, tables and
 * photos from the photo library, turned into HTML on the server. The parser is told to pass
 * no HTML through (a `<script>` typed into a body is shown as text), to make links only of
 * the addresses isSafeLink allows (this site's pages, http(s), mailto:, tel:), and the
 * result goes through an allow-list sanitiser as well, so that no markup, event attribute or
 * address that slipped past the parser reaches a page. No inline style survives either: the
 * page's Content-Security-Policy allows none.
 */

const parser = new MarkdownIt({ html: false, linkify: false, typographer: false });
parser.validateLink = (url) => isSafeLink(url) || PHOTO_ADDRESS.test(url);

/** A photo of the photo library, as its address or "photo:<id>"; any other image is shown as its description. */
const PHOTO_ADDRESS = /^(?:photo:|\/media\/photos\/)([a-z0-9-]{8,80})(?:\/\d+\.(?:avif|webp|jpg))?$/;
const HEADING_ID = /\s*\{#([a-z][a-z0-9-]{0,40})\}\s*$/;

parser.core.ruler.push("heading-ids-and-levels", (state) => {
  const tokens = state.tokens;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!;
    if (token.type !== "heading_open" && token.type !== "heading_close") continue;
    // The page's own heading is its only h1: a body starts at h2.
    if (token.tag === "h1") token.tag = "h2";
    if (token.type !== "heading_open") continue;
    // "## Buying a used car {#cars}" gives the heading an id other pages link to (/articles#cars).
    const inline = tokens[i + 1];
    const last = inline?.children?.at(-1);
    const id = last?.type === "text" ? HEADING_ID.exec(last.content) : null;
    if (inline && last && id) {
      last.content = last.content.replace(HEADING_ID, "");
      inline.content = inline.content.replace(HEADING_ID, "");
      token.attrSet("id", id[1]!);
    }
  }
});

parser.renderer.rules.image = (tokens, index) => {
  const token = tokens[index]!;
  const alt = token.children?.map((child) => child.content).join("") ?? "";
  const photo = PHOTO_ADDRESS.exec(token.attrGet("src") ?? "");
  if (!photo) return parser.utils.escapeHtml(alt);
  const id = photo[1]!;
  const srcset = (format: (typeof PHOTO_FORMATS)[number]) =>
    PHOTO_WIDTHS.map((width) => `${photoUrl(id, width, format)} ${width}w`).join(", ");
  const sizes = "(min-width: 60rem) 56rem, 100vw";
  return (
    `<picture><source type="image/avif" srcset="${srcset("avif")}" sizes="${sizes}" />` +
    `<source type="image/webp" srcset="${srcset("webp")}" sizes="${sizes}" />` +
    `<img src="${photoUrl(id, 1024, "jpg")}" srcset="${srcset("jpg")}" sizes="${sizes}" alt="${parser.utils.escapeHtml(alt)}" loading="lazy" decoding="async" /></picture>`
  );
};

const SANITISE: sanitizeHtml.IOptions = {
  allowedTags: [
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "p",
    "br",
    "hr",
    "ul",
    "ol",
    "li",
    "blockquote",
    "strong",
    "em",
    "s",
    "code",
    "pre",
    "a",
    "table",
    "thead",
    "tbody",
    "tr",
    "th",
    "td",
    "picture",
    "source",
    "img",
  ],
  allowedAttributes: {
    a: ["href"],
    h2: ["id"],
    h3: ["id"],
    h4: ["id"],
    h5: ["id"],
    h6: ["id"],
    ol: ["start"],
    source: ["type", "srcset", "sizes"],
    img: ["src", "srcset", "sizes", "alt", "loading", "decoding"],
  },
  allowedSchemes: ["http", "https", "mailto", "tel"],
  allowedSchemesAppliedToAttributes: ["href", "src"],
  allowProtocolRelative: false,
  exclusiveFilter: (frame) =>
    (frame.tag === "img" && !PHOTO_ADDRESS.test(frame.attribs.src ?? "")) ||
    (frame.tag === "source" && !/^\/media\/photos\//.test(frame.attribs.srcset ?? "")),
};

/** The Markdown as sanitised HTML, each second-level heading opening a section, as the pages written in code have them. */
export function renderMarkdown(markdown: string): string {
  return sectioned(scrollingTables(sanitizeHtml(parser.render(markdown), SANITISE)));
}

/**
 * Each table in a box that scrolls sideways on a phone, as the pages written in code have
 * them (frontend/components/TableScroll.tsx): the box takes keyboard focus, so it needs a
 * name, which is the heading the table stands under. Run on sanitised HTML: the markup
 * added is the site's own.
 */
function scrollingTables(html: string): string {
  let heading = "Table";
  return html
    .replace(/<h[2-6][^>]*>([\s\S]*?)<\/h[2-6]>|<table>/g, (whole, headingHtml: string | undefined) => {
      if (headingHtml !== undefined) {
        heading = headingHtml.replace(/<[^>]*>/g, "").replaceAll('"', "&quot;");
        return whole;
      }
      return `<div class="table-scroll" role="region" aria-label="${heading}" tabindex="0"><table class="content-table">`;
    })
    .replaceAll("</table>", "</table></div>");
}

/**
 * Each h2 and what follows it, up to the next, as a <section>; a heading given an id
 * ("## Choosing a van {#vans}") gives it to its section, which an address's #vans then
 * scrolls to, and is labelled by it. Run on sanitised HTML, where an id can only be one the
 * heading rule above set.
 */
function sectioned(html: string): string {
  return html
    .split(/(?=<h2[ >])/)
    .map((part) => {
      if (!part.startsWith("<h2")) return part;
      const id = /^<h2 id="([a-z][a-z0-9-]*)">/.exec(part)?.[1];
      if (!id) return `<section>${part}</section>`;
      return `<section id="${id}" aria-labelledby="${id}-heading">${part.replace(`<h2 id="${id}">`, `<h2 id="${id}-heading">`)}</section>`;
    })
    .join("");
}

/** One line of Markdown (an FAQ's question, a card's words) as sanitised HTML without its paragraph. */
export function renderMarkdownLine(markdown: string): string {
  return sanitizeHtml(parser.renderInline(markdown), SANITISE);
}

/** What an editor must fix before Markdown is saved: each photo needs its description, and must come from the photo library. */
export function markdownProblems(markdown: string): string[] {
  const problems: string[] = [];
  const visit = (tokens: ReturnType<typeof parser.parse>) => {
    for (const token of tokens) {
      if (token.type === "image") {
        const alt =
          token.children
            ?.map((child) => child.content)
            .join("")
            .trim() ?? "";
        if (!alt) problems.push("every photo needs a description for people who cannot see it: ![what it shows](photo address)");
        if (!PHOTO_ADDRESS.test(token.attrGet("src") ?? "")) problems.push("photos must come from the photo library");
      }
      if (token.children) visit(token.children);
    }
  };
  visit(parser.parse(markdown, {}));
  return problems;
}

/** Text put into Markdown as it is: every character that means something in Markdown escaped. */
export function markdownText(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, "\\$&");
}
