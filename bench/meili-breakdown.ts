import { performance } from "node:perf_hooks";
import type { Meilisearch, MultiSearchParams, MultiSearchResponse } from "meilisearch";
import { Catalogue } from "../backend/catalogue";
import { createLogger } from "../backend/logger";
import { MeiliSearchEngine } from "../backend/search/meili-search";
import type { VehicleStore } from "../backend/store/vehicle-store";
import type { SearchRequest } from "../domain/search-request";
import type { VehicleType } from "../domain/vehicle";
import { cpuSecondsOf } from "./process-cpu";
import { stats } from "./search-queries";

/**
 * Where a search screen's time goes through Meilisearch: the site's whole call
 * (Catalogue.searchJson: filters, every filter's options, the first page of records), the
 * multi-search it sends as its process sees it (request, Meilisearch, answer, JSON parsed),
 * and Meilisearch's own `processingTimeMs` for the queries in it. Then the same under
 * `CONCURRENCY` searches at once, beside the very same multi-searches sent straight to
 * Meilisearch, with the CPU each process spent per search, so that what is Meilisearch's and
 * what is the site's can be told apart on a machine both share. Every query is asked once
 * (the engine's answer cache never helps).
 */

const CONCURRENCY = 16;

export interface SearchAsked {
  type: VehicleType;
  request: SearchRequest;
}

interface MultiSearchTiming {
  /** The multi-search as the site's process saw it, in ms. */
  ms: number;
  /** Meilisearch's own processingTimeMs, summed over the queries in it. */
  processingMs: number;
  queries: number;
  /** The answer's JSON, in bytes. */
  bytes: number;
  body: MultiSearchParams;
}

/** The client with each multi-search it sends timed and kept. */
function timed(client: Meilisearch, timings: MultiSearchTiming[]): Meilisearch {
  return new Proxy(client, {
    get(target, property, receiver) {
      if (property !== "multiSearch") return Reflect.get(target, property, receiver) as unknown;
      return async (body: MultiSearchParams, options?: Parameters<Meilisearch["multiSearch"]>[1]) => {
        const started = performance.now();
        const answer = (await target.multiSearch(body, options)) as MultiSearchResponse;
        const results = answer.results as { processingTimeMs: number }[];
        timings.push({
          ms: performance.now() - started,
          processingMs: results.reduce((sum, result) => sum + result.processingTimeMs, 0),
          queries: results.length,
          bytes: JSON.stringify(answer).length,
          body,
        });
        return answer;
      };
    },
  });
}

const cpuSecondsHere = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1e6;
};

async function inTurn<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<unknown>): Promise<number> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
  return items.length / ((performance.now() - started) / 1000);
}

export async function meiliBreakdown(options: {
  client: Meilisearch;
  index: string;
  store: VehicleStore;
  meiliPort: number;
  searches: readonly SearchAsked[];
}): Promise<string[]> {
  const { client, index, store, meiliPort, searches } = options;
  const half = Math.floor(searches.length / 2);
  const catalogueOf = (timings: MultiSearchTiming[]) =>
    new Catalogue(store, new MeiliSearchEngine(timed(client, timings), index), createLogger("silent"));

  // One at a time: the first half of the searches.
  const oneTimings: MultiSearchTiming[] = [];
  const oneAtATime = catalogueOf(oneTimings);
  for (const { type, request } of searches.slice(0, 50)) await oneAtATime.searchJson(type, request, true);
  oneTimings.length = 0;
  const totals: number[] = [];
  for (const { type, request } of searches.slice(50, half)) {
    const started = performance.now();
    await oneAtATime.searchJson(type, request, true);
    totals.push(performance.now() - started);
  }
  const sent = stats(oneTimings.map((timing) => timing.ms));
  const processing = stats(oneTimings.map((timing) => timing.processingMs));
  const total = stats(totals);
  const queries = oneTimings.reduce((sum, timing) => sum + timing.queries, 0) / oneTimings.length;
  const kb = oneTimings.reduce((sum, timing) => sum + timing.bytes, 0) / oneTimings.length / 1024;

  // At once: the other half through the site's engine, then the same multi-searches sent straight to Meilisearch.
  const loadTimings: MultiSearchTiming[] = [];
  const underLoad = catalogueOf(loadTimings);
  const meiliBefore = await cpuSecondsOf("meilisearch", meiliPort);
  const hereBefore = cpuSecondsHere();
  const siteRate = await inTurn(searches.slice(half), CONCURRENCY, ({ type, request }) => underLoad.searchJson(type, request, true));
  const siteMeiliCpu = ((await cpuSecondsOf("meilisearch", meiliPort)) ?? NaN) - (meiliBefore ?? NaN);
  const siteHereCpu = cpuSecondsHere() - hereBefore;
  const bodies = loadTimings.map((timing) => timing.body);
  const directBefore = await cpuSecondsOf("meilisearch", meiliPort);
  const directHereBefore = cpuSecondsHere();
  const directRate = await inTurn(bodies, CONCURRENCY, (body) => client.multiSearch(body));
  const directMeiliCpu = ((await cpuSecondsOf("meilisearch", meiliPort)) ?? NaN) - (directBefore ?? NaN);
  const directHereCpu = cpuSecondsHere() - directHereBefore;
  const perSearch = (seconds: number, count: number) => `${((seconds * 1000) / count).toFixed(1)} ms`;

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    `Where a search screen's time goes through Meilisearch (${oneTimings.length} distinct searches one at a time, each one multi-search of ${queries.toFixed(1)} queries on average, answers of ${kb.toFixed(1)} KB of JSON):`,
    "",
    "| | p50 | p95 |",
    "|---|---:|---:|",
    `| the site's whole call (Catalogue.searchJson) | ${ms(total.median)} | ${ms(total.p95)} |`,
    `| its multi-search, as the site's process saw it | ${ms(sent.median)} | ${ms(sent.p95)} |`,
    `| Meilisearch's own processingTimeMs, summed over the queries | ${ms(processing.median)} | ${ms(processing.p95)} |`,
    "",
    `${CONCURRENCY} at once, ${bodies.length} distinct searches each way:`,
    "",
    "| | searches/s | Meilisearch's CPU per search | the calling process's CPU per search |",
    "|---|---:|---:|---:|",
    `| through the site's engine | ${Math.round(siteRate)} | ${perSearch(siteMeiliCpu, bodies.length)} | ${perSearch(siteHereCpu, bodies.length)} |`,
    `| the same multi-searches sent straight to Meilisearch | ${Math.round(directRate)} | ${perSearch(directMeiliCpu, bodies.length)} | ${perSearch(directHereCpu, bodies.length)} |`,
    "",
  ];
}
