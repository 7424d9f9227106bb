import { spawn, type ChildProcess, type StdioOptions } from "node:child_process";
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";
import { EMBEDDED_ENGINES } from "./embedded-engines";
import { freePort } from "./free-port";

const serverEntry = path.resolve(import.meta.dirname, "..", "..", "build", "server", "index.js");

export interface SiteProcess {
  server: ChildProcess;
  url: string;
  /** From spawning the process to its first healthy answer. */
  startMs: number;
}

/**
 * The production build (build/server/index.js) run as its own process, the way `npm start`
 * runs it, on 127.0.0.1; resolves once it answers /healthz.
 */
export async function spawnBuiltSite(options: {
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  nodeArgs?: string[];
  timeoutMs?: number;
  /** Keep the site's log (its stdout) for the caller to read, rather than dropping it. */
  pipeLog?: boolean;
  /** Runs the site under `ulimit -n`, as a small container would. */
  maxOpenFiles?: number;
  /** Another build's server entry, for a bench comparing builds in turn; the current build's by default. */
  entry?: string;
}): Promise<SiteProcess> {
  const started = performance.now();
  const command = [process.execPath, ...(options.nodeArgs ?? []), options.entry ?? serverEntry];
  const env = {
    ...process.env,
    ...EMBEDDED_ENGINES,
    NODE_ENV: "production",
    DATA_DIR: options.dataDir,
    PORT: String(options.port),
    HOST: "127.0.0.1",
    DEMO_STOCK_SIZE: "0",
    LOG_LEVEL: "warn",
    // No balancer in front to drain from, unless a test puts one there.
    SHUTDOWN_DRAIN_SECONDS: "0",
    ...options.env,
  };
  const stdio: StdioOptions = ["ignore", options.pipeLog ? "pipe" : "ignore", "inherit"];
  const server = options.maxOpenFiles
    ? spawn("/bin/sh", ["-c", `ulimit -n ${options.maxOpenFiles} && exec "$@"`, "sh", ...command], { env, stdio })
    : spawn(command[0]!, command.slice(1), { env, stdio });
  const url = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? Infinity);
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The site exited with status ${server.exitCode}`);
    if (Date.now() > deadline) {
      server.kill("SIGTERM");
      throw new Error(`The site did not answer /healthz within ${options.timeoutMs} ms`);
    }
    const healthy = await fetch(`${url}/healthz`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) return { server, url, startMs: performance.now() - started };
    await sleep(50);
  }
}

/** Stops a spawned site and waits for it to exit: it writes its views and logs as it stops, so its folder is not yet free to delete. */
export async function stopSite(site: Pick<SiteProcess, "server">): Promise<void> {
  if (site.server.exitCode !== null || site.server.signalCode !== null) return;
  const exited = once(site.server, "exit");
  site.server.kill("SIGTERM");
  await exited;
}

export interface BuiltAnswer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface BuiltSite {
  /** A GET to the site, with any headers (Host included, which browsers and fetch() refuse to set). */
  get(address: string, headers?: Record<string, string>, method?: string): Promise<BuiltAnswer>;
  /** Any request, with a body; redirects are answers, not followed. */
  send(address: string, options: { method: string; headers?: Record<string, string>; body?: string }): Promise<BuiltAnswer>;
  /** The site's data folder, which a test may add to (staff accounts, say) while the site runs. */
  dataDir: string;
  /** Everything the site has logged so far (JSON lines). */
  log(): string;
  port: number;
  stop(): Promise<void>;
}

/**
 * Another copy of the built site, as the browser tests run it, with settings of a test's
 * own (SITE_URL, DEALER_CONFIG) over a fresh data folder with a little demo stock.
 */
export async function startBuiltSite(
  env: Record<string, string>,
  options: { maxOpenFiles?: number; dataDir?: string } = {},
): Promise<BuiltSite> {
  const port = await freePort();
  // Another site's folder, when given, is that site's to remove.
  const ownFolder = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), "dealer-site-built-")));
  let site: SiteProcess;
  try {
    site = await spawnBuiltSite({
      port,
      env: { DEMO_STOCK_SIZE: "30", LOG_LEVEL: "error", ...env },
      timeoutMs: 30_000,
      pipeLog: true,
      maxOpenFiles: options.maxOpenFiles,
      dataDir,
    });
  } catch (error) {
    if (ownFolder) await rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  let log = "";
  site.server.stdout!.setEncoding("utf8").on("data", (chunk: string) => (log += chunk));

  const send = (address: string, { method, headers = {}, body }: { method: string; headers?: Record<string, string>; body?: string }) =>
    new Promise<BuiltAnswer>((resolve, reject) => {
      const request = httpRequest({ host: "127.0.0.1", port, path: address, headers, method }, (response) => {
        let text = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (text += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: text }));
      });
      request.on("error", reject).end(body);
    });
  const get = (address: string, headers: Record<string, string> = {}, method = "GET") => send(address, { method, headers });

  const stop = async () => {
    await stopSite(site);
    if (ownFolder) await rm(dataDir, { recursive: true, force: true });
  };
  if (env.RENDER_THREADS !== "0") await renderThreadsLoaded(get);
  return { get, send, dataDir, log: () => log, port, stop };
}

/**
 * Render threads start with the site's first public page, which is rendered on the main
 * thread while they load: a test of what threads render starts once they have loaded. The
 * page asked to start them is a 404, which the page cache does not keep.
 */
async function renderThreadsLoaded(get: (address: string) => Promise<BuiltAnswer>): Promise<void> {
  await get("/render-threads-start-here");
  const loading = async () => {
    const health = JSON.parse((await get("/healthz")).body) as { catchingUp?: { task: string }[] };
    return (health.catchingUp ?? []).some(({ task }) => task === "render-threads");
  };
  for (const deadline = Date.now() + 30_000; (await loading()) && Date.now() < deadline;) await sleep(100);
}
