import { once } from "node:events";
import { cp, mkdir, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import type { SavedSearch } from "../backend/alerts/alert-store";
import { AlertRounds, findingsOf, meetFindings } from "../backend/alerts/alert-rounds";
import { outboxPost } from "../backend/alerts/alert-services";
import { FileAlertStore } from "../backend/alerts/file-alert-store";
import { demandKeyOf } from "../backend/alerts/alert-demand";
import { compileSearch } from "../backend/alerts/search-matcher";
import { BranchPlaces } from "../backend/branches/branch-places";
import { generateDemoStock } from "../backend/demo-stock/generate-demo-stock";
import { loadDealer } from "../backend/dealer-config";
import { FileMailOutbox } from "../backend/mail/file-mail-outbox";
import { newRecipientSecret } from "../backend/mail/recipient-key";
import { feedRecordOf } from "../backend/stock/vehicle-desk";
import { FileVehicleStore } from "../backend/store/file-vehicle-store";
import { FILTERS, textKey, type Filters } from "../domain/filters";
import { describeSearch, savedQueryOf } from "../domain/search-alerts";
import type { VehicleRecord } from "../domain/vehicle";
import { SMTPServer } from "smtp-server";
import { spawnBuiltSite } from "../tests/support/built-site";
import { freePort } from "../tests/support/free-port";
import { runCli } from "../tests/support/run-cli";
import { cpuSecondsOfPid } from "./process-cpu";
import { searchScreenQueries, stats, type Stats } from "./search-queries";

/**
 * Saved searches' alerts at scale (backend/alerts/): `searches` saved searches over `vehicles`
 * demo vehicles, on the embedded stores, and a feed of `changes` changes (half new vehicles,
 * half price cuts of 5%). Timed in this process with process.cpuUsage (user + system CPU):
 * the matching alone (each change met with the searches of its type naming its make or none,
 * AlertStore.candidates, and checked by each search's compiled matcher), and the whole round
 * that follows the change feed, matches, writes an e-mail per address into the mail outbox
 * and records its progress. The searches are drawn from the stock as buyers make them, each
 * from a vehicle like the one they want: its type; its make (92%), and of those its model
 * (70%); else its body type and a price ceiling; a price ceiling (55%), its fuel (20%), a
 * year (15%), its gearbox (10%); a few with keywords (3%), a few watching one vehicle (2%);
 * one buyer in ten once a day.
 */

export interface AlertMatchingFigures {
  searches: number;
  vehicles: number;
  changes: number;
  /** The first round of all: the whole stock read and its prices noted. */
  baseline: { cpuMs: number; wallMs: number };
  /** Changes met with searches: the searches offered them, and those with something to tell. */
  matching: { cpuMs: number; wallMs: number; candidates: number; searchesTold: number; entries: number };
  /** The whole round after the feed: matching, the e-mails queued (one per address), progress recorded. */
  round: { cpuMs: number; wallMs: number; mails: number };
}

const REFERENCE = new Date("2026-11-01T00:00:00Z");
const PRICE_STEPS = FILTERS.price.steps;

/** A deterministic stream of numbers in [0, 1), so every run saves the same searches. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (Math.imul(state, 1664525) + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/** A search a buyer might save, made from a vehicle like the one they want. */
function searchLike(record: VehicleRecord, index: number, random: () => number, confirmedAt: Date): SavedSearch {
  const { vehicle } = record;
  const type = vehicle.vehicleType;
  const filters: Filters = {};
  if (random() < 0.92) {
    filters.make = vehicle.make;
    if (random() < 0.7) filters.model = vehicle.model;
  } else if (vehicle.bodyType) {
    // A search of every make names what the buyer wants another way: its body and what they will pay.
    filters.bodyType = vehicle.bodyType;
  }
  if (!filters.make || random() < 0.55) {
    const wanted = record.adverts.retailAdverts.totalPrice.amountGBP * (0.9 + random() * 0.4);
    const ceiling = PRICE_STEPS.find((step) => step >= wanted);
    if (ceiling) filters.price = { max: ceiling };
  }
  if (random() < 0.2 && vehicle.fuelType) filters.fuelType = vehicle.fuelType;
  if (random() < 0.15 && vehicle.yearOfManufacture) filters.year = { min: vehicle.yearOfManufacture - 2 };
  if (random() < 0.1 && vehicle.transmissionType) filters.gearbox = vehicle.transmissionType;
  const q = random() < 0.03 ? vehicle.model.split(/\s+/)[0] : undefined;
  const watch = random() < 0.02;
  const request = { ...(q ? { q } : {}), filters, sort: "relevance" as const };
  // About 70,000 people: some keep more than one search.
  const person = Math.floor(random() * 70_000);
  return {
    id: (index + 1).toString(16).padStart(24, "0"),
    email: `buyer${person}@example.com`,
    recipient: person.toString(16).padStart(32, "0"),
    type,
    query: watch ? savedQueryOf({ filters: { make: vehicle.make, model: vehicle.model }, sort: "relevance" }) : savedQueryOf(request),
    description: describeSearch(type, request),
    ...(watch ? { vehicleId: record._id } : {}),
    makeKey: watch || filters.make ? textKey(vehicle.make) : "",
    ...demandKeyOf(filters),
    frequency: random() < 0.1 ? "daily" : "immediate",
    status: "active",
    consent: { text: "We'll e-mail you vehicles that match this search.", page: `/${type}-search`, givenAt: confirmedAt },
    createdAt: confirmedAt,
    confirmedAt,
    lastActiveAt: confirmedAt,
    sent: [],
    pending: [],
  };
}

/** The saved searches written as the embedded store keeps them (its journal, and its secret): 100,000 writes one by one would time the disk. */
async function writeSearches(dataDir: string, searches: readonly SavedSearch[]): Promise<void> {
  const folder = path.join(dataDir, "alerts");
  await mkdir(folder, { recursive: true, mode: 0o700 });
  await writeFile(
    path.join(folder, "searches.ndjson"),
    searches.map((search) => `${JSON.stringify({ k: search.id, v: search })}\n`).join(""),
  );
  await writeFile(path.join(folder, "state.json"), JSON.stringify({ secret: newRecipientSecret() }));
}

function cpuMsSince(start: NodeJS.CpuUsage): number {
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
}

async function timed<T>(work: () => Promise<T>): Promise<{ result: T; cpuMs: number; wallMs: number }> {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const result = await work();
  return { result, cpuMs: cpuMsSince(cpu), wallMs: performance.now() - started };
}

/** The feed: `changes / 2` new vehicles and as many price cuts of 5% on vehicles in stock. */
function feedOf(stock: readonly VehicleRecord[], changes: number, random: () => number): VehicleRecord[] {
  const arrivals = [...generateDemoStock({ count: stock.length + changes / 2, seed: 99, referenceDate: REFERENCE })]
    .slice(stock.length)
    .map((record, i) => ({ ...record, _id: `arrival-${i}` }));
  const cuts: VehicleRecord[] = [];
  const chosen = new Set<number>();
  while (cuts.length < changes / 2) {
    const index = Math.floor(random() * stock.length);
    if (chosen.has(index)) continue;
    chosen.add(index);
    const record = stock[index]!;
    const { retailAdverts } = record.adverts;
    const price = Math.round(retailAdverts.totalPrice.amountGBP * 0.95);
    cuts.push({
      ...record,
      adverts: { retailAdverts: { ...retailAdverts, totalPrice: { ...retailAdverts.totalPrice, amountGBP: price } } },
    });
  }
  return [...arrivals, ...cuts];
}

/** `vehicles` demo vehicles and `searches` saved searches written into `dataDir`, and the feed of `changes` that follows. */
async function alertsData(dataDir: string, searchCount: number, vehicleCount: number, changes: number): Promise<VehicleRecord[]> {
  const random = seeded(37);
  const stock = [...generateDemoStock({ count: vehicleCount, referenceDate: REFERENCE })];
  const store = await FileVehicleStore.open(dataDir);
  await store.applyChange({ records: stock.map((record) => ({ id: record._id, record })), mode: "upsert" });
  await store.close();
  const confirmedAt = new Date(Date.now() - 24 * 60 * 60_000);
  await writeSearches(
    dataDir,
    Array.from({ length: searchCount }, (_, index) => searchLike(stock[Math.floor(random() * stock.length)]!, index, random, confirmedAt)),
  );
  return feedOf(stock, changes, random);
}

export async function benchAlertMatching(searchCount: number, vehicleCount: number, changes: number): Promise<AlertMatchingFigures> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `bench-alerts-${searchCount}-`));
  try {
    const feed = await alertsData(dataDir, searchCount, vehicleCount, changes);
    const store = await FileVehicleStore.open(dataDir);
    const alerts = await FileAlertStore.open(dataDir);
    const outbox = await FileMailOutbox.open(dataDir);
    const dealer = await loadDealer("dealer.json");
    const places = BranchPlaces.ofDealer(dealer);
    const rounds = new AlertRounds(
      alerts,
      store,
      { getMany: (ids) => store.getMany(ids), sold: async () => undefined, similarTo: async () => [], places },
      outboxPost(outbox, 4, () => undefined),
      async () => ({
        dealer,
        siteOrigin: "https://www.dockside-motors.example",
        link: ({ action }) => `https://www.dockside-motors.example/alerts/${action}?t=x`,
      }),
      { ALERT_MAILS_PER_DAY: 4, ALERT_DIGEST_HOUR: 23, ALERT_IDLE_MONTHS: 6, ALERT_CONFIRM_DAYS: 7 },
      { info: () => undefined, warn: (...args: unknown[]) => process.stderr.write(`${JSON.stringify(args)}\n`) },
    );
    const baseline = await timed(() => rounds.round());

    const position = (await alerts.cursor())!.position;
    await store.applyChange({ records: feed.map((record) => ({ id: record._id, record: feedRecordOf(record) })), mode: "upsert" });

    // The matching alone, as the round does it, from the change feed and the prices seen.
    const since = await store.changesSince(position);
    if (since.kind !== "changes") throw new Error(`The store could not say what changed: ${since.reason}`);
    const upserts: VehicleRecord[] = [];
    for await (const record of since.upserts) upserts.push(record);
    const now = new Date();
    const { findings } = findingsOf(upserts, since.removedIds, await alerts.pricesOf(upserts.map(({ _id }) => _id)), now, false);
    const compiled = new Map<string, ReturnType<typeof compileSearch>>();
    let candidates = 0;
    const counted = {
      candidates: async (keys: Parameters<typeof alerts.candidates>[0]) => {
        const offered = await alerts.candidates(keys);
        candidates += offered.length;
        return offered;
      },
      watchers: (ids: readonly string[]) => alerts.watchers(ids),
    };
    const matching = await timed(() =>
      meetFindings(counted, findings, now, (search) => {
        const key = `${search.type}?${search.query}`;
        let matcher = compiled.get(key);
        if (!matcher) compiled.set(key, (matcher = compileSearch(search.type, search.query, places)));
        return matcher;
      }),
    );
    const told = [...matching.result.values()];

    const unsentBefore = await outbox.countUnsent();
    const round = await timed(() => rounds.round());
    const mails = (await outbox.countUnsent()) - unsentBefore;
    await alerts.close();
    await outbox.close();
    await store.close();
    return {
      searches: searchCount,
      vehicles: vehicleCount,
      changes,
      baseline: { cpuMs: baseline.cpuMs, wallMs: baseline.wallMs },
      matching: {
        cpuMs: matching.cpuMs,
        wallMs: matching.wallMs,
        candidates,
        searchesTold: told.length,
        entries: told.reduce((sum, { entries }) => sum + entries.length, 0),
      },
      round: { cpuMs: round.cpuMs, wallMs: round.wallMs, mails },
    };
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

export function alertMatchingRows(figures: readonly AlertMatchingFigures[]): string[] {
  if (figures.length === 0) return [];
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  const count = (value: number) => value.toLocaleString("en-GB");
  return [
    "Saved searches' alerts (process CPU, user + system; wall time beside it):",
    "",
    "| searches | vehicles | changes | first round (whole stock) CPU | matching CPU | searches offered the changes | searches told | whole round CPU | whole round wall | e-mails queued |",
    "|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...figures.map(
      (f) =>
        `| ${count(f.searches)} | ${count(f.vehicles)} | ${count(f.changes)} | ${s(f.baseline.cpuMs)} | ${s(f.matching.cpuMs)} | ${count(f.matching.candidates)} | ${count(f.matching.searchesTold)} (${count(f.matching.entries)} finds) | ${s(f.round.cpuMs)} | ${s(f.round.wallMs)} | ${count(f.round.mails)} |`,
    ),
    "",
  ];
}

/** Pages asked one at a time, each address once: vehicle pages and search pages alternately. */
export interface PagesWhileFigures {
  alerts: "on" | "off";
  before: Stats;
  during: Stats;
  /** Pages asked from the end of the import until the alerts' round ended (or as many, with alerts off). */
  asked: number;
  /** From the end of the import to the end of the alerts' round, seen in the site's log. */
  roundMs?: number;
  /** The site's CPU (all its threads) while the pages "during" were asked: the round's work shows here. */
  siteCpuDuringS: number;
  /** E-mails the SMTP server took while they were asked. */
  mailsDuring: number;
}

const PAGES_BEFORE = 200;
const MOST_PAGES_DURING = 3_000;

/**
 * The first view of pages while the alerts' round works through a feed, on the production
 * build with `searches` saved searches over `vehicles` vehicles: pages asked one at a time,
 * each address once (so the page cache never answers), before a `stock:import` of the feed
 * and from its end until the round has ended, as the site's log says. Run twice in turn over
 * copies of the same data: with mail set (the round runs, e-mails going to an SMTP server that
 * takes and drops them) and without (no round: the import and the search index's rebuild alone).
 */
export async function benchPagesWhileAlerting(
  searchCount: number,
  vehicleCount: number,
  changes: number,
  port: number,
): Promise<PagesWhileFigures[]> {
  const template = await mkdtemp(path.join(tmpdir(), `bench-alerts-pages-`));
  const sink = await discardingSmtp();
  try {
    const feed = await alertsData(template, searchCount, vehicleCount, changes);
    const feedFile = path.join(template, "..", `${path.basename(template)}-feed.ndjson`);
    await writeFile(feedFile, feed.map((record) => JSON.stringify({ ...feedRecordOf(record), _id: record._id })).join("\n"));
    const store = await FileVehicleStore.open(template);
    const ids: string[] = [];
    for await (const record of store.scan()) ids.push(record._id);
    const queries = searchScreenQueries(await store.getMany(ids.slice(0, 5_000)), 4 * (PAGES_BEFORE + MOST_PAGES_DURING));
    await store.close();
    const paths = ids
      .slice(5_000)
      .flatMap((id, i) => [`/vehicles/${id}`, (queries[i] ?? "car?").replace(/^(car|van|truck)\?/, "/$1-search?")]);
    const figures: PagesWhileFigures[] = [];
    let roundAsked = MOST_PAGES_DURING;
    for (const alerts of ["on", "off"] as const) {
      const dataDir = `${template}-${alerts}`;
      await cp(template, dataDir, { recursive: true });
      try {
        const { server, url } = await spawnBuiltSite({
          dataDir,
          port,
          timeoutMs: 300_000,
          pipeLog: true,
          env: { LOG_LEVEL: "info", ...(alerts === "on" ? { SMTP_URL: sink.url, SMTP_TLS: "none" } : {}) },
        });
        let log = "";
        server.stdout!.setEncoding("utf8").on("data", (chunk: string) => (log += chunk));
        const roundsEnded = () => (log.match(/Worked out the alerts for the stock's changes/g) ?? []).length;
        try {
          // The first round of all notes the whole stock's prices; pages are timed after it.
          if (alerts === "on")
            await until(async () => (await readFile(path.join(dataDir, "alerts", "state.json"), "utf8")).includes("cursor"));
          let next = 0;
          const ask = async () => {
            const started = performance.now();
            const response = await fetch(`${url}${paths[next++]!}`, { headers: { "accept-encoding": "gzip" } });
            await response.arrayBuffer();
            if (response.status !== 200) throw new Error(`${paths[next - 1]} answered ${response.status}`);
            return performance.now() - started;
          };
          for (let warm = 0; warm < 100; warm++) await ask();
          const before: number[] = [];
          for (let i = 0; i < PAGES_BEFORE; i++) before.push(await ask());
          const { status } = await runCli(["import", feedFile], dataDir).done;
          if (status !== 0) throw new Error(`The import ended with ${status}`);
          const imported = performance.now();
          const cpuBefore = await cpuSecondsOfPid(server.pid!);
          const mailsBefore = sink.received();
          const during: number[] = [];
          let roundMs: number | undefined;
          while (during.length < (alerts === "on" ? MOST_PAGES_DURING : roundAsked)) {
            during.push(await ask());
            if (alerts === "on" && roundsEnded() > 0) {
              roundMs = performance.now() - imported;
              break;
            }
          }
          const siteCpuDuringS = (await cpuSecondsOfPid(server.pid!)) - cpuBefore;
          const mailsDuring = sink.received() - mailsBefore;
          if (alerts === "on") roundAsked = during.length;
          figures.push({
            alerts,
            before: stats(before),
            during: stats(during),
            asked: during.length,
            siteCpuDuringS,
            mailsDuring,
            ...(roundMs ? { roundMs } : {}),
          });
        } finally {
          const exited = once(server, "exit");
          server.kill("SIGTERM");
          await exited;
        }
      } finally {
        await rm(dataDir, { recursive: true, force: true });
      }
    }
    await rm(feedFile, { force: true });
    return figures;
  } finally {
    await sink.close();
    await rm(template, { recursive: true, force: true });
  }
}

/** An SMTP server on loopback that takes every message and keeps nothing, so that sending costs the bench nothing to read. */
async function discardingSmtp(): Promise<{ url: string; received(): number; close(): Promise<void> }> {
  const port = await freePort();
  let received = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, _session, callback) {
      received++;
      stream.on("end", () => callback()).resume();
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    url: `smtp://127.0.0.1:${port}`,
    received: () => received,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

async function until(done: () => Promise<boolean>): Promise<void> {
  for (;;) {
    if (await done().catch(() => false)) return;
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

export function pagesWhileRows(figures: readonly PagesWhileFigures[]): string[] {
  if (figures.length === 0) return [];
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  return [
    "First view of vehicle and search pages (alternately, each address once, one at a time) before a stock:import of the feed and from its end until the alerts' round ended:",
    "",
    "| alerts | before, median | before, p95 | during, median | during, p95 | pages asked during | site CPU during | e-mails sent during | round ended after |",
    "|---|---:|---:|---:|---:|---:|---:|---:|---:|",
    ...figures.map(
      (f) =>
        `| ${f.alerts} | ${ms(f.before.median)} | ${ms(f.before.p95)} | ${ms(f.during.median)} | ${ms(f.during.p95)} | ${f.asked} | ${f.siteCpuDuringS.toFixed(1)} s | ${f.mailsDuring} | ${f.roundMs === undefined ? "(no round)" : `${(f.roundMs / 1000).toFixed(1)} s`} |`,
    ),
    "",
  ];
}
