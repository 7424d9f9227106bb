import { runInNewContext } from "node:vm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { withScriptsAfterPaint } from "./scripts-after-paint.server";

/** A page as React Router writes it: preloads hoisted into the head, the module script at the end of the body. */
const page = (code: string) =>
  '<html><head><meta charSet="utf-8"/><link rel="preload" as="image" href="/media/1.avif"/>' +
  '<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="n0=="/><link rel="modulepreload" href="/assets/a&amp;b.js" nonce="n0=="/>' +
  '</head><body><main id="main"><p>type="module" in the text</p></main>' +
  '<script nonce="n0==">window.__reactRouterContext = {};</script>' +
  `<script nonce="n0==" type="module" async="">${code}</script>` +
  '<script nonce="n0==">window.__reactRouterContext.streamController.close();</script></body></html>';

const CODE =
  'import * as route0 from "/assets/root-1.js";\nwindow.__reactRouterRouteModules = { root: route0 };\nimport("/assets/entry.client-1.js");';

/** The text of the script that holds the module back. */
const heldScript = (html: string) => /<script nonce="n0==">(\(function \(holder[\s\S]*?)<\/script>/.exec(html)![1]!;

/** Runs the held script as a browser would after its paint, and gives back what it put in the page. */
function runHeld(html: string) {
  const held = heldScript(html);
  const added: { rel?: string; href?: string; type?: string; nonce?: string; textContent?: string }[] = [];
  const holder = { nonce: "n0==", replaceWith: (script: object) => added.push(script) };
  const document = {
    currentScript: holder,
    visibilityState: "hidden",
    createElement: () => ({}),
    head: { appendChild: (link: object) => added.push(link) },
  };
  runInNewContext(held, { document });
  return added;
}

describe("scripts after the first paint", () => {
  beforeEach(() => vi.stubEnv("DEV", false));
  afterEach(() => vi.unstubAllEnvs());

  it("takes the module preloads out of the head and the module script out of the body", () => {
    const html = withScriptsAfterPaint(page(CODE));
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).not.toContain('type="module" async');
    expect(html).toContain('<link rel="preload" as="image" href="/media/1.avif"/>');
    expect(html).toContain('<p>type="module" in the text</p>');
    // The hydration data's scripts stay where they were, around the held one.
    expect(html.indexOf("__reactRouterContext = {}")).toBeLessThan(html.indexOf("(function (holder"));
    expect(html.indexOf("(function (holder")).toBeLessThan(html.indexOf("streamController.close()"));
  });

  it("puts back every preload, then the module script with its nonce and its text unchanged", () => {
    const added = runHeld(withScriptsAfterPaint(page(CODE)));
    expect(added).toEqual([
      { rel: "modulepreload", href: "/assets/entry.client-1.js" },
      { rel: "modulepreload", href: "/assets/a&b.js" },
      { type: "module", nonce: "n0==", textContent: CODE },
    ]);
  });

  it("writes no `<` of the module's text into the HTML, where one could end the element or open a comment", () => {
    const code = 'if (1 < 2) document.title = "<" + "!--" + "<" + "/script>";';
    const html = withScriptsAfterPaint(page(code));
    expect(heldScript(html)).not.toContain("<");
    expect(runHeld(html).at(-1)!.textContent).toBe(code);
  });

  it("leaves a page without a module script as it is", () => {
    const html = page(CODE).replace(/<script nonce="n0==" type="module"[\s\S]*?<\/script>/, "");
    expect(withScriptsAfterPaint(html)).toBe(html);
  });
});
