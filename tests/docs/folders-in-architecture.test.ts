import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect, it } from "vitest";

/**
 * docs/architecture.md's tree of folders (the code block under "Layers") names every folder
 * of backend/ and frontend/, so a folder added without a word on what lives in it fails
 * here rather than leaving the next person to guess.
 */
const root = path.resolve(import.meta.dirname, "..", "..");

/** The folders the tree names, as paths: each line's `name/` under the last folder indented less. */
function foldersInTree(doc: string): Set<string> {
  const tree = /## Layers\s+```\n([\s\S]*?)\n```/.exec(doc)?.[1];
  if (!tree) throw new Error('docs/architecture.md has no tree of folders under "## Layers"');
  const named = new Set<string>();
  const parents: string[] = [];
  for (const line of tree.split("\n")) {
    const folder = /^( *)([a-z0-9-]+)\/(?: |$)/.exec(line);
    if (!folder) continue;
    const depth = folder[1]!.length / 2;
    parents.length = depth;
    parents.push(folder[2]!);
    named.add(parents.join("/"));
  }
  return named;
}

function foldersUnder(folder: string): string[] {
  return readdirSync(path.join(root, folder), { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const inside = `${folder}/${entry.name}`;
      return [inside, ...foldersUnder(inside)];
    });
}

it("names every folder of backend/ and frontend/ in docs/architecture.md's tree", () => {
  const named = foldersInTree(readFileSync(path.join(root, "docs", "architecture.md"), "utf8"));
  const unnamed = ["backend", "frontend"].flatMap(foldersUnder).filter((folder) => !named.has(folder));
  expect(unnamed).toEqual([]);
});
