import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdtemp, rm, stat } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { generateDemoStock } from "../backend/demo-stock/generate-demo-stock";
import { csvLine } from "../backend/staff/csv-export";
import { CSV_HEADER, recordToCsvRow } from "../backend/stock/csv-columns";
import { spawnBuiltSite, stopSite, type SiteProcess } from "../tests/support/built-site";
import { freePort } from "../tests/support/free-port";
import { addStaffAccounts, signedInAs } from "../tests/support/staff-accounts";
import { mainThreadCpuMs } from "./site-cpu";

/**
 * A large CSV feed through the built site's stock console, as a stock manager sends it:
 * uploaded, previewed, imported ("Import now") and the search index rebuilt, first as an
 * update (every vehicle added to 2,000 demo vehicles), then again as the whole stock (every
 * vehicle unchanged, the demo ones removed as sold). `/healthz` is asked every 50 ms, one at
 * a time, throughout: its slowest answer in each step is how long a visitor's request waited
 * on the import. Each build in turn, each on a data folder of its own.
 */

const DEMO_STOCK = 2_000;
const PROBE_MS = 50;
const PAGE = "/staff/stock/import";

interface StepFigures {
  ms: number;
  slowestHealthMs: number;
  /** The most the site's event loop ran on a CPU while one /healthz waited. */
  slowestOnCpuMs: number;
}

export async function benchSiteImport(rows: number, builds: readonly string[]): Promise<string[]> {
  const feedDir = await mkdtemp(path.join(tmpdir(), "bench-site-import-"));
  try {
    const feed = path.join(feedDir, "feed.csv");
    await writeFeed(feed, rows);
    const lines: string[] = [];
    for (const build of builds) {
      process.stderr.write(`Importing ${rows.toLocaleString("en-GB")} rows through ${build || "this build"}...\n`);
      const figures = await importTwice(feed, build);
      const cell = ({ ms, slowestHealthMs, slowestOnCpuMs }: StepFigures) =>
        `${Math.round(slowestHealthMs)} ms / ${Math.round(slowestOnCpuMs)} ms (${(ms / 1000).toFixed(1)} s)`;
      lines.push(
        `| ${build ? path.basename(path.dirname(path.dirname(path.dirname(build)))) : "this build"} | ${rows.toLocaleString("en-GB")} | ${figures.map(cell).join(" | ")} |`,
      );
    }
    return [
      "",
      `A ${rows.toLocaleString("en-GB")}-row CSV feed through the stock console, /healthz asked every ${PROBE_MS} ms: in each step its slowest answer / the most the site's event loop ran on a CPU while one waited (the step's time):`,
      "",
      "| build | rows | update: preview | update: import and index | whole stock: preview | whole stock: import and index |",
      "|---|---:|---:|---:|---:|---:|",
      ...lines,
    ];
  } finally {
    await rm(feedDir, { recursive: true, force: true });
  }
}

async function writeFeed(file: string, rows: number): Promise<void> {
  const output = createWriteStream(file);
  const send = async (line: string) => {
    if (!output.write(line)) await once(output, "drain");
  };
  await send(csvLine(CSV_HEADER));
  for (const record of generateDemoStock({ count: rows, seed: 77 })) await send(csvLine(recordToCsvRow(record)));
  output.end();
  await once(output, "finish");
}

async function importTwice(feed: string, build: string): Promise<StepFigures[]> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "bench-site-import-data-"));
  try {
    await addStaffAccounts(dataDir, ["stock"]);
    const site = await spawnBuiltSite({
      dataDir,
      port: await freePort(),
      ...(build ? { entry: build } : {}),
      env: { DEMO_STOCK_SIZE: String(DEMO_STOCK), STOCK_UPLOAD_MAX_MB: "2048", STAFF_REQUIRE_2FA: "0", STOCK_FEED_URL: "" },
      timeoutMs: 120_000,
    });
    try {
      return await importBothWays(site, dataDir, feed);
    } finally {
      await stopSite(site);
    }
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function importBothWays(site: SiteProcess, dataDir: string, feed: string): Promise<StepFigures[]> {
  const { url } = site;
  const { sessionId, csrfToken } = await signedInAs(dataDir, "stock");
  const stockConsole = new StockConsole(url, `__Host-staff_session=${sessionId}`, csrfToken);
  const figures: StepFigures[] = [];
  for (const mode of ["upsert", "replace"] as const) {
    const preview = await watched(site, async () => {
      await stockConsole.upload(feed, mode);
      return stockConsole.pageShowing(/Preview: nothing is changed/);
    });
    const id = /name="id" value="([0-9a-f]+)"/.exec(preview.result)?.[1];
    if (!id) throw new Error("The preview names no import");
    const indexedBefore = (await health(url)).indexedAt;
    const applied = await watched(site, async () => {
      await stockConsole.apply(id);
      await stockConsole.pageShowing(/Import finished/);
      // The store told the catalogue of the change, which then rebuilds the search index.
      for (;;) {
        const { indexedAt, rebuilding } = await health(url);
        if (indexedAt !== indexedBefore && !rebuilding) return;
        await sleep(250);
      }
    });
    figures.push(preview, applied);
  }
  return figures;
}

/**
 * `work` timed, with /healthz asked every PROBE_MS meanwhile, one at a time: the slowest
 * answer, and the most the site's event loop ran meanwhile, which is what that wait would be
 * on an idle machine (on a busy one the loop also waits for a CPU).
 */
async function watched<T>(site: SiteProcess, work: () => Promise<T>): Promise<StepFigures & { result: T }> {
  let slowest = 0;
  let slowestOnCpu = 0;
  let stopped = false;
  const probing = (async () => {
    while (!stopped) {
      const started = performance.now();
      const cpuBefore = await mainThreadCpuMs(site.server.pid!);
      await fetch(`${site.url}/healthz`).then(
        (response) => response.arrayBuffer(),
        () => undefined,
      );
      slowest = Math.max(slowest, performance.now() - started);
      slowestOnCpu = Math.max(slowestOnCpu, (await mainThreadCpuMs(site.server.pid!)) - cpuBefore);
      await sleep(PROBE_MS);
    }
  })();
  const started = performance.now();
  try {
    const result = await work();
    return { result, ms: performance.now() - started, slowestHealthMs: slowest, slowestOnCpuMs: slowestOnCpu };
  } finally {
    stopped = true;
    await probing;
  }
}

async function health(url: string): Promise<{ indexedAt?: string; rebuilding?: boolean }> {
  return (await fetch(`${url}/healthz`)).json() as Promise<{ indexedAt?: string; rebuilding?: boolean }>;
}

/** The console's forms, sent as a browser sends them. */
class StockConsole {
  constructor(
    private readonly url: string,
    private readonly cookie: string,
    private readonly csrf: string,
  ) {}

  /** The upload form: the CSRF token and the mode first, then the file, streamed. */
  async upload(feed: string, mode: "upsert" | "replace"): Promise<void> {
    const boundary = `----bench-${randomUUID()}`;
    const field = (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
    const head = Buffer.from(
      `${field("csrf", this.csrf)}${field("mode", mode)}--${boundary}\r\nContent-Disposition: form-data; name="feed"; filename="feed.csv"\r\nContent-Type: text/csv\r\n\r\n`,
    );
    const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
    const length = head.length + (await stat(feed)).size + tail.length;
    await new Promise<void>((resolve, reject) => {
      const request = httpRequest(
        `${this.url}${PAGE}`,
        {
          method: "POST",
          headers: {
            ...this.headers(),
            "Content-Type": `multipart/form-data; boundary=${boundary}`,
            "Content-Length": String(length),
          },
        },
        (response) => {
          response
            .resume()
            .on("end", () => (response.statusCode === 303 ? resolve() : reject(new Error(`The upload answered ${response.statusCode}`))));
        },
      );
      request.on("error", reject);
      request.write(head);
      const file = createReadStream(feed);
      file.on("error", reject).on("end", () => request.end(tail));
      file.pipe(request, { end: false });
    });
  }

  async apply(id: string): Promise<void> {
    const response = await fetch(`${this.url}${PAGE}`, {
      method: "POST",
      headers: { ...this.headers(), "Content-Type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ csrf: this.csrf, id, intent: "apply", confirmRemoval: "yes" }),
      redirect: "manual",
    });
    await response.arrayBuffer();
    if (response.status !== 303) throw new Error(`Import now answered ${response.status}`);
  }

  /** The console page once it shows `wanted`, asked twice a second as a stock manager's browser would. */
  async pageShowing(wanted: RegExp): Promise<string> {
    for (;;) {
      const page = await (await fetch(`${this.url}${PAGE}`, { headers: this.headers() })).text();
      if (wanted.test(page)) return page;
      if (/Import failed|stopped with an unexpected error/.test(page)) throw new Error("The import failed");
      await sleep(500);
    }
  }

  private headers(): Record<string, string> {
    return { Cookie: this.cookie, Origin: this.url, Accept: "text/html" };
  }
}
