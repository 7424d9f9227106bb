import { mkdtemp, rm } from "node:fs/promises";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import { generateDemoStock } from "../backend/demo-stock/generate-demo-stock";
import { FileVehicleStore } from "../backend/store/file-vehicle-store";
import { spawnBuiltSite } from "../tests/support/built-site";

/**
 * What a search page's HTML is made of, at each stock size and for each build: its bytes
 * raw and gzipped, and the share of its parts (the filter panel, a second filter form where
 * the build has one, the order and page size above the results, the results' cards, the
 * hydration data and other inline scripts, the inline stylesheet). Run the builds in turn on
 * the same stock:
 *
 *   npx tsx bench/search-page-weight.ts --sizes 3000,100000 \
 *     --builds <copy of main's build>/server/index.js,build/server/index.js
 */

const PAGES = ["/car-search", "/van-search", "/car-search?fuelType=Diesel&sort=price_asc"];

interface Part {
  name: string;
  html: string;
}

/** The element starting at `start`, to its matching end tag (elements of its own name nested inside it counted). */
function elementAt(html: string, start: number): string {
  const tag = /^<([a-z]+)/.exec(html.slice(start))![1]!;
  const pattern = new RegExp(`<${tag}[\\s>]|</${tag}>`, "g");
  pattern.lastIndex = start;
  let depth = 0;
  for (let match = pattern.exec(html); match; match = pattern.exec(html)) {
    depth += match[0].startsWith("</") ? -1 : 1;
    if (depth === 0) return html.slice(start, match.index + match[0].length);
  }
  throw new Error(`<${tag}> at ${start} is not closed`);
}

function elementsMatching(html: string, opening: RegExp): string[] {
  const found: string[] = [];
  for (const match of html.matchAll(new RegExp(opening.source, "g"))) found.push(elementAt(html, match.index));
  return found;
}

/** The page's parts, each once: an element found inside an earlier part is not counted again. */
function partsOf(html: string): Part[] {
  const named: [string, RegExp][] = [
    ["filter panel (#filters)", /<[a-z]+ [^>]*id="filters"/],
    ["desktop sidebar form", /<section [^>]*class="filter-sidebar"/],
    ["order and page size", /<form [^>]*class="results-controls"/],
    ["results (cards)", /<section [^>]*id="results"/],
    ["inline stylesheet", /<style[\s>]/],
  ];
  const parts: Part[] = named.map(([name, opening]) => ({ name, html: elementsMatching(html, opening).join("") }));
  const scripts = elementsMatching(html, /<script[\s>]/).filter((script) => !/^<script[^>]*\ssrc=/.test(script));
  parts.push({ name: "hydration data", html: scripts.filter((script) => script.includes("__reactRouter")).join("") });
  parts.push({ name: "other inline scripts", html: scripts.filter((script) => !script.includes("__reactRouter")).join("") });
  const counted = parts.reduce((sum, part) => sum + Buffer.byteLength(part.html), 0);
  parts.push({ name: "the rest", html: "x".repeat(Buffer.byteLength(html) - counted) });
  return parts;
}

function fetchText(url: string): Promise<string> {
  return new Promise((resolve, reject) => {
    get(url, (response) => {
      if (response.statusCode !== 200) reject(new Error(`${url} answered ${response.statusCode}`));
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    }).on("error", reject);
  });
}

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const gzipped = (text: string) => gzipSync(text).length;

async function main() {
  const { values } = parseArgs({
    options: { sizes: { type: "string", default: "3000,100000" }, builds: { type: "string", default: "build/server/index.js" } },
  });
  const sizes = values.sizes.split(",").map(Number);
  const builds = values.builds.split(",").map((entry) => path.resolve(entry));
  const port = 20_000 + (process.pid % 20_000);
  for (const size of sizes) {
    const dataDir = await mkdtemp(path.join(tmpdir(), "search-page-weight-"));
    try {
      const store = await FileVehicleStore.open(dataDir);
      const stock = [...generateDemoStock({ count: size, referenceDate: new Date("2026-11-01T00:00:00Z") })];
      await store.applyChange({ records: stock.map((record) => ({ id: record._id, record })), mode: "upsert" });
      await store.close();
      for (const entry of builds) {
        const { server, url } = await spawnBuiltSite({ dataDir, port, entry, timeoutMs: 300_000 });
        try {
          for (const page of PAGES) {
            const html = await fetchText(`${url}${page}`);
            const styles = elementsMatching(html, /<style[\s>]/).join("");
            const unstyled = html.replace(styles, "");
            process.stdout.write(
              `\n${size.toLocaleString("en-GB")} vehicles, ${entry}, ${page}: ${kb(Buffer.byteLength(html))} raw, ${kb(gzipped(html))} gzipped; ` +
                `without the inline stylesheet ${kb(Buffer.byteLength(unstyled))}, ${kb(gzipped(unstyled))} gzipped\n`,
            );
            for (const part of partsOf(html)) {
              if (part.html.length === 0) continue;
              const gzip = part.name === "the rest" ? "" : `, ${kb(gzipped(part.html))} gzipped alone`;
              process.stdout.write(`  ${part.name.padEnd(26)} ${kb(Buffer.byteLength(part.html)).padStart(9)}${gzip}\n`);
            }
          }
        } finally {
          const exited = new Promise((resolve) => server.once("exit", resolve));
          server.kill("SIGTERM");
          await exited;
        }
      }
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
}

await main();
