import { spawn, type ChildProcess } from "node:child_process";
import path from "node:path";
import { EMBEDDED_ENGINES } from "./embedded-engines";

const root = path.resolve(import.meta.dirname, "..", "..");

export interface CliRun {
  child: ChildProcess;
  done: Promise<{ status: number | null; signal: NodeJS.Signals | null; stdout: string; stderr: string }>;
}

/**
 * Runs `indexer/cli.ts` as its own process, as `npm run stock:…` does, over the given data
 * folder and the embedded engines unless `env` names others.
 */
export function runCli(args: string[], dataDir: string, env: Record<string, string> = {}): CliRun {
  const child = spawn(process.execPath, ["--import", "tsx", path.join(root, "indexer", "cli.ts"), ...args], {
    cwd: root,
    env: { ...process.env, ...EMBEDDED_ENGINES, DATA_DIR: dataDir, LOG_LEVEL: "warn", ...env },
  });
  let stdout = "";
  let stderr = "";
  child.stdout!.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr!.on("data", (chunk: Buffer) => (stderr += chunk));
  const done = new Promise<Awaited<CliRun["done"]>>((resolve) =>
    child.on("close", (status, signal) => resolve({ status, signal, stdout, stderr })),
  );
  return { child, done };
}
