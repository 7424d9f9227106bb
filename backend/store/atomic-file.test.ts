import { spawnSync } from "node:child_process";
import { mkdtemp, readdir, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { settleTempFile } from "./atomic-file";

let directory: string;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "atomic-file-"));
});

afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

describe("settleTempFile", () => {
  it("keeps the temporary file of a running writer, removes a gone writer's, and leaves other files alone", async () => {
    const gonePid = spawnSync(process.execPath, ["-e", ""]).pid!;
    const live = `a.json.partial-${process.pid}-00000001`;
    const abandoned = `b.json.partial-${gonePid}-00000002`;
    for (const name of [live, abandoned, "c.json"]) await writeFile(path.join(directory, name), "{");

    const verdicts = [];
    for (const name of [live, abandoned, "c.json"]) verdicts.push(await settleTempFile(directory, name));

    expect(verdicts).toEqual([true, true, false]);
    expect((await readdir(directory)).sort()).toEqual(["c.json", live].sort());
  });
});
