import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * `npm run test:servers` (docs/testing.md) runs every test file that needs real servers:
 * each file that finds its servers through tests/support/suite-servers.ts or starts FerretDB
 * from FERRETDB_BINARY is named by one of the script's filters, and every filter names a file.
 */

const root = path.resolve(import.meta.dirname, "..", "..");
const SOURCE_FOLDERS = ["backend", "domain", "frontend", "indexer", "tests"];
const NEEDS_SERVERS = /\bsuiteServers\(|\b(meiliForTests|mongoForTests)\(|process\.env\.FERRETDB_BINARY/;

const testFiles = SOURCE_FOLDERS.flatMap((folder) =>
  readdirSync(path.join(root, folder), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && /\.(test|spec)\.tsx?$/.test(entry.name))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name))),
);
const needingServers = testFiles.filter((file) => NEEDS_SERVERS.test(readFileSync(path.join(root, file), "utf8")));

const script =
  (JSON.parse(readFileSync(path.join(root, "package.json"), "utf8")) as { scripts: Record<string, string> }).scripts["test:servers"] ?? "";
/** The file filters given to `vitest run` and `playwright test` in the script. */
const filters = [...script.matchAll(/(?:vitest run|playwright test)((?: [\w./-]+)+)/g)].flatMap(([, list]) => list!.trim().split(/\s+/));

describe("npm run test:servers", () => {
  it("builds first", () => {
    expect(script).toMatch(/^npm run build && /);
  });

  it("runs every test file that needs real servers", () => {
    expect(needingServers.length).toBeGreaterThan(0);
    expect(needingServers.filter((file) => !filters.some((filter) => file.includes(filter)))).toEqual([]);
  });

  it("names no file that is gone", () => {
    expect(filters.filter((filter) => !testFiles.some((file) => file.includes(filter)))).toEqual([]);
  });
});
