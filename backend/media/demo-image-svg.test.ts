import { readFileSync } from "node:fs";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { DEMO_BODY_SHAPES, DEMO_COLOURS, DEMO_VIEWS, type DemoColour } from "./demo-image-catalogue";
import { renderDemoImage } from "./demo-image-svg";
import { DEMO_VEHICLE_MODELS } from "./demo-vehicle-models";

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

            expect(Buffer.byteLength(svg)).toBeLessThan(12_000);
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

  it("photographs the front three-quarter first, then the side, the rear three-quarter and the front from the other side", () => {
    // The front number plate stands upright, so only a camera in front sees it; the tail lights sit on the upright rear.
    const HEADLIGHT = 'fill="#eef2f5"';
    const FRONT_PLATE = 'fill="#f4f4ef"';
    const TAIL_LIGHT = 'fill="#c21f2b"';
    const seen = (svg = "") => [svg.includes(HEADLIGHT) && svg.includes(FRONT_PLATE), svg.includes(TAIL_LIGHT)];
    for (const shape of DEMO_BODY_SHAPES) {
      const [front, side, rear, otherFront] = DEMO_VIEWS.map((view) => renderDemoImage({ shape, colour: "Blue", view }));
      expect([seen(front), seen(otherFront)], shape).toEqual([
        [true, false],
        [true, false],
      ]);
      expect([side?.includes(FRONT_PLATE), side?.includes(TAIL_LIGHT)], shape).toEqual([false, false]);
      expect(seen(rear), shape).toEqual([false, true]);
    }
  });

  it("draws a hatchback with a raked tailgate and a short roof, an estate with an upright tailgate and a long roof", () => {
    /** The rear window's lean from upright, in degrees, and how far back the roof reaches as a share of the length. */
    const tail = (shape: "hatchback" | "estate") => {
      const model = DEMO_VEHICLE_MODELS[shape];
      const cabin = model.solids.find((solid) => solid.glassEdges)!;
      const rearGlass = cabin.glassEdges!.at(-1)!;
      const [top, bottom] = [cabin.profile[rearGlass]!, cabin.profile[(rearGlass + 1) % cabin.profile.length]!];
      const roofHeight = Math.max(...cabin.profile.map(([, y]) => y));
      const roofEnd = Math.min(...cabin.profile.filter(([, y]) => y >= roofHeight - 3).map(([x]) => x));
      return {
        lean: (Math.atan2(Math.abs(top[0] - bottom[0]), Math.abs(top[1] - bottom[1])) * 180) / Math.PI,
        roofEnd: roofEnd / model.length,
      };
    };
    const [hatchback, estate] = [tail("hatchback"), tail("estate")];
    expect(hatchback.lean).toBeGreaterThan(30);
    expect(estate.lean).toBeLessThan(10);
    expect(hatchback.roofEnd).toBeGreaterThan(0.2);
    expect(estate.roofEnd).toBeLessThan(0.1);
    expect(DEMO_VEHICLE_MODELS.hatchback.length).toBeLessThan(DEMO_VEHICLE_MODELS.estate.length);
  });

  it("draws every body shape differently", () => {
    const drawings = DEMO_BODY_SHAPES.map((shape) => renderDemoImage({ shape, colour: "Grey", view: 1 }).replace(/<title>.*<\/title>/, ""));
    expect(new Set(drawings).size).toBe(DEMO_BODY_SHAPES.length);
  });
});

describe("a demo picture rasterised as an uploaded photo is", () => {
  const [red, green, blue] = [0xb3, 0x20, 0x2a];
  for (const shape of DEMO_BODY_SHAPES) {
    it(`${shape}: a picture in every view, the vehicle in its paint`, async () => {
      const rasters: string[] = [];
      for (const view of DEMO_VIEWS) {
        const { data, info } = await sharp(Buffer.from(renderDemoImage({ shape, colour: "Red", view })))
          .resize(200, 150)
          .raw()
          .toBuffer({ resolveWithObject: true });
        expect([info.width, info.height]).toEqual([200, 150]);
        let painted = 0;
        for (let i = 0; i < data.length; i += info.channels) {
          if (Math.abs(data[i]! - red) + Math.abs(data[i + 1]! - green) + Math.abs(data[i + 2]! - blue) < 60) painted++;
        }
        // The paint covers a good part of the picture, whatever the angle.
        expect(painted / (info.width * info.height), `view ${view}`).toBeGreaterThan(0.03);
        rasters.push(data.toString("base64"));
      }
      expect(new Set(rasters).size).toBe(DEMO_VIEWS.length);
    });
  }
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
