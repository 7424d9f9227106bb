import { describe, expect, it } from "vitest";
import { markdownProblems, markdownText, renderMarkdown } from "./markdown";

describe("Markdown as the pages show it", () => {
  it("keeps headings, lists, links and emphasis, with ids other pages link to", () => {
    const html = renderMarkdown(
      "# Top\n\n## Buying a used car {#cars}\n\nSee **the record** and *the MOT*: [GOV.UK](https://www.gov.uk/check-mot-history), [vans](/van-search?bodyType=Panel%20Van), [call](tel:01514960000), [mail](mailto:a@b.example).\n\n- one\n- two\n\n1. first\n",
    );
    expect(html).toContain("<section><h2>Top</h2>");
    expect(html).toContain('<section id="cars" aria-labelledby="cars-heading"><h2 id="cars-heading">Buying a used car</h2>');
    expect(html).toContain("<strong>the record</strong> and <em>the MOT</em>");
    expect(html).toContain('<a href="https://www.gov.uk/check-mot-history">GOV.UK</a>');
    expect(html).toContain('<a href="/van-search?bodyType=Panel%20Van">vans</a>');
    expect(html).toContain('<a href="tel:01514960000">call</a>');
    expect(html).toContain('<a href="mailto:a@b.example">mail</a>');
    expect(html).toContain("<ul>\n<li>one</li>");
    expect(html).toContain("<ol>\n<li>first</li>");
  });

  it.each([
    ["<script>alert(1)</script>", "&lt;script&gt;"],
    ['<img src=x onerror="alert(1)">', "&lt;img"],
    ["[click](javascript:alert(1))", "[click](javascript:alert(1))"],
    ["[click](JaVaScRiPt:alert(1))", "[click]"],
    ["[click](data:text/html;base64,PHNjcmlwdD4=)", "[click]"],
    ["[click](//evil.example/x)", "[click]"],
    ["[click](vbscript:msgbox)", "[click]"],
    ['<a href="https://x.example" onclick="alert(1)">x</a>', "&lt;a href"],
    ["![x](https://evil.example/track.gif)", "x"],
    ['"><svg onload=alert(1)>', "&lt;svg onload"],
  ])("lets no markup or address run from %j", (markdown, shown) => {
    const html = renderMarkdown(markdown);
    expect(html).toContain(shown);
    expect(html).not.toMatch(/<script|<svg|<img src="https|<[a-z][^>]*\son\w+=|href="(?:javascript|data|vbscript)|href="\/\//i);
  });

  it("shows a photo of the photo library at every width, in AVIF, WebP and JPEG", () => {
    const html = renderMarkdown("![The showroom at night](photo:0123456789abcdef)");
    expect(html).toContain('<source type="image/avif" srcset="/media/photos/0123456789abcdef/320.avif 320w');
    expect(html).toContain('<source type="image/webp"');
    expect(html).toContain('alt="The showroom at night"');
    expect(html).toContain("/media/photos/0123456789abcdef/1600.jpg 1600w");
  });

  it("asks for a photo's description, and for photos of the library alone", () => {
    expect(markdownProblems("![](photo:0123456789abcdef)")).toHaveLength(1);
    expect(markdownProblems("![A van](https://evil.example/a.jpg)")).toEqual(["photos must come from the photo library"]);
    expect(markdownProblems("![A van](photo:0123456789abcdef) and **words**")).toEqual([]);
  });

  it("puts a table in a box that scrolls sideways, named by its heading, which a keyboard can reach", () => {
    const html = renderMarkdown('## Your "options"\n\n| Finance | Own it? |\n| --- | --- |\n| HP | Yes |\n');
    expect(html).toContain(
      '<div class="table-scroll" role="region" aria-label="Your &quot;options&quot;" tabindex="0"><table class="content-table">',
    );
    expect(html).toContain("<th>Finance</th>");
    expect(html).toContain("</table></div>");
  });

  it("puts text in as it is", () => {
    expect(renderMarkdown(`Call ${markdownText("[Sales](javascript:x) *now*")}`)).toBe("<p>Call [Sales](javascript:x) *now*</p>\n");
  });
});
