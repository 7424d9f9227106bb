import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import path from "node:path";
import { performance } from "node:perf_hooks";
import { setTimeout as sleep } from "node:timers/promises";

/** The production build, run as its own process the way `npm start` runs it. */

const root = path.resolve(import.meta.dirname, "..");
const serverEntry = path.join(root, "build", "server", "index.js");

export function buildSite(): void {
  process.stderr.write("Building the site...\n");
  if (spawnSync(path.join(root, "node_modules", ".bin", "react-router"), ["build"], { cwd: root, stdio: "ignore" }).status !== 0) {
    throw new Error("The build failed; run npm run build to see why");
  }
}

export interface SiteProcess {
  server: ChildProcess;
  url: string;
  /** From spawning the process to its first healthy answer. */
  startMs: number;
}

export async function startBuiltSite(options: { dataDir: string; port: number; env?: Record<string, string>; nodeArgs?: string[] }): Promise<SiteProcess> {
  const started = performance.now();
  const server = spawn(process.execPath, [...(options.nodeArgs ?? []), serverEntry], {
    env: { ...process.env, NODE_ENV: "production", DATA_DIR: options.dataDir, PORT: String(options.port), HOST: "127.0.0.1", DEMO_STOCK_SIZE: "0", LOG_LEVEL: "warn", ...options.env },
    stdio: ["ignore", "ignore", "inherit"],
  });
  const url = `http://127.0.0.1:${options.port}`;
  for (;;) {
    if (server.exitCode !== null) throw new Error(`The site exited with status ${server.exitCode}`);
    const healthy = await fetch(`${url}/healthz`).then((r) => r.ok, () => false);
    if (healthy) return { server, url, startMs: performance.now() - started };
    await sleep(50);
  }
}
