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
      JSON.stringify({ ...d, vehicle: { ...d!.vehicle, yearOfManufacture: "in 2019" } }),
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
    expect(report.rejected.map(({ line, reason }) => ({ line, reason }))).toEqual([
      { line: 2, reason: expect.stringMatching(/^The row is not valid JSON: .* \(line 2\)$/) },
      { line: 3, reason: "Make is missing (field vehicle.make, line 3)" },
      { line: 4, reason: "Price must be more than 0, not -5 (field adverts.retailAdverts.totalPrice.amountGBP, line 4)" },
      { line: 5, reason: 'Year must be a number, not "in 2019" (field vehicle.yearOfManufacture, line 5)' },
      { line: 6, reason: "The row repeats vehicle fiesta-2019, already given on line 1 (line 6)" },
      {
        line: 7,
        reason: "The row has neither an id nor a registration to say which vehicle it is (fields _id and vehicle.registration, line 7)",
      },
      { line: 8, reason: 'Vehicle type must be one of car, van, truck, not "bus" (field vehicle.vehicleType, line 8)' },
      {
        line: 9,
        reason:
          'An image address must not contain spaces, line breaks or other control characters, not "/\\n/evil.example/x.png" (field media.images[0].href, line 9)',
      },
    ]);
    // The rejected row as the feed gave it, for the rejected-rows download.
    expect(report.originalColumns).toEqual(["record"]);
    expect(report.rejected[1]!.original).toEqual([lines[2]]);
  });

  it("names the field as people call it, and its CSV column and line", async () => {
    const csv = [
      "_id,vehicleType,make,model,price,odometerReadingMiles,registration,yearOfManufacture,doors",
      "v1,car,Ford,Focus,abc,12000,,,",
      "v2,car,,Focus,5000,lots,,,",
      "v3,car,Ford,Puma,,,,,",
      "v4,car,Ford,Puma,-5,,,,",
      "v5,car,Ford,Puma,9995.999,,,,",
      "v6,car,Ford,Puma,9995,-10,NOT A PLATE,2099,3.5",
      "v7,lorry,Ford,Puma,9995,,,,",
      "v8,car,Ford,Puma,,,,,",
      ",car,Ford,Puma,9995,,,,",
      "v9,car,Ford,Puma,£,,,,",
      'v10,car,Ford,Puma,"£12,995",",12000",,,',
      'v11,car,Ford,Puma," £12,995 "," 12,000 ",,,',
      "",
    ].join("\n");
    const report = await importFeed(store, await feedFile("stock.csv", csv), { mode: "upsert" });
    expect(report.added).toBe(1);
    expect(report.rejected.map(({ reason }) => reason)).toEqual([
      'Price must be an amount in pounds, like 12995 or £12,995.50, not "abc" (column price, line 2)',
      'Make is missing (column make, line 3); Mileage must be a number, not "lots" (column odometerReadingMiles, line 3)',
      "Price is missing (column price, line 4)",
      'Price must be an amount in pounds, like 12995 or £12,995.50, not "-5" (column price, line 5)',
      'Price must be an amount in pounds, like 12995 or £12,995.50, not "9995.999" (column price, line 6)',
      'Registration is not a UK registration plate: "NOT A PLATE" (column registration, line 7); ' +
        "Year is in the future: 2099 (column yearOfManufacture, line 7); " +
        "Mileage must be at least 0, not -10 (column odometerReadingMiles, line 7); and 1 more problem on line 7",
      'Vehicle type must be one of car, van, truck, not "lorry" (column vehicleType, line 8)',
      "Price is missing (column price, line 9)",
      "The row has neither an id nor a registration to say which vehicle it is (columns _id and registration, line 10)",
      'Price must be an amount in pounds, like 12995 or £12,995.50, not "£" (column price, line 11)',
      'Mileage must be a number, not ",12000" (column odometerReadingMiles, line 12)',
    ]);
  });

  it("refuses text a spreadsheet would run as a formula, but not a plain dash or plus", async () => {
    const [first] = known;
    const withVehicle = (_id: string, vehicle: object, retailAdverts: object = {}) => ({
      ...first,
      _id,
      vehicle: { ...first!.vehicle, ...vehicle },
      adverts: { retailAdverts: { ...first!.adverts.retailAdverts, ...retailAdverts } },
    });
    const feed = ndjson([
      withVehicle("f1", { make: '=HYPERLINK("http://x")' }),
      withVehicle("f2", { model: "+cmd|' /C calc'!A0" }),
      withVehicle("f3", { colour: "@SUM(A1)" }),
      withVehicle("f4", { features: ["Heated seats", "-2+3"] }),
      withVehicle("f5", {}, { description: "=1+1" }),
      withVehicle(
        "ok",
        { derivative: "- Sport pack", make: "Mercedes-Benz" },
        { vatStatus: "+ VAT", description: "- Full history\n- One owner" },
      ),
    ]);
    const report = await importFeed(store, await feedFile("formulas.ndjson", feed), { mode: "upsert" });
    const formula = "starts like a spreadsheet formula (with =, +, -, or @), which a spreadsheet opening it would run";
    expect(report.rejected.map(({ reason }) => reason)).toEqual([
      `Make ${formula}: "=HYPERLINK("http://x")" (field vehicle.make, line 1)`,
      `Model ${formula}: "+cmd|' /C calc'!A0" (field vehicle.model, line 2)`,
      `Colour ${formula}: "@SUM(A1)" (field vehicle.colour, line 3)`,
      `Features item 2 ${formula}: "-2+3" (field vehicle.features[1], line 4)`,
      `Description ${formula}: "=1+1" (field adverts.retailAdverts.description, line 5)`,
    ]);
    expect((await store.get("ok"))?.vehicle).toMatchObject({ make: "Mercedes-Benz", derivative: "- Sport pack" });
    expect((await store.get("ok"))?.adverts.retailAdverts.vatStatus).toBe("+ VAT");
  });

  it("names the fields a JSON record left out whole, and a row that is no record", async () => {
    const [first] = known;
    const feed = ndjson([{ _id: "x1", vehicle: first!.vehicle }, { _id: "x2", adverts: first!.adverts }, 5, first]);
    const report = await importFeed(store, await feedFile("parts.ndjson", feed), { mode: "upsert" });
    expect(report.rejected.map(({ reason }) => reason)).toEqual([
      "Price is missing (field adverts.retailAdverts.totalPrice.amountGBP, line 1)",
      "Vehicle type is missing (field vehicle.vehicleType, line 2); Make is missing (field vehicle.make, line 2); Model is missing (field vehicle.model, line 2)",
      "The row must be a record, in braces { }, not 5 (line 3)",
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
    expect(report.rejected.map(({ reason }) => reason)).toEqual([
      'Payload must be a number, not "a tonne" (column payloadKg, line 3)',
      'Load length must be a number, not "3.5 m" (column loadLengthMm, line 4)',
      "Gross vehicle weight must be at least 0, not -3500 (column grossVehicleWeightKg, line 5)",
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
    expect(fromJson.rejected.map(({ reason }) => reason)).toEqual([
      "Payload must be a whole number, not 999.5 (field vehicle.payloadKg, line 2)",
      "Roof height must be text, not 2 (field vehicle.roofHeight, line 3)",
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
    expect(report.rejected.map(({ reason }) => reason)).toEqual([
      'Price must be an amount in pounds, like 12995 or £12,995.50, not "0x10" (column price, line 5)',
      'Price must be an amount in pounds, like 12995 or £12,995.50, not "1e3" (column price, line 6)',
      'Price must be an amount in pounds, like 12995 or £12,995.50, not "12,99,5" (column price, line 7)',
      'Price must be an amount in pounds, like 12995 or £12,995.50, not "Infinity" (column price, line 8)',
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
    expect(fromJson.rejected.map(({ reason }) => reason)).toEqual([
      'Price must be an amount in pounds, like 12995 or £12,995.50, not "1e3" (field adverts.retailAdverts.totalPrice.amountGBP, line 3)',
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
