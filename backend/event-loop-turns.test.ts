import { performance } from "node:perf_hooks";
import { describe, expect, it } from "vitest";
import { backgroundTurn, eventLoopTurns, sortTakingTurns } from "./event-loop-turns";

/** Busy work for `ms` milliseconds, as a step of a long loop over the stock is. */
const busyFor = (ms: number) => {
  const until = performance.now() + ms;
  while (performance.now() < until);
};

describe("backgroundTurn", () => {
  it("rests a slice for each slice of background work, however many tasks share it", async () => {
    const started = performance.now();
    const task = async () => {
      for (let step = 0; step < 20; step++) {
        busyFor(1);
        await backgroundTurn();
      }
    };
    await Promise.all([task(), task()]);
    // 40 ms of work in all: rests of 10 ms after each 10 ms of it, whichever task was working.
    expect(performance.now() - started).toBeGreaterThanOrEqual(60);
  });
});

describe("eventLoopTurns", () => {
  it("lets a waiting timer run while a long loop runs, once the loop has held the event loop for its slice", async () => {
    const takeTurn = eventLoopTurns(20);
    let timerRanAfter: number | undefined;
    const started = performance.now();
    setTimeout(() => (timerRanAfter = performance.now() - started), 0);
    for (let step = 0; step < 100; step++) {
      busyFor(2);
      await takeTurn();
    }
    expect(timerRanAfter).toBeDefined();
    expect(timerRanAfter!).toBeLessThan(100);
  });

  it("takes no turn before the slice is up", async () => {
    const takeTurn = eventLoopTurns(10_000);
    let ran = false;
    setImmediate(() => (ran = true));
    for (let step = 0; step < 1000; step++) await takeTurn();
    expect(ran).toBe(false);
  });
});

describe("sortTakingTurns", () => {
  it("gives the order one sort gives, for any length around its runs and merges", async () => {
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647);
    for (const length of [0, 1, 2, 4095, 4096, 4097, 8192, 12_289, 50_000]) {
      const values = Float64Array.from({ length }, () => random() % 1000);
      // By value, then by position: a total order, as the index's orders are.
      const compare = (a: number, b: number) => values[a]! - values[b]! || a - b;
      const items = Uint32Array.from({ length }, (_, i) => length - 1 - i);
      expect(Array.from(await sortTakingTurns(items, compare)), `${length} items`).toEqual(Array.from(items.slice().sort(compare)));
    }
  });

  it("leaves what it was given as it was", async () => {
    const items = Uint32Array.from([3, 1, 2]);
    expect(Array.from(await sortTakingTurns(items, (a, b) => a - b))).toEqual([1, 2, 3]);
    expect(Array.from(items)).toEqual([3, 1, 2]);
  });
});
