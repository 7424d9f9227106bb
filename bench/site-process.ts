import { spawnSync } from "node:child_process";
import path from "node:path";

/** Builds the production site that the benches run (see tests/support/built-site.ts). */

const root = path.resolve(import.meta.dirname, "..");

export function buildSite(): void {
  process.stderr.write("Building the site...\n");
  if (spawnSync(path.join(root, "node_modules", ".bin", "react-router"), ["build"], { cwd: root, stdio: "ignore" }).status !== 0) {
    throw new Error("The build failed; run npm run build to see why");
  }
}
