import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

/**
 * Every repository path README.md and docs/ name exists: a backticked path that starts with
 * one of the repository's top-level folders or is one of its root files (`backend/config.ts`,
 * `package.json`), and every relative link or image. Files move; the docs must move with them.
 */

const root = path.resolve(import.meta.dirname, "..", "..");

/** What a checkout makes or a run leaves at the top level: never a path the docs may name as the repository's. */
const NOT_THE_REPOSITORY = new Set([
  ".git",
  "node_modules",
  "build",
  ".react-router",
  "data",
  "test-results",
  "playwright-report",
  ".env",
  "state.json",
]);
const topLevel = new Set(readdirSync(root).filter((name) => !NOT_THE_REPOSITORY.has(name)));

function markdownFiles(): string[] {
  const docs = readdirSync(path.join(root, "docs"), { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile() && entry.name.endsWith(".md"))
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)));
  return ["README.md", ...docs.sort()];
}

/** Text outside fenced code blocks, where commands and diagrams are not taken for paths. */
const outsideFences = (text: string) => text.replace(/^```[^\n]*\n[\s\S]*?^```$/gm, "");

/** A backticked span read as a repository path, or undefined when it is not one. */
function backtickedPath(span: string): string | undefined {
  const candidate = span.replace(/^\.\//, "").replace(/:\d+(-\d+)?$/, "");
  if (!/^[\w.@+-]+(\/[\w.@+-]*)*$/.test(candidate)) return undefined;
  return topLevel.has(candidate.split("/")[0]!) ? candidate : undefined;
}

/** Every path a markdown file names: [where it is named, the path from the repository's root]. */
function namedPaths(file: string, text: string): [string, string][] {
  const found: [string, string][] = [];
  const prose = outsideFences(text);
  for (const [, span] of prose.matchAll(/`([^`\n]+)`/g)) {
    const named = backtickedPath(span!);
    if (named) found.push([`\`${span}\``, named]);
  }
  const links = [...prose.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g), ...prose.matchAll(/<img [^>]*src="([^"]+)"/g)];
  for (const [, target] of links) {
    if (/^[a-z][a-z+.-]*:/i.test(target!) || target!.startsWith("#")) continue;
    const bare = decodeURI(target!.replace(/[#?].*$/, ""));
    found.push([`(${target})`, path.relative(root, path.resolve(root, path.dirname(file), bare))]);
  }
  return found;
}

describe("paths named in README.md and docs/", () => {
  it("reads backticked paths and relative links, and nothing else", () => {
    expect(backtickedPath("backend/config.ts")).toBe("backend/config.ts");
    expect(backtickedPath("./dealer.json")).toBe("dealer.json");
    expect(backtickedPath("domain/dealer.ts:1")).toBe("domain/dealer.ts");
    expect(backtickedPath("npm run build")).toBeUndefined();
    expect(backtickedPath("DATA_DIR/leads/")).toBeUndefined();
    expect(backtickedPath("page-cache.ts")).toBeUndefined();
    expect(backtickedPath("backend/staff/<page>.ts")).toBeUndefined();
    expect(
      namedPaths(
        "docs/x.md",
        '[a](benchmarks.md#first-view) [b](https://example.com) [c](#here) [d](../README.md) <img src="images/a.png" alt="">',
      ),
    ).toEqual([
      ["(benchmarks.md#first-view)", "docs/benchmarks.md"],
      ["(../README.md)", "README.md"],
      ["(images/a.png)", "docs/images/a.png"],
    ]);
  });

  for (const file of markdownFiles()) {
    it(`${file} names only paths that exist`, () => {
      const missing = namedPaths(file, readFileSync(path.join(root, file), "utf8"))
        .filter(([, named]) => !existsSync(path.join(root, named)))
        .map(([as, named]) => `${as} → ${named}`);
      expect(missing).toEqual([]);
    });
  }
});
