import { diffLines } from "diff";

/** One line of a difference between two versions: kept as it was, taken out, or put in. */
export interface DiffLine {
  change: "same" | "removed" | "added";
  text: string;
}

/**
 * What changed between two versions of a document, line by line, each field on lines of its
 * own ("hero.heading: Find your next car"), so an editor reads the difference in the words
 * of the form rather than in JSON.
 */
export function contentDiff(before: unknown, after: unknown): DiffLine[] {
  return diffLines(fieldLines(before), fieldLines(after)).flatMap((part) =>
    part.value
      .replace(/\n$/, "")
      .split("\n")
      .map((text): DiffLine => ({ change: part.added ? "added" : part.removed ? "removed" : "same", text })),
  );
}

/** The body as "path: value" lines, a Markdown value one line per line of it. */
export function fieldLines(body: unknown, prefix = ""): string {
  if (body === undefined || body === null) return "";
  if (body instanceof Date) return `${prefix}: ${body.toISOString()}\n`;
  if (Array.isArray(body)) return body.map((item, i) => fieldLines(item, `${prefix}[${i + 1}]`)).join("");
  if (typeof body === "object") {
    return Object.entries(body as Record<string, unknown>)
      .map(([name, value]) => fieldLines(value, prefix ? `${prefix}.${name}` : name))
      .join("");
  }
  const [first, ...rest] = String(body).split("\n");
  return [`${prefix}: ${first}`, ...rest.map((line) => `  ${line}`)].map((line) => `${line}\n`).join("");
}
