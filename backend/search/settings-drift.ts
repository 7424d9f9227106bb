import type { Settings } from "meilisearch";

/**
 * Which of the settings this code sets an index does not have. Meilisearch answers with
 * every setting, defaults included, and keeps some lists in its own order; so only the
 * settings (and, within objects, the fields) that the code sets are compared, and the lists
 * whose order means nothing are compared as sets.
 */

const UNORDERED: ReadonlySet<string> = new Set(["filterableAttributes", "sortableAttributes", "displayedAttributes"]);

export function settingsDrift(wanted: Settings, actual: Settings): string[] {
  return Object.entries(wanted)
    .filter(([name, value]) => !agrees(value, (actual as Record<string, unknown>)[name], UNORDERED.has(name)))
    .map(([name]) => name);
}

function agrees(wanted: unknown, actual: unknown, unordered = false): boolean {
  if (Array.isArray(wanted)) {
    if (!Array.isArray(actual) || actual.length !== wanted.length) return false;
    const keys = (items: unknown[]) => {
      const json = items.map((item) => JSON.stringify(item));
      return unordered ? json.sort() : json;
    };
    const [expected, found] = [keys(wanted), keys(actual)];
    return expected.every((key, i) => key === found[i]);
  }
  if (wanted !== null && typeof wanted === "object") {
    if (actual === null || typeof actual !== "object") return false;
    return Object.entries(wanted).every(([field, value]) => agrees(value, (actual as Record<string, unknown>)[field]));
  }
  return wanted === actual;
}
