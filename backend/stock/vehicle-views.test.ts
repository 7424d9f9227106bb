import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileVehicleViews, VIEWS_KEPT_DAYS } from "./vehicle-views";

const DAY_MS = 24 * 60 * 60_000;
// Days are kept by the clock, so the test counts around today.
const now = new Date();
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY_MS);

let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "vehicle-views-"));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

describe("FileVehicleViews", () => {
  it("counts views per vehicle per day, and totals the days asked for, written or not yet", async () => {
    const views = new FileVehicleViews(dataDir);
    views.count("a", now);
    views.count("a", daysAgo(1));
    views.count("b", daysAgo(29));
    views.count("b", daysAgo(30));
    await views.flush();
    views.count("a", now);
    expect(await views.totals(30, now)).toEqual(
      new Map([
        ["a", 3],
        ["b", 1],
      ]),
    );
    expect(await views.totals(1, now)).toEqual(new Map([["a", 2]]));
    await views.close();
    // A counter, not a log: a file per day holding ids and numbers.
    expect(JSON.parse(await readFile(path.join(dataDir, "vehicle-views", `${now.toISOString().slice(0, 10)}.json`), "utf8"))).toEqual({
      a: 2,
    });
    expect(await new FileVehicleViews(dataDir).totals(30, now)).toEqual(
      new Map([
        ["a", 3],
        ["b", 1],
      ]),
    );
  });

  it(`deletes days older than ${VIEWS_KEPT_DAYS}`, async () => {
    const views = new FileVehicleViews(dataDir);
    views.count("a", new Date(Date.now() - (VIEWS_KEPT_DAYS + 5) * DAY_MS));
    views.count("a");
    await views.close();
    expect(await readdir(path.join(dataDir, "vehicle-views"))).toEqual([`${new Date().toISOString().slice(0, 10)}.json`]);
  });
});
