import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { request as httpRequest } from "node:http";
import { createServer, type AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";

export interface BuiltSite {
  /** A GET to the site, with any headers (Host included, which browsers and fetch() refuse to set). */
  get(address: string, headers?: Record<string, string>): Promise<{ status: number; body: string }>;
  stop(): Promise<void>;
}

/**
 * Another copy of the built site (build/server/index.js, as the browser tests run it) with
 * settings of a test's own, such as SITE_URL or DEALER_CONFIG, over a fresh data folder.
 */
export async function startBuiltSite(env: Record<string, string>): Promise<BuiltSite> {
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), "dealer-site-built-"));
  const site = spawn(process.execPath, ["build/server/index.js"], {
    env: { ...process.env, NODE_ENV: "production", HOST: "127.0.0.1", PORT: String(port), DATA_DIR: dataDir, DEMO_STOCK_SIZE: "30", LOG_LEVEL: "error", ...env },
    stdio: "ignore",
  });
  const exited = new Promise((resolve) => site.once("exit", resolve));

  const get = (address: string, headers: Record<string, string> = {}) =>
    new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = httpRequest({ host: "127.0.0.1", port, path: address, headers }, (response) => {
        let body = "";
        response.setEncoding("utf8").on("data", (chunk: string) => (body += chunk));
        response.on("end", () => resolve({ status: response.statusCode ?? 0, body }));
      });
      request.on("error", reject).end();
    });

  const stop = async () => {
    site.kill("SIGTERM");
    await exited;
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + 30_000;
  for (;;) {
    if ((await get("/healthz").catch(() => undefined))?.status === 200) return { get, stop };
    if (site.exitCode !== null || Date.now() > deadline) {
      await stop();
      throw new Error(`The built site did not start (exit code ${site.exitCode})`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}
