import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { DEMO_BODY_SHAPES, DEMO_COLOURS, DEMO_VIEWS, type DemoColour } from "./demo-image-catalogue";
import { renderDemoImage } from "./demo-image-svg";

/**
 * The problems that keep `xml` from being a well-formed document with one root element: unbalanced
 * or mismatched tags, malformed or repeated attributes, stray `<` or `&`, content outside the root.
 */
function wellFormednessProblems(xml: string): string[] {
  const problems: string[] = [];
  const tokens = xml.match(/<[^<>]*>|[^<]+/g) ?? [];
  if (tokens.join("") !== xml) problems.push("a `<` that starts no tag");
  const open: string[] = [];
  let roots = 0;
  for (const token of tokens) {
    if (!token.startsWith("<")) {
      if (open.length === 0 && token.trim()) problems.push(`text outside the root: ${token.slice(0, 20)}`);
      if (/&(?![a-z]+;|#\d+;|#x[\da-f]+;)/i.test(token)) problems.push(`bare & in text: ${token.slice(0, 20)}`);
      continue;
    }
    const closing = /^<\/([A-Za-z][\w:.-]*)\s*>$/.exec(token);
    if (closing) {
      const expected = open.pop();
      if (expected !== closing[1]) problems.push(`</${closing[1]}> closes <${expected ?? "nothing"}>`);
      continue;
    }
    const element = /^<([A-Za-z][\w:.-]*)((?:\s+[A-Za-z_:][\w:.-]*="[^"<&]*")*)\s*(\/?)>$/.exec(token);
    if (!element) {
      problems.push(`malformed tag ${token.slice(0, 40)}`);
      continue;
    }
    const [, name = "", attributes = "", selfClosing] = element;
    const names = [...attributes.matchAll(/([\w:.-]+)=/g)].map((m) => m[1]);
    if (new Set(names).size !== names.length) problems.push(`repeated attribute in <${name}>`);
    if (open.length === 0 && ++roots > 1) problems.push(`second root <${name}>`);
    if (!selfClosing) open.push(name);
  }
  if (open.length > 0) problems.push(`unclosed <${open.join("> <")}>`);
  if (roots === 0) problems.push("no root element");
  return problems;
}

const COLOURS: DemoColour[] = ["White", "Yellow", "Black", "Red", "Silver"];

describe("wellFormednessProblems", () => {
  it("accepts a balanced document and names what is wrong with broken ones", () => {
    expect(wellFormednessProblems('<svg a="1"><g><path d="M0 0"/></g></svg>')).toEqual([]);
    expect(wellFormednessProblems("<svg><g></svg>")).not.toEqual([]);
    expect(wellFormednessProblems('<svg><path d="1" d="2"/></svg>')).not.toEqual([]);
    expect(wellFormednessProblems("<svg><title>A & B</title></svg>")).not.toEqual([]);
    expect(wellFormednessProblems("<svg></svg><svg></svg>")).not.toEqual([]);
    expect(wellFormednessProblems("<svg><path d=1/></svg>")).not.toEqual([]);
  });
});

describe("renderDemoImage", () => {
  for (const shape of DEMO_BODY_SHAPES) {
    describe(shape, () => {
      for (const colour of COLOURS) {
        it(`draws ${colour} in every view as a safe, small, standalone SVG`, () => {
          for (const view of DEMO_VIEWS) {
            const svg = renderDemoImage({ shape, colour, view });
            expect(wellFormednessProblems(svg)).toEqual([]);
            expect(svg).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" [^>]*>/);
            const root = svg.slice(0, svg.indexOf(">"));
            for (const attribute of ['width="800"', 'height="600"', 'viewBox="0 0 800 600"', 'role="img"']) {
              expect(root).toContain(attribute);
            }
            expect(svg).toMatch(new RegExp(`<title>${colour} [A-Za-z -]+</title>`));
            expect(svg.toLowerCase()).toContain(DEMO_COLOURS[colour].toLowerCase());

            expect(svg).not.toMatch(/<script/i);
            expect(svg).not.toMatch(/\son[a-z]+\s*=/i);
            expect(svg).not.toMatch(/href\s*=\s*"(?!#)/i);
            expect(svg).not.toMatch(/<(image|foreignObject|style|a)\b/i);
            // Every url() points at a definition in the same document.
            for (const [, id] of svg.matchAll(/url\(([^)]*)\)/g)) {
              expect(id).toMatch(/^#/);
              expect(svg).toContain(`id="${id?.slice(1)}"`);
            }

            expect(Buffer.byteLength(svg)).toBeLessThan(6000);
          }
        });
      }

      it("gives each view a different picture, the same every time", () => {
        const views = DEMO_VIEWS.map((view) => renderDemoImage({ shape, colour: "Blue", view }));
        expect(new Set(views).size).toBe(DEMO_VIEWS.length);
        expect(DEMO_VIEWS.map((view) => renderDemoImage({ shape, colour: "Blue", view }))).toEqual(views);
      });
    });
  }

  it("names the picture after the colour and the body shape", () => {
    expect(renderDemoImage({ shape: "hatchback", colour: "Red", view: 1 })).toContain("<title>Red hatchback</title>");
    expect(renderDemoImage({ shape: "panel-van", colour: "White", view: 2 })).toContain("<title>White panel van</title>");
  });

  it("draws every body shape differently", () => {
    const drawings = DEMO_BODY_SHAPES.map((shape) => renderDemoImage({ shape, colour: "Grey", view: 1 }).replace(/<title>.*<\/title>/, ""));
    expect(new Set(drawings).size).toBe(DEMO_BODY_SHAPES.length);
  });
});

describe.each(["car", "van", "truck"])("the %s placeholder", (type) => {
  const svg = readFileSync(new URL(`../../public/images/placeholder-${type}.svg`, import.meta.url), "utf8");

  it("is a small, safe, standalone SVG saying photos are coming", () => {
    expect(wellFormednessProblems(svg.trim())).toEqual([]);
    expect(svg).toContain('viewBox="0 0 800 600"');
    expect(svg).toContain('role="img"');
    expect(svg).toMatch(/<title>[^<]+<\/title>/);
    expect(svg).toContain("Photos coming soon");
    expect(svg).not.toMatch(/<script|\son[a-z]+\s*=|href\s*=/i);
    expect(Buffer.byteLength(svg)).toBeLessThan(3000);
  });
});
