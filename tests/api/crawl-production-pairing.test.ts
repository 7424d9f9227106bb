import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { BuiltSite } from "../support/built-site";
import { CrawlFrontier, linksIn } from "../support/page-links";
import { pairedSiteForTests, type PairedSite } from "../support/paired-site";

/**
 * The production pairing as an operator first tries it: FerretDB and Meilisearch, `npm run
 * stock:setup` with its default demo stock, the built site on both, and a crawl from the home
 * page following every link at 8 connections, as the acceptance run crawls the site. No
 * page may answer 5xx: FerretDB reads a whole collection for a count or a lookup by id, so a
 * page of results that read the store, or a home page that counted it, answered 503 under
 * this crawl once its reads queued past the store's 3 s deadline; a vehicle's page that
 * still does is drawn from its Meilisearch document when the store's read passes it.
 */
const SUITE = "a crawl of the site on FerretDB and Meilisearch at 8 connections";
const CONNECTIONS = 8;
/** stock:setup's demo stock when DEMO_STOCK_SIZE is not set. */
const VEHICLES = 2000;
const LIMITS = { variantsPerPath: 3, vehiclesToOpen: 30 };
const MOST_URLS = 1500;
const startPairedSite = await pairedSiteForTests(SUITE, process.env.FERRETDB_BINARY, VEHICLES);

interface Answer {
  url: string;
  from: string;
  status: number;
  ms: number;
}

if (startPairedSite) {
  let paired: PairedSite;
  let site: BuiltSite;
  beforeAll(async () => {
    paired = await startPairedSite();
    site = paired.site;
  }, 600_000);
  afterAll(async () => {
    await paired?.stop();
  });

  /** Follows every link from the home page, `CONNECTIONS` requests at a time, until none is left to open. */
  const crawl = async (frontier: CrawlFrontier): Promise<Answer[]> => {
    const answers: Answer[] = [];
    let inFlight = 0;
    const connection = async () => {
      for (;;) {
        const found = frontier.next();
        if (!found) {
          // Another connection's page may still add links.
          if (inFlight === 0) return;
          await sleep(5);
          continue;
        }
        inFlight++;
        try {
          const started = performance.now();
          const { status, headers, body } = await site.get(found.url);
          answers.push({ ...found, status, ms: performance.now() - started });
          if (answers.length >= MOST_URLS) throw new Error(`the crawl went past ${MOST_URLS} addresses`);
          if (status >= 300 && status < 400 && headers.location) frontier.enqueue(headers.location, found.url);
          if (status === 200 && String(headers["content-type"]).includes("text/html")) {
            for (const href of linksIn(body)) frontier.enqueue(href, found.url);
          }
        } finally {
          inFlight--;
        }
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, connection));
    return answers;
  };

  describe(SUITE, () => {
    it("answers every page it reaches without a 5xx", async () => {
      const frontier = new CrawlFrontier(`http://127.0.0.1:${site.port}`, LIMITS);
      const started = performance.now();
      const answers = await crawl(frontier);
      const seconds = ((performance.now() - started) / 1000).toFixed(1);
      const pages = answers.filter(({ url }) => !/^\/(assets|media)\//.test(url));
      const slowest = (kind: Answer[]) => Math.round(Math.max(...kind.map(({ ms }) => ms)));
      const vehiclePages = pages.filter(({ url }) => url.startsWith("/vehicles/"));
      process.stderr.write(
        `Crawled ${answers.length} addresses (${pages.length} pages) in ${seconds} s at ${CONNECTIONS} connections; the slowest ` +
          `vehicle page took ${slowest(vehiclePages)} ms, the slowest other page ${slowest(pages.filter((page) => !vehiclePages.includes(page)))} ms.\n`,
      );
      expect(
        answers.filter(({ status }) => status >= 500).map(({ url, from, status }) => `${url} (from ${from}) answered ${status}`),
      ).toEqual([]);
      // A vehicle's page still reads the store, and FerretDB's lookup by id may pass the read
      // deadline under the crawl: the page is then drawn from Meilisearch, so only search must never fail.
      expect(site.log()).not.toContain("The search engine is unavailable");
      for (const reached of ["/car-search", "/van-search", "/truck-search", "/offers", "/vehicles"]) {
        expect(frontier.variants.has(reached), `${reached} was reached`).toBe(true);
      }
      expect(frontier.vehiclesOpened).toBe(LIMITS.vehiclesToOpen);
    }, 600_000);

    it("shows the home page's make list and stock figure", async () => {
      const home = await site.get("/");
      expect(home.status).toBe(200);
      expect(home.body).toMatch(new RegExp(`${VEHICLES.toLocaleString("en-GB")}(<!-- -->)? vehicles`));
      const { make } = JSON.parse((await site.get("/api/vehicles/distinct/car")).body) as { make: string[] };
      expect(make.length).toBeGreaterThan(1);
      for (const name of make) expect(home.body).toContain(`<option value="${name}"`);
    });
  });
}
