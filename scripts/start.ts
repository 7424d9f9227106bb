import { spawn, spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import path from "node:path";

/**
 * `npm start`: builds the site if the build is missing or older than the source, then runs
 * it. A fresh clone therefore needs only `npm install && npm start`; production images build
 * once and run `node build/server/index.js` directly.
 */

const root = path.resolve(import.meta.dirname, "..");
const SOURCES = [
  "frontend",
  "backend",
  "domain",
  "public",
  "package-lock.json",
  "vite.config.ts",
  "react-router.config.ts",
  "tsconfig.json",
];
const stamp = path.join(root, "build", ".source-hash");
const serverEntry = path.join(root, "build", "server", "index.js");

function filesUnder(entry: string): string[] {
  const full = path.join(root, entry);
  if (!existsSync(full)) return [];
  if (!statSync(full).isDirectory()) return [entry];
  return readdirSync(full, { recursive: true, withFileTypes: true })
    .filter((item) => item.isFile() && !/\.test\.tsx?$/.test(item.name))
    .map((item) => path.relative(root, path.join(item.parentPath, item.name)))
    .sort();
}

function sourceHash(): string {
  const hash = createHash("sha256");
  for (const file of SOURCES.flatMap(filesUnder)) hash.update(file).update(readFileSync(path.join(root, file)));
  return hash.digest("hex");
}

const hash = sourceHash();
const built = existsSync(serverEntry) && existsSync(stamp) && readFileSync(stamp, "utf8") === hash;
if (!built) {
  process.stdout.write("Building the site (only when the source has changed)...\n");
  const build = spawnSync(path.join(root, "node_modules", ".bin", "react-router"), ["build"], { cwd: root, stdio: "inherit" });
  if (build.status !== 0) process.exit(build.status ?? 1);
  writeFileSync(stamp, hash);
}

// Run the site as its own process and pass stop signals on, so it can finish open requests.
// NODE_ENV is read by React when it loads, before the site's own settings are: unset, it
// would render every page with React's development build, at half the speed.
const site = spawn(process.execPath, [serverEntry], { cwd: root, stdio: "inherit", env: { NODE_ENV: "production", ...process.env } });
for (const signal of ["SIGINT", "SIGTERM"] as const) process.on(signal, () => site.kill(signal));
site.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
