import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { FileVehicleStore } from "../store/file-vehicle-store";
import { MassRemovalError } from "../store/vehicle-store";
import { feedRecord, KNOWN_VEHICLES } from "../../tests/support/known-vehicles";
import { UnreadableFeedError } from "./feed-reader";
import { importFeed, NothingImportedError } from "./import-feed";

let directory: string;
let store: FileVehicleStore;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "import-feed-"));
  store = await FileVehicleStore.open(path.join(directory, "data"));
});
afterEach(async () => {
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

const known = KNOWN_VEHICLES.map((k) => ({ _id: k.id, ...feedRecord(k) }));

async function feedFile(name: string, content: string): Promise<string> {
  const file = path.join(directory, name);
  await writeFile(file, content);
  return file;
}

const ndjson = (records: unknown[]) => records.map((record) => JSON.stringify(record)).join("\n");
const stockFile = () => readFile(path.join(directory, "data", "vehicles.ndjson"), "utf8");

describe("importFeed", () => {
  it("imports a JSON array and reports what it did", async () => {
    const report = await importFeed(store, await feedFile("stock.json", JSON.stringify(known, null, 2)), { mode: "upsert" });
    expect(report).toMatchObject({ format: "json", rows: 12, added: 12, updated: 0, unchanged: 0, removed: 0, rejected: [] });
    expect(await store.count()).toBe(12);
  });

  it("rejects bad rows with their line and reason, and imports the rest", async () => {
    const [a, b, c, d, e] = known;
    const lines = [
      JSON.stringify(a),
      '{"_id": "broken", "vehicle": {',
      JSON.stringify({ ...b, vehicle: { ...b!.vehicle, make: undefined } }),
      JSON.stringify({ ...c, adverts: { retailAdverts: { totalPrice: { amountGBP: -5 } } } }),
      JSON.stringify({ ...d, vehicle: { ...d!.vehicle, yearOfManufacture: "2019" } }),
      JSON.stringify({ ...e, _id: a!._id }),
      JSON.stringify({
        vehicle: { vehicleType: "car", make: "Kia", model: "Ceed" },
        adverts: { retailAdverts: { totalPrice: { amountGBP: 1 } } },
      }),
      JSON.stringify({ ...e, vehicle: { ...e!.vehicle, vehicleType: "bus" } }),
      JSON.stringify({ ...e, media: { images: [{ href: "/\n/evil.example/x.png" }] } }),
    ];
    const report = await importFeed(store, await feedFile("mixed.ndjson", lines.join("\n")), { mode: "upsert" });
    expect(report.added).toBe(1);
    expect(report.rejected).toEqual([
      { line: 2, reason: expect.stringMatching(/^The row is not valid JSON/) },
      { line: 3, reason: "vehicle.make is missing" },
      { line: 4, reason: "adverts.retailAdverts.totalPrice.amountGBP: Too small: expected number to be >0 (got -5)" },
      { line: 5, reason: 'vehicle.yearOfManufacture: expected number, received string (got "2019")' },
      { line: 6, reason: "repeats the vehicle fiesta-2019 already given on line 1" },
      { line: 7, reason: "has neither an _id nor a registration to identify the vehicle" },
      { line: 8, reason: expect.stringMatching(/^vehicle\.vehicleType: .*"car".*"van".*"truck".* \(got "bus"\)$/) },
      {
        line: 9,
        reason: 'media.images.0.href: must not contain spaces, line breaks or other control characters (got "/\\n/evil.example/x.png")',
      },
    ]);
  });

  it("names the CSV column of a bad value", async () => {
    const csv =
      "_id,vehicleType,make,model,price,odometerReadingMiles\nv1,car,Ford,Focus,abc,12000\nv2,car,,Focus,5000,lots\nv3,car,Ford,Puma,14995,\n";
    const report = await importFeed(store, await feedFile("stock.csv", csv), { mode: "upsert" });
    expect(report.added).toBe(1);
    expect(report.rejected).toEqual([
      { line: 2, reason: 'price: must be an amount in pounds, like 12995 or £12,995.50 (got "abc")' },
      { line: 3, reason: 'make is missing; odometerReadingMiles: expected number, received string (got "lots")' },
    ]);
  });

  it("reads a van's payload, load length, roof height and gross weight from CSV and NDJSON, naming a bad one", async () => {
    const csv = [
      "_id,vehicleType,make,model,price,payloadKg,loadLengthMm,roofHeight,grossVehicleWeightKg",
      'v1,van,Ford,Transit,24995,"1,159",3044,Medium,"3,500"',
      "v2,van,Ford,Transit,24995,a tonne,3044,High,3500",
      "v3,van,Ford,Transit,24995,1159,3.5 m,High,3500",
      "v4,van,Ford,Transit,24995,1159,3044,High,-3500",
      "",
    ].join("\n");
    const report = await importFeed(store, await feedFile("vans.csv", csv), { mode: "upsert" });
    expect(report.added).toBe(1);
    expect(report.rejected.map(({ line, reason }) => `${line} ${reason}`)).toEqual([
      '3 payloadKg: expected number, received string (got "a tonne")',
      '4 loadLengthMm: expected number, received string (got "3.5 m")',
      "5 grossVehicleWeightKg: Too small: expected number to be >=0 (got -3500)",
    ]);
    expect((await store.get("v1"))?.vehicle).toMatchObject({
      payloadKg: 1159,
      loadLengthMm: 3044,
      roofHeight: "Medium",
      grossVehicleWeightKg: 3500,
    });

    const [first] = known;
    const van = (vehicle: object) => ({ ...first, _id: "n1", vehicle: { ...first!.vehicle, vehicleType: "van", ...vehicle } });
    const json = ndjson([
      van({ payloadKg: 1000, loadLengthMm: 2555, roofHeight: "Low", grossVehicleWeightKg: 2800 }),
      { ...van({ payloadKg: 999.5 }), _id: "n2" },
      { ...van({ roofHeight: 2 }), _id: "n3" },
    ]);
    const fromJson = await importFeed(store, await feedFile("vans.ndjson", json), { mode: "upsert" });
    expect(fromJson.rejected.map(({ line, reason }) => `${line} ${reason}`)).toEqual([
      "2 vehicle.payloadKg: expected int, received number (got 999.5)",
      "3 vehicle.roofHeight: expected string, received number (got 2)",
    ]);
    expect((await store.get("n1"))?.vehicle).toMatchObject({
      payloadKg: 1000,
      loadLengthMm: 2555,
      roofHeight: "Low",
      grossVehicleWeightKg: 2800,
    });
  });

  it("reads a price written as people write it, in a CSV cell or as JSON text, and nothing else", async () => {
    const csv = [
      "_id,vehicleType,make,model,price",
      'v1,car,Ford,Focus,"£12,995"',
      "v2,car,Ford,Puma,12995.00",
      'v3,car,Kia,Ceed,"£9,995.5"',
      "v4,car,Kia,Picanto,0x10",
      "v5,car,Fiat,500,1e3",
      'v6,car,Fiat,Panda,"12,99,5"',
      "v7,car,Fiat,Tipo,Infinity",
      "",
    ].join("\n");
    const report = await importFeed(store, await feedFile("prices.csv", csv), { mode: "upsert" });
    expect(report.added).toBe(3);
    expect(report.rejected.map(({ line, reason }) => `${line} ${reason}`)).toEqual([
      '5 price: must be an amount in pounds, like 12995 or £12,995.50 (got "0x10")',
      '6 price: must be an amount in pounds, like 12995 or £12,995.50 (got "1e3")',
      '7 price: must be an amount in pounds, like 12995 or £12,995.50 (got "12,99,5")',
      '8 price: must be an amount in pounds, like 12995 or £12,995.50 (got "Infinity")',
    ]);
    const priceOf = async (id: string) => (await store.get(id))?.adverts.retailAdverts.totalPrice.amountGBP;
    expect([await priceOf("v1"), await priceOf("v2"), await priceOf("v3")]).toEqual([12995, 12995, 9995.5]);

    const [first, second, third] = known;
    const priced = (record: (typeof known)[number], amountGBP: unknown) => ({
      ...record,
      adverts: { retailAdverts: { totalPrice: { amountGBP } } },
    });
    const json = ndjson([priced(first!, "£12,995"), priced(second!, 8495.5), priced(third!, "1e3")]);
    const fromJson = await importFeed(store, await feedFile("prices.ndjson", json), { mode: "upsert" });
    expect(fromJson.added).toBe(2);
    expect(fromJson.rejected).toEqual([
      { line: 3, reason: 'adverts.retailAdverts.totalPrice.amountGBP: must be an amount in pounds, like 12995 or £12,995.50 (got "1e3")' },
    ]);
    expect([await priceOf(first!._id), await priceOf(second!._id)]).toEqual([12995, 8495.5]);
  });

  it("with --replace removes vehicles missing from the feed, but not those on rejected rows", async () => {
    await importFeed(store, await feedFile("all.json", JSON.stringify(known)), { mode: "upsert" });
    const [first, second, third] = known;
    const feed = ndjson([first, second, { ...third, adverts: { retailAdverts: { totalPrice: { amountGBP: "free" } } } }]);
    const report = await importFeed(store, await feedFile("some.ndjson", feed), { mode: "replace", allowMassRemoval: true });
    expect(report).toMatchObject({ unchanged: 2, removed: 9, rejected: [{ line: 3 }] });
    expect(await store.get(third!._id)).toBeDefined();
  });

  describe("with --replace and a rejected row that names no vehicle, removes none as sold", () => {
    const [first, second, third] = known;
    const updatedSecond = { ...second, adverts: { retailAdverts: { totalPrice: { amountGBP: 1234 } } } };
    it.each([
      [
        "a line that is not JSON",
        "some.ndjson",
        [JSON.stringify(first), JSON.stringify(updatedSecond), `{"_id": "${third!._id}", "vehicle": `].join("\n") + "\n",
      ],
      [
        "a record with neither _id nor registration",
        "some.ndjson",
        ndjson([first, updatedSecond, { ...third, _id: undefined, vehicle: { ...third!.vehicle, registration: undefined } }]),
      ],
      [
        "a record whose _id is not an id",
        "some.json",
        JSON.stringify([
          first,
          updatedSecond,
          { ...third, _id: "no spaces allowed", vehicle: { ...third!.vehicle, registration: undefined } },
        ]),
      ],
      [
        "a CSV row with the wrong number of values",
        "some.csv",
        `_id,vehicleType,make,model,price\n${first!._id},car,Ford,Fiesta,10000\n${second!._id},car,Ford,Focus,1234\n${third!._id},car,"Ford",Puma,5,extra\n`,
      ],
    ])("%s", async (_label, name, content) => {
      await importFeed(store, await feedFile("all.json", JSON.stringify(known)), { mode: "upsert" });
      const report = await importFeed(store, await feedFile(name, content), { mode: "replace", allowMassRemoval: true });
      expect(report).toMatchObject({ removed: 0, removedIds: [], unidentifiedRows: 1, rejected: [{ line: expect.any(Number) }] });
      expect(await store.count()).toBe(known.length);
      // What the good rows say still applies.
      expect((await store.get(second!._id))?.adverts.retailAdverts.totalPrice.amountGBP).toBe(1234);
    });
  });

  it("refuses a replace that would remove most of the stock, unless told to", async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ ...known[0], _id: `car-${i}` }));
    await importFeed(store, await feedFile("many.json", JSON.stringify(many)), { mode: "upsert" });
    const few = await feedFile("few.json", JSON.stringify(many.slice(0, 5)));
    await expect(importFeed(store, few, { mode: "replace" })).rejects.toBeInstanceOf(MassRemovalError);
    expect(await store.count()).toBe(30);
    expect((await importFeed(store, few, { mode: "replace", allowMassRemoval: true })).removed).toBe(25);
  });

  it("works out a dry run's counts, and the removals the guard would refuse, without writing", async () => {
    const many = Array.from({ length: 30 }, (_, i) => ({ ...known[0], _id: `car-${i}` }));
    await importFeed(store, await feedFile("many.json", JSON.stringify(many)), { mode: "upsert" });
    const before = await stockFile();
    const few = await feedFile("few.json", JSON.stringify([...many.slice(0, 5), { ...known[1], _id: "new-one" }]));
    const preview = await importFeed(store, few, { mode: "replace", dryRun: true });
    expect(preview).toMatchObject({ rows: 6, added: 1, updated: 0, unchanged: 5, removed: 25, stockBefore: 30, removalLimit: 15 });
    expect(await stockFile()).toBe(before);
    expect(await store.get("new-one")).toBeUndefined();
  });

  describe("never loses stored stock on a feed it cannot use", () => {
    beforeEach(async () => {
      await importFeed(store, await feedFile("all.json", JSON.stringify(known)), { mode: "upsert" });
    });

    it.each([
      ["an empty file", "empty.json", "", UnreadableFeedError, "The file is empty: it holds no vehicle records"],
      ["an empty array", "empty-array.json", "[]", NothingImportedError, "The file holds no vehicle records; nothing was changed"],
      ["a file cut short", "cut.json", `[${JSON.stringify(known[0])},\n{"_id": "x"`, UnreadableFeedError, /^The JSON array is not closed/],
      [
        "an NDJSON file cut short",
        "cut.ndjson",
        `${JSON.stringify(known[0])}\n${JSON.stringify(known[1]).slice(0, 40)}`,
        UnreadableFeedError,
        /^Line 2, the last, is not valid JSON/,
      ],
      [
        "a CSV file cut short",
        "cut.csv",
        "_id,vehicleType,make,model,price\nv1,car,Ford,Focus,9995\nv2,car,Fo",
        UnreadableFeedError,
        /^The last record, on line 3, has 3 of the 5 values/,
      ],
      [
        "a CSV without the price column",
        "no-price.csv",
        "_id,vehicleType,make,model\nv1,car,Ford,Focus\n",
        UnreadableFeedError,
        "The CSV header is missing the column price",
      ],
      [
        "a feed where every row is bad",
        "bad.ndjson",
        '{"_id": "a"}\n{"_id": "b"}\n',
        NothingImportedError,
        "None of the 2 rows could be imported; nothing was changed",
      ],
    ])("%s", async (_label, name, content, kind, message) => {
      const before = await stockFile();
      const attempt = importFeed(store, await feedFile(name, content), { mode: "replace" });
      await expect(attempt).rejects.toBeInstanceOf(kind);
      await expect(attempt).rejects.toThrow(message);
      expect(await stockFile()).toBe(before);
      expect(await store.count()).toBe(12);
    });
  });
});
