import fs from "node:fs";
import path from "node:path";
import ts from "typescript";

/**
 * The linter's rule against import circles (eslint.config.js): no file reaches itself through
 * its imports, and no folder it guards reaches itself through another folder (a folder
 * and the folders inside it are one: backend/ holds what its sub-folders share, and puts them
 * together). Every import counts, types and import() included: import-x/no-cycle passes over
 * type-only imports, which still tie two files into one.
 *
 * The other files' imports are read from disk once a run (TypeScript's own scan of a file's
 * imports, comments and strings left out); the file being linted is read as the linter has it.
 */

const SOURCE_EXTENSIONS = [".ts", ".tsx"];
const TEST_FILE = /\.test\.tsx?$/;

/** A file's imports within the repository, as files, cached for the run: a few hundred files scanned in well under a second. */
class ImportGraph {
  /** @param {string} root @param {readonly string[]} guardedFolders */
  constructor(root, guardedFolders) {
    this.root = root;
    this.guardedFolders = guardedFolders;
    /** @type {Map<string, string[]>} */
    this.imports = new Map();
    /** @type {Map<string, Map<string, [string, string]>> | undefined} folder → folder → a file import that ties them */
    this.ties = undefined;
    /** @type {Map<string, number>} each file reached so far → the circle of files it belongs to (Tarjan's strongly connected components) */
    this.circles = new Map();
  }

  /** @param {string} file */
  importsOf(file) {
    let found = this.imports.get(file);
    if (!found) {
      let text = "";
      try {
        text = fs.readFileSync(file, "utf8");
      } catch {
        // A file that has gone imports nothing.
      }
      found = resolvedAll(
        file,
        ts.preProcessFile(text, true, true).importedFiles.map(({ fileName }) => fileName),
      );
      this.imports.set(file, found);
    }
    return found;
  }

  /** The linted file's imports as the linter has them, which an editor may not have saved. @param {string} file @param {string[]} imports */
  update(file, imports) {
    const known = this.imports.get(file);
    if (known && known.length === imports.length && imports.every((target) => known.includes(target))) return;
    this.imports.set(file, imports);
    this.ties = undefined;
    this.circles = new Map();
  }

  /**
   * Whether two files import each other, however indirectly: found once for every file each
   * reaches (Tarjan's algorithm), not by a walk from each import of each file linted.
   * @param {string} a @param {string} b
   */
  inOneCircle(a, b) {
    for (const file of [a, b]) if (!this.circles.has(file)) this.findCircles(file);
    return this.circles.get(a) === this.circles.get(b);
  }

  /** @param {string} start */
  findCircles(start) {
    /** @type {Map<string, { index: number, low: number }>} */
    const seen = new Map();
    /** @type {string[]} */
    const stack = [];
    const onStack = new Set();
    /** @param {string} file @returns {number} */
    const visit = (file) => {
      const mark = { index: seen.size, low: seen.size };
      seen.set(file, mark);
      stack.push(file);
      onStack.add(file);
      for (const next of this.importsOf(file)) {
        if (this.circles.has(next)) continue;
        const known = seen.get(next);
        if (!known) mark.low = Math.min(mark.low, visit(next));
        else if (onStack.has(next)) mark.low = Math.min(mark.low, known.index);
      }
      if (mark.low === mark.index) {
        const circle = this.circles.size;
        for (;;) {
          const member = /** @type {string} */ (stack.pop());
          onStack.delete(member);
          this.circles.set(member, circle);
          if (member === file) break;
        }
      }
      return mark.low;
    };
    visit(start);
  }

  /** A way from `from` through imports to `to`, as the files walked; undefined when there is none. @param {string} from @param {string} to */
  pathBetween(from, to) {
    const steps = wayBetween(from, to, (file) => this.importsOf(file).map((target) => /** @type {[string, string]} */ ([target, target])));
    return steps && [from, ...steps];
  }

  /** Which guarded folder imports which, each tie with one file import that makes it. */
  folderTies() {
    if (!this.ties) {
      this.ties = new Map();
      for (const file of this.guardedFiles()) {
        const from = this.folderOf(file);
        for (const target of this.importsOf(file)) {
          const to = this.folderOf(target);
          if (!this.isGuarded(target) || nested(from, to)) continue;
          const ties = this.ties.get(from) ?? new Map();
          if (!ties.has(to)) ties.set(to, [file, target]);
          this.ties.set(from, ties);
        }
      }
    }
    return this.ties;
  }

  /** A way from folder `from` to folder `to`, as the file imports that make each step; undefined when there is none. @param {string} from @param {string} to */
  folderPathBetween(from, to) {
    return wayBetween(from, to, (folder) => this.folderTies().get(folder) ?? new Map());
  }

  /** @param {string} file */
  folderOf(file) {
    return path.relative(this.root, path.dirname(file)).split(path.sep).join("/");
  }

  /** @param {string} file */
  isGuarded(file) {
    const folder = this.folderOf(file);
    return !TEST_FILE.test(file) && this.guardedFolders.some((guarded) => folder === guarded || folder.startsWith(`${guarded}/`));
  }

  *guardedFiles() {
    /** @param {string} folder @returns {Generator<string>} */
    function* walk(folder) {
      for (const entry of fs.readdirSync(folder, { withFileTypes: true })) {
        const at = path.join(folder, entry.name);
        if (entry.isDirectory()) yield* walk(at);
        else if (SOURCE_EXTENSIONS.some((extension) => entry.name.endsWith(extension)) && !TEST_FILE.test(entry.name)) yield at;
      }
    }
    for (const folder of this.guardedFolders) if (fs.existsSync(path.join(this.root, folder))) yield* walk(path.join(this.root, folder));
  }
}

/**
 * The shortest way from `from` to `to`, breadth first, as what each step went through;
 * undefined when there is none.
 * @template T, S
 * @param {T} from @param {T} to @param {(at: T) => Iterable<[T, S]>} onwardFrom each place reached next, with what leads there
 * @returns {S[] | undefined}
 */
function wayBetween(from, to, onwardFrom) {
  /** @type {Map<T, [T, S] | undefined>} */
  const cameFrom = new Map([[from, undefined]]);
  const waiting = [from];
  while (waiting.length > 0) {
    const at = /** @type {T} */ (waiting.shift());
    if (at === to) {
      /** @type {S[]} */
      const steps = [];
      for (let step = cameFrom.get(at); step !== undefined; step = cameFrom.get(step[0])) steps.unshift(step[1]);
      return steps;
    }
    for (const [next, via] of onwardFrom(at)) {
      if (cameFrom.has(next)) continue;
      cameFrom.set(next, [at, via]);
      waiting.push(next);
    }
  }
  return undefined;
}

/** Whether one folder holds the other (or is it). @param {string} a @param {string} b */
function nested(a, b) {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

/** The files a file's relative imports name; packages and generated modules (./+types/…) left out. @param {string} file @param {string[]} specifiers */
function resolvedAll(file, specifiers) {
  /** @type {string[]} */
  const files = [];
  for (const specifier of specifiers) {
    const target = resolved(file, specifier);
    if (target && !files.includes(target)) files.push(target);
  }
  return files;
}

/** @param {string} file @param {string} specifier */
function resolved(file, specifier) {
  if (!specifier.startsWith(".")) return undefined;
  const base = path.resolve(path.dirname(file), specifier);
  for (const candidate of [
    base,
    ...SOURCE_EXTENSIONS.map((extension) => `${base}${extension}`),
    ...SOURCE_EXTENSIONS.map((extension) => path.join(base, `index${extension}`)),
  ]) {
    try {
      if (fs.statSync(candidate).isFile()) return candidate;
    } catch {
      // Not this one.
    }
  }
  return undefined;
}

/** @type {Map<string, ImportGraph>} */
const graphs = new Map();

/** @param {string} file @param {string} root */
const shown = (file, root) => path.relative(root, file).split(path.sep).join("/");

/** @type {import("eslint").Rule.RuleModule} */
const noImportCircles = {
  meta: {
    type: "problem",
    docs: { description: "Forbid import circles between files, and between the folders guarded (tests left out)." },
    schema: [{ type: "object", properties: { guardedFolders: { type: "array", items: { type: "string" } } }, additionalProperties: false }],
    messages: {
      fileCircle: "This import closes a circle: {{circle}}. Move what both need into a module of its own, or pass it in.",
      folderCircle:
        "{{from}}/ and {{to}}/ import each other ({{back}}). Imports between folders point one way: move the module that looks back, or what it needs.",
    },
  },
  create(context) {
    const root = context.cwd;
    const file = context.filename;
    const guardedFolders = context.options[0]?.guardedFolders ?? [];
    const graph = graphs.get(root) ?? new ImportGraph(root, guardedFolders);
    graphs.set(root, graph);
    /** @type {{ node: any, target: string | undefined }[]} */
    const imports = [];
    /** @param {any} node @param {unknown} specifier */
    const found = (node, specifier) => {
      if (typeof specifier === "string") imports.push({ node, target: resolved(file, specifier) });
    };
    // The import declarations, re-exports, import() calls and import types of the file, as ESLint walks it.
    return {
      "ImportDeclaration, ExportNamedDeclaration, ExportAllDeclaration"(/** @type {any} */ node) {
        found(node, node.source?.value);
      },
      ImportExpression(/** @type {any} */ node) {
        found(node, node.source.type === "Literal" ? node.source.value : undefined);
      },
      TSImportType(/** @type {any} */ node) {
        found(node, node.argument?.literal?.value);
      },
      "Program:exit"() {
        graph.update(file, [...new Set(imports.flatMap(({ target }) => (target ? [target] : [])))]);
        const from = graph.folderOf(file);
        const guarded = graph.isGuarded(file);
        /** @type {Set<string>} */
        const reported = new Set();
        for (const { node, target } of imports) {
          if (!target || reported.has(target)) continue;
          const way = graph.inOneCircle(target, file) ? graph.pathBetween(target, file) : undefined;
          if (way) {
            reported.add(target);
            context.report({ node, messageId: "fileCircle", data: { circle: [file, ...way].map((at) => shown(at, root)).join(" → ") } });
            continue;
          }
          const to = graph.folderOf(target);
          if (!guarded || !graph.isGuarded(target) || nested(from, to)) continue;
          const back = graph.folderPathBetween(to, from);
          if (back) {
            reported.add(target);
            const steps = back.map(([importer, imported]) => `${shown(importer, root)} → ${shown(imported, root)}`).join(", ");
            context.report({ node, messageId: "folderCircle", data: { from, to, back: steps } });
          }
        }
      },
    };
  },
};

export default { rules: { "no-import-circles": noImportCircles } };
