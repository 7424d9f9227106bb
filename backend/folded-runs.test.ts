import { setTimeout as sleep } from "node:timers/promises";
import { expect, it } from "vitest";
import { FoldedRuns } from "./folded-runs";

it("runs one at a time, folding a burst of calls into one more run", async () => {
  let runs = 0;
  let running = 0;
  const work = new FoldedRuns(async () => {
    runs++;
    running++;
    expect(running).toBe(1);
    await sleep(20);
    running--;
  });
  await Promise.all(Array.from({ length: 10 }, () => work.run()));
  await work.settled();
  expect(runs).toBe(2);
  await work.run();
  expect(runs).toBe(3);
});

it("goes on after a run that failed, which its work reports", async () => {
  let calls = 0;
  const work = new FoldedRuns(async () => {
    calls++;
    if (calls === 1) throw new Error("the store is down");
  });
  await expect(work.run()).resolves.toBeUndefined();
  await work.run();
  expect(calls).toBe(2);
});
