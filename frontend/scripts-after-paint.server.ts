/**
 * The page's scripts held back until the browser has drawn the page: React Router's module
 * script (it imports the page's code, which hydrates the page) and the module preloads it
 * writes into the head.
 *
 * As React Router writes them, the preloads start some 120 KB of script with the HTML, and
 * the module script runs as soon as they have arrived: on a fast connection before the first
 * paint, so a slow phone shows a blank screen while it compiles and runs them; on a slow one
 * they share the bandwidth with the HTML and the first photo. Held back, the page paints
 * first, with the photo its head preloads, and hydrates later: 0.3–0.6 s later on a slow
 * phone (docs/benchmarks.md, "Scripts after the first paint"). The site works without the
 * scripts meanwhile: links and forms are plain HTML until the page hydrates.
 *
 * The module script becomes a plain one carrying the module's text and the preloads'
 * addresses. After the next paint (at once in a tab not shown, which paints nothing) it asks
 * for every module at once, so there is no waterfall of imports, and puts the module script
 * back in its place with the response's nonce, which the Content-Security-Policy asks of
 * every inline script. Development is left as it is: Vite's own module scripts must run in
 * their order.
 */
export function withScriptsAfterPaint(html: string): string {
  if (import.meta.env.DEV) return html;
  // React Router writes its module script near the end of the body, and its preloads into the
  // head: each is looked for there alone, so the page's own text is never read (a search page
  // is 90 KB).
  const typeAt = html.lastIndexOf(MODULE_TYPE);
  const start = html.lastIndexOf("<script", typeAt);
  const codeFrom = html.indexOf(">", typeAt) + 1;
  const end = html.indexOf(SCRIPT_END, codeFrom);
  const headEnd = html.indexOf("</head>");
  const attributes = html.slice(start + "<script".length, codeFrom - 1);
  if (typeAt === -1 || start === -1 || end === -1 || headEnd === -1 || headEnd > start || !ATTRIBUTES.test(attributes)) return html;
  const modules: string[] = [];
  const head = html.slice(0, headEnd).replace(MODULE_PRELOAD, (_link, href: string) => {
    modules.push(unescapeAttribute(href));
    return "";
  });
  const plainAttributes = attributes.replace(/\s(type="module"|async(="")?)/g, "");
  const code = html.slice(codeFrom, end);
  const held = `<script${plainAttributes}>${RUN_AFTER_PAINT}(document.currentScript, ${scriptValue(modules)}, ${scriptValue(code)})</script>`;
  return head + html.slice(headEnd, start) + held + html.slice(end + SCRIPT_END.length);
}

const MODULE_TYPE = ' type="module"';
const SCRIPT_END = "</script>";
/** A start tag's attributes as React writes them: nothing else may stand between `<script` and `>`. */
const ATTRIBUTES = /^(\s[a-z-]+(="[^"]*")?)*$/;
/** A `<link rel="modulepreload">`, whatever the order of its attributes, with its address. */
const MODULE_PRELOAD = /<link(?=[^>]*\srel="modulepreload")[^>]*\shref="([^"]*)"[^>]*>/g;

/**
 * What the held script runs, given itself, the preloads' addresses and the module's text.
 * Written out as text, as the browser gets it: a function's own source would be the server
 * bundle's compiled version of it.
 */
const RUN_AFTER_PAINT = `(function (holder, modules, code) {
  function run() {
    modules.forEach(function (href) {
      var link = document.createElement("link");
      link.rel = "modulepreload";
      link.href = href;
      document.head.appendChild(link);
    });
    var script = document.createElement("script");
    script.type = "module";
    script.nonce = holder.nonce;
    script.textContent = code;
    holder.replaceWith(script);
  }
  if (document.visibilityState === "hidden") run();
  else requestAnimationFrame(function () { setTimeout(run); });
})`;

/** `value` as JavaScript that cannot end its `<script>` element or open a comment in it. */
function scriptValue(value: unknown): string {
  return JSON.stringify(value).replace(/</g, "\\u003c");
}

/** The characters React escapes in an attribute, back as they were. */
function unescapeAttribute(value: string): string {
  return value.replace(/&(amp|quot|#x27|lt|gt);/g, (_entity, name: string) => ESCAPED[name]!);
}
const ESCAPED: Record<string, string> = { amp: "&", quot: '"', "#x27": "'", lt: "<", gt: ">" };
