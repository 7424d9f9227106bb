import { mkdtemp, readFile, rm, stat, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { runCli } from "../tests/support/run-cli";

let directory: string;
let dataDir: string;
beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "stock-cli-"));
  dataDir = path.join(directory, "data");
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const csv = [
  "_id,vehicleType,make,model,derivative,price,yearOfManufacture,odometerReadingMiles,vatStatus",
  "v1,car,Ford,Focus,1.0 EcoBoost Titanium 5dr,12495,2020,24000,",
  "v2,van,Ford,Transit Custom,2.0 EcoBlue 130ps,-1,2021,40000,Ex VAT",
  "v3,van,Volkswagen,Transporter,2.0 TDI 150,21995,2022,30000,Ex VAT",
].join("\n");

describe("npm run stock:import", () => {
  it("imports a feed and prints a summary with the rejected rows", async () => {
    const feed = path.join(directory, "stock.csv");
    await writeFile(feed, csv);
    const { status, stdout } = await runCli(["import", feed], dataDir).done;
    expect(status).toBe(0);
    expect(stdout).toContain("(CSV, 3 rows)");
    expect(stdout).toMatch(/added\s+2/);
    expect(stdout).toMatch(/rejected\s+1/);
    expect(stdout).toContain('  Price must be an amount in pounds, like 12995 or £12,995.50, not "-1" (column price, line 3)');
    expect((await readFile(path.join(dataDir, "vehicles.ndjson"), "utf8")).trim().split("\n")).toHaveLength(2);
  });

  it("with --dry-run says what it would do, and the mass removal it would refuse, changing nothing", async () => {
    const many = Array.from({ length: 30 }, (_, i) => `v${i},car,Ford,Focus,1.0 EcoBoost Titanium 5dr,12495,2020,24000,`);
    const header = csv.split("\n")[0];
    const all = path.join(directory, "all.csv");
    await writeFile(all, [header, ...many].join("\n"));
    expect((await runCli(["import", all], dataDir).done).status).toBe(0);
    const stock = await readFile(path.join(dataDir, "vehicles.ndjson"), "utf8");
    const few = path.join(directory, "few.csv");
    await writeFile(few, [header, ...many.slice(0, 5)].join("\n"));
    const { status, stdout } = await runCli(["import", few, "--replace", "--dry-run"], dataDir).done;
    expect(status).toBe(0);
    expect(stdout).toContain("(CSV, 5 rows)");
    expect(stdout).toContain(": nothing was changed");
    expect(stdout).toMatch(/unchanged\s+5/);
    expect(stdout).toMatch(/removed\s+25/);
    expect(stdout).toContain(
      "This would remove 25 of the 30 vehicles in stock, more than half: the import itself needs --allow-mass-removal.",
    );
    expect(await readFile(path.join(dataDir, "vehicles.ndjson"), "utf8")).toBe(stock);
  });

  it("with --replace removes none as sold when a rejected row names no vehicle, and says why", async () => {
    const feed = path.join(directory, "stock.csv");
    await writeFile(feed, csv);
    expect((await runCli(["import", feed], dataDir).done).status).toBe(0);
    const partial = path.join(directory, "partial.csv");
    await writeFile(partial, `${csv.split("\n")[0]}\nv3,van,Volkswagen,Transporter,2.0 TDI 150,20995,2022,30000,Ex VAT\nv1,car,Ford\n`);
    const { status, stdout } = await runCli(["import", partial, "--replace", "--allow-mass-removal"], dataDir).done;
    expect(status).toBe(0);
    expect(stdout).toMatch(/updated\s+1/);
    expect(stdout).toMatch(/removed\s+0 {2}\(withheld: see below\)/);
    expect(stdout).toContain("No vehicle was removed as sold: 1 rejected row could not be matched to a vehicle");
    expect(stdout).toContain("  The row has 3 values but the header has 9 columns (line 3)");
    expect((await readFile(path.join(dataDir, "vehicles.ndjson"), "utf8")).trim().split("\n")).toHaveLength(2);
  });

  it("exits non-zero, changing nothing, when the file cannot be read", async () => {
    const missing = await runCli(["import", path.join(directory, "nope.json")], dataDir).done;
    expect(missing.status).toBe(1);
    expect(missing.stderr).toContain("There is no file");

    const folder = await runCli(["import", directory], dataDir).done;
    expect(folder.status).toBe(1);
    expect(folder.stderr).toBe(`${directory} is a folder, not a feed file\n`);

    const empty = path.join(directory, "empty.ndjson");
    await writeFile(empty, "");
    const result = await runCli(["import", empty], dataDir).done;
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("The file is empty: it holds no vehicle records");
  });

  it("explains its usage when the command is wrong", async () => {
    const result = await runCli(["import"], dataDir).done;
    expect(result.status).toBe(2);
    expect(result.stderr).toContain("Give exactly one feed file to import");
    expect(result.stderr).toContain("npm run stock:import -- FILE");
    expect((await runCli(["import", "x.json", "--format", "xml"], dataDir).done).stderr).toContain(
      "--format must be one of json, ndjson, csv",
    );
  });
});

describe("npm run stock:reindex and stock:generate", () => {
  it("writes demo feeds that import cleanly, and rebuilds the index from them", async () => {
    const feed = path.join(directory, "demo.ndjson");
    const generated = await runCli(["generate", "--count", "250", "--out", feed], dataDir).done;
    expect(generated.status).toBe(0);
    expect((await readFile(feed, "utf8")).trim().split("\n")).toHaveLength(250);

    const imported = await runCli(["import", feed], dataDir).done;
    expect(imported.stdout).toMatch(/added\s+250/);

    const stockFile = path.join(dataDir, "vehicles.ndjson");
    const before = (await stat(stockFile)).mtimeMs;
    const reindexed = await runCli(["reindex"], dataDir).done;
    expect(reindexed.status).toBe(0);
    expect(reindexed.stdout).toMatch(/^Asked the running site to rebuild its search index of 250 vehicles\./);
    // A running site watches the stock file's modification time.
    expect((await stat(stockFile)).mtimeMs).toBeGreaterThan(before);
  });

  it("writes a demo feed as CSV when asked for a .csv file, which imports as the same vehicles", async () => {
    const [ndjson, csvFeed] = [path.join(directory, "same.ndjson"), path.join(directory, "same.csv")];
    await runCli(["generate", "--count", "40", "--seed", "9", "--out", ndjson], dataDir).done;
    expect((await runCli(["generate", "--count", "40", "--seed", "9", "--out", csvFeed], dataDir).done).status).toBe(0);
    expect((await readFile(csvFeed, "utf8")).split("\r\n")[0]).toMatch(/^_id,vehicleType,/);

    expect((await runCli(["import", ndjson], dataDir).done).stdout).toMatch(/added\s+40/);
    const again = await runCli(["import", csvFeed], dataDir).done;
    expect(again.stdout).toMatch(/CSV, 40 rows/);
    expect(again.stdout).toMatch(/unchanged\s+40/);
  });
});
