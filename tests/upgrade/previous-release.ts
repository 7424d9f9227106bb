import { execFile, spawn } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, readFile, rename, rm } from "node:fs/promises";
import path from "node:path";
import { promisify } from "node:util";

const run = promisify(execFile);
const root = path.resolve(import.meta.dirname, "..", "..");
/** Kept between runs: a release's checkout, installed and built, is the same every time. */
const CACHE = path.join(root, "node_modules", ".cache", "previous-releases");

export interface Release {
  version: string;
  /** The commit it was made from: its tag (v0.1.0) when the repository has one, else the CHANGELOG's. */
  commit: string;
  foundBy: string;
}

/**
 * This version and the release before it, from CHANGELOG.md, where each release's heading
 * names its version and commit ("## 0.1.0 (commit 0faa026…), 28 November 2026"): tags may not
 * survive a landing, so the commit is written down beside the version. A tag `v<version>`, when
 * there is one, is taken first.
 */
export async function releases(): Promise<{ current: string; previous: Release | undefined }> {
  const { version: current } = JSON.parse(await readFile(path.join(root, "package.json"), "utf8")) as { version: string };
  const changelog = await readFile(path.join(root, "CHANGELOG.md"), "utf8");
  const headings = [...changelog.matchAll(/^## (\d+\.\d+\.\d+)(?: \(commit ([0-9a-f]{7,40})\))?/gm)].map(([, version, commit]) => ({
    version: version!,
    commit,
  }));
  const earlier = headings.find(({ version }) => version !== current && compareVersions(version, current) < 0);
  if (!earlier) return { current, previous: undefined };
  const tag = await run("git", ["rev-parse", "--verify", "--quiet", `refs/tags/v${earlier.version}^{commit}`], { cwd: root }).then(
    ({ stdout }) => stdout.trim(),
    () => undefined,
  );
  if (tag) return { current, previous: { version: earlier.version, commit: tag, foundBy: `the tag v${earlier.version}` } };
  return earlier.commit
    ? { current, previous: { version: earlier.version, commit: earlier.commit, foundBy: "CHANGELOG.md" } }
    : { current, previous: undefined };
}

function compareVersions(a: string, b: string): number {
  const [x, y] = [a, b].map((version) => version.split(".").map(Number));
  for (let i = 0; i < 3; i++) if (x![i] !== y![i]) return x![i]! - y![i]!;
  return 0;
}

/** Why the previous release cannot be built here, if it cannot. */
export async function unavailableReason(release: Release | undefined): Promise<string | undefined> {
  if (!release) return "CHANGELOG.md names no earlier release with its commit";
  const inRepository = await run("git", ["cat-file", "-e", `${release.commit}^{commit}`], { cwd: root }).then(
    () => true,
    () => false,
  );
  return inRepository ? undefined : `the commit ${release.commit} of ${release.version} is not in this repository (a shallow clone?)`;
}

function step(command: string, args: string[], cwd: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ["ignore", "ignore", "pipe"], env: { ...process.env, NODE_ENV: "development" } });
    let errors = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (errors = (errors + chunk).slice(-4000)));
    child.on("error", reject);
    child.on("close", (status) =>
      status === 0 ? resolve() : reject(new Error(`${command} ${args.join(" ")} failed in ${cwd} (${status}): ${errors}`)),
    );
  });
}

/**
 * The release's source, from git (git archive, so the working tree is untouched), installed
 * with `npm ci` (from npm's cache where it can) and built, in a folder kept for the next run.
 * Resolves to that folder.
 */
export async function preparedRelease(release: Release, log: (line: string) => void): Promise<string> {
  const folder = path.join(CACHE, release.commit);
  if (existsSync(path.join(folder, "build", "server", "index.js"))) return folder;
  const building = `${folder}.building`;
  await rm(building, { recursive: true, force: true });
  await mkdir(building, { recursive: true });
  log(`Checking out ${release.version} (${release.commit.slice(0, 12)})...`);
  await step("/bin/sh", ["-c", `git -C "${root}" archive ${release.commit} | tar -x -C "${building}"`], building);
  log(`Installing ${release.version} (npm ci)...`);
  await step("npm", ["ci", "--prefer-offline", "--no-audit", "--no-fund"], building);
  log(`Building ${release.version}...`);
  await step("npm", ["run", "build"], building);
  await rm(folder, { recursive: true, force: true });
  await rename(building, folder);
  return folder;
}
