import { spawn } from "node:child_process";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { freePort } from "../free-port";

export interface ChildServer {
  port: number;
  /** The throw-away folder the server keeps its data in. */
  dataDir: string;
  /** Stops the server and deletes its data. */
  stop(): Promise<void>;
  /** Sends the server a signal: SIGSTOP freezes it, SIGCONT lets it carry on, SIGTERM stops it. */
  signal(signal: NodeJS.Signals): void;
}

export interface ChildServerOptions {
  /** For messages: "Meilisearch". */
  name: string;
  binary: string;
  /** The command line, given the port and data folder chosen for this run. */
  args(port: number, dataDir: string): string[];
  /** Whether the server answers yet. */
  ready(port: number): Promise<boolean>;
  timeoutMs?: number;
  /** The port to listen on, when the test has already told a client where to find the server; a free one otherwise. */
  port?: number;
}

const OUTPUT_KEPT = 4000;

/**
 * A server binary started for one test file, on a free loopback port over a fresh data
 * folder, working in that folder so nothing it writes lands in the repository. Its output
 * is kept only to explain a failed start.
 */
export async function startChildServer({
  name,
  binary,
  args,
  ready,
  timeoutMs = 60_000,
  port: chosenPort,
}: ChildServerOptions): Promise<ChildServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), `test-${name.toLowerCase().replace(/\W+/g, "-")}-`));
  const port = chosenPort ?? (await freePort());
  const child = spawn(binary, args(port, dataDir), { cwd: dataDir, stdio: ["ignore", "pipe", "pipe"] });
  let output = "";
  const keep = (chunk: Buffer) => (output = (output + chunk.toString()).slice(-OUTPUT_KEPT));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const failedToSpawn = new Promise<Error>((resolve) => child.once("error", resolve));

  const stop = async () => {
    // No pid: it never started (the binary is missing), so there is nothing to wait for.
    if (child.pid !== undefined && child.exitCode === null && child.signalCode === null) {
      child.kill("SIGTERM");
      const killer = setTimeout(() => child.kill("SIGKILL"), 10_000);
      await exited;
      clearTimeout(killer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const spawnError = await Promise.race([failedToSpawn, sleep(100, undefined)]);
    if (spawnError || child.exitCode !== null) {
      await stop();
      throw new Error(`${name} (${binary}) did not start: ${spawnError?.message ?? `it exited with status ${child.exitCode}`}\n${output}`);
    }
    if (await ready(port).catch(() => false)) return { port, dataDir, stop, signal: (signal) => void child.kill(signal) };
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`${name} (${binary}) did not answer within ${timeoutMs / 1000} s\n${output}`);
    }
  }
}
