import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileVehicleStore } from "../store/file-vehicle-store";
import { importFeed, NothingImportedError } from "./import-feed";
import { rejectedRowsCsv } from "./rejected-rows";

let directory: string;
let store: FileVehicleStore;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "rejected-rows-"));
  store = await FileVehicleStore.open(path.join(directory, "data"));
});
afterEach(async () => {
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

async function feedFile(name: string, content: string): Promise<string> {
  const file = path.join(directory, name);
  await writeFile(file, content);
  return file;
}

const FEED = [
  "stockNumber,_id,vehicleType,make,model,derivative,price,odometerReadingMiles",
  'S1,v1,car,Ford,Focus,1.0 EcoBoost,"£12,995","12,000"',
  'S2,v2,car,"=HYPERLINK(""http://x"")",Puma,- Titanium,9995,',
  "S3,v3,car,Kia,Ceed,,,8000",
  'S4,v4,van,Ford,Transit,-2+3,"24,995",lots',
  "",
].join("\r\n");

describe("the rejected-rows download", () => {
  it("holds each rejected row whole, under the feed's own header, with its line and why", async () => {
    const report = await importFeed(store, await feedFile("stock.csv", FEED), { mode: "upsert" });
    expect(report.added).toBe(1);
    expect(rejectedRowsCsv(report).split("\r\n")).toEqual([
      "line,reason,stockNumber,_id,vehicleType,make,model,derivative,price,odometerReadingMiles",
      '3,"Make starts like a spreadsheet formula (with =, +, -, or @), which a spreadsheet opening it would run: ""=HYPERLINK(""http://x"")"" (column make, line 3)",' +
        `S2,v2,car,"'=HYPERLINK(""http://x"")",Puma,'- Titanium,9995,`,
      '4,"Price is missing (column price, line 4)",S3,v3,car,Kia,Ceed,,,8000',
      '5,"Derivative starts like a spreadsheet formula (with =, +, -, or @), which a spreadsheet opening it would run: ""-2+3"" (column derivative, line 5); ' +
        'Mileage must be a number, not ""lots"" (column odometerReadingMiles, line 5)",S4,v4,van,Ford,Transit,\'-2+3,"24,995",lots',
      "",
    ]);
  });

  it("corrected in a spreadsheet, imports cleanly as it is", async () => {
    const report = await importFeed(store, await feedFile("stock.csv", FEED), { mode: "upsert" });
    const corrected = rejectedRowsCsv(report)
      .replace(`"'=HYPERLINK(""http://x"")"`, "Ford")
      .replace("Ceed,,,8000", "Ceed,,7495,8000")
      .replace(`'-2+3,"24,995",lots`, `L2H2,"24,995",31000`);
    const again = await importFeed(store, await feedFile("corrected.csv", corrected), { mode: "upsert" });
    expect(again).toMatchObject({ rows: 3, added: 3, rejected: [], ignoredColumns: ["stockNumber"] });
    expect((await store.get("v2"))?.vehicle).toMatchObject({ make: "Ford", derivative: "- Titanium" });
    expect((await store.get("v3"))?.adverts.retailAdverts.totalPrice.amountGBP).toBe(7495);
    expect((await store.get("v4"))?.vehicle).toMatchObject({ derivative: "L2H2", odometerReadingMiles: 31000 });
  });

  it("downloaded again from a download uploaded uncorrected, keeps one line and reason column", async () => {
    const first = await importFeed(store, await feedFile("stock.csv", FEED), { mode: "upsert" });
    const refused = await importFeed(store, await feedFile("again.csv", rejectedRowsCsv(first)), { mode: "upsert" }).catch(
      (error: unknown) => error,
    );
    expect(refused).toBeInstanceOf(NothingImportedError);
    const second = (refused as NothingImportedError).rejectedRows!;
    expect(second.rejected.map(({ line }) => line)).toEqual([2, 3, 4]);
    const [header, , row] = rejectedRowsCsv(second).split("\r\n");
    expect(header).toBe("line,reason,stockNumber,_id,vehicleType,make,model,derivative,price,odometerReadingMiles");
    expect(row).toBe('3,"Price is missing (column price, line 3)",S3,v3,car,Kia,Ceed,,,8000');
  });

  it("holds a JSON feed's rejected record as its text", async () => {
    const record = {
      _id: "j1",
      vehicle: { vehicleType: "car", make: "@Ford", model: "Ka" },
      adverts: { retailAdverts: { totalPrice: { amountGBP: 1 } } },
    };
    const good = { ...record, _id: "j2", vehicle: { ...record.vehicle, make: "Ford" } };
    const report = await importFeed(store, await feedFile("stock.ndjson", `${JSON.stringify(record)}\n${JSON.stringify(good)}\n`), {
      mode: "upsert",
    });
    const [header, row] = rejectedRowsCsv(report).split("\r\n");
    expect(header).toBe("line,reason,record");
    expect(row).toContain("Make starts like a spreadsheet formula");
    expect(row).toContain("(field vehicle.make, line 1)");
    expect(row).toContain('"{""_id"":""j1""');
  });
});
