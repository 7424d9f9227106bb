import { performance } from "node:perf_hooks";
import { setImmediate as nextTurn, setTimeout as rest } from "node:timers/promises";

/**
 * Long loops over the whole stock (stamping, comparing, scanning 100,000 vehicles) take
 * seconds, and every page and API call waits while one holds the event loop. Such a loop
 * awaits the function this returns once per step: it lets waiting work in whenever the loop
 * has held the event loop for `sliceMs` since it last did. Timed rather than counted, since
 * a step's cost depends on the record and on how busy the machine is.
 */
export function eventLoopTurns(sliceMs = 20): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < sliceMs) return;
    await nextTurn();
    since = performance.now();
  };
}

/** Background work's current slice, shared by every such task: when it began, and the rest being taken after it. */
const BACKGROUND_SLICE_MS = 10;
let sliceBegan = performance.now();
let resting: Promise<void> | undefined;

/**
 * As eventLoopTurns, for work that can wait while requests are answered (an index built after
 * start, every lead file read once): awaited once per step, it rests for a slice once the
 * background work has run for one, so that requests arriving meanwhile have at least half the
 * event loop, however busy the machine. Shared by every such task, so that several at once
 * (the audit index and the leads after an upgrade) keep to that half together.
 */
export function backgroundTurn(): Promise<void> | undefined {
  if (resting) return resting;
  if (performance.now() - sliceBegan < BACKGROUND_SLICE_MS) return undefined;
  resting = rest(BACKGROUND_SLICE_MS).then(() => {
    resting = undefined;
    sliceBegan = performance.now();
  });
  return resting;
}

/** Items sorted natively at once: a few milliseconds' work, however busy the machine. */
const SORTED_RUN = 4096;

/**
 * `items` in the order `compare` gives, sorted in runs and merged, taking turns as it goes
 * (a single sort of 100,000 items holds the event loop for a tenth of a second or more).
 * `compare` must be a total order, never 0 for two different items, so that the order is
 * the one a single sort would give.
 */
export async function sortTakingTurns(items: Uint32Array, compare: (a: number, b: number) => number): Promise<Uint32Array> {
  const takeTurn = eventLoopTurns();
  let from = items.slice();
  for (let start = 0; start < from.length; start += SORTED_RUN) {
    from.subarray(start, start + SORTED_RUN).sort(compare);
    await takeTurn();
  }
  let to = new Uint32Array(from.length);
  for (let width = SORTED_RUN; width < from.length; width *= 2) {
    for (let left = 0; left < from.length; left += 2 * width) {
      const middle = Math.min(left + width, from.length);
      const right = Math.min(left + 2 * width, from.length);
      let [i, j, k] = [left, middle, left];
      while (i < middle && j < right) {
        to[k++] = compare(from[i]!, from[j]!) < 0 ? from[i++]! : from[j++]!;
        if (k % SORTED_RUN === 0) await takeTurn();
      }
      to.set(from.subarray(i, middle), k);
      to.set(from.subarray(j, right), k + middle - i);
    }
    [from, to] = [to, from];
  }
  return from;
}
