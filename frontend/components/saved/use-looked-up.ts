import { useEffect, useState } from "react";
import { useHydrated } from "../use-hydrated";

/** A list kept in the browser, looked up: still loading, failed (with a way to try again), or each id's answer in the list's order. */
export type LookedUp<T> = { state: "loading" } | { state: "failed"; retry(): void } | { state: "done"; rows: T[] };

/**
 * Looks up the vehicles of a list kept in the browser once the page is interactive, through
 * `lookUp` (a function that stays the same from render to render). Only ids not looked up yet
 * are fetched, so taking one off the list does not reload the rest.
 */
export function useLookedUp<T extends { id: string }>(
  ids: readonly string[],
  lookUp: (ids: string[], signal: AbortSignal) => Promise<T[]>,
): LookedUp<T> {
  const hydrated = useHydrated();
  const [known, setKnown] = useState<ReadonlyMap<string, T>>(new Map());
  const [failed, setFailed] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const missing = ids.filter((id) => !known.has(id)).join(",");
  useEffect(() => {
    if (!hydrated || !missing) return;
    const controller = new AbortController();
    lookUp(missing.split(","), controller.signal).then(
      (rows) => setKnown((before) => new Map([...before, ...rows.map((row) => [row.id, row] as const)])),
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [hydrated, missing, attempt, lookUp]);

  if (failed) {
    return {
      state: "failed",
      retry: () => {
        setFailed(false);
        setAttempt((n) => n + 1);
      },
    };
  }
  const rows = ids.flatMap((id) => known.get(id) ?? []);
  return rows.length < ids.length ? { state: "loading" } : { state: "done", rows };
}
