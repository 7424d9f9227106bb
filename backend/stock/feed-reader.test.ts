import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { detectFormat, feedFileSize, openFeed, UnreadableFeedError, type FeedRow } from "./feed-reader";

let directory: string;
beforeAll(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "feed-reader-"));
});
afterAll(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function rowsOf(name: string, content: string, format?: "json"): Promise<FeedRow[]> {
  const file = path.join(directory, name);
  await writeFile(file, content);
  const rows: FeedRow[] = [];
  for await (const row of (await openFeed(file, { format })).rows) rows.push(row);
  return rows;
}

describe("JSON array feeds", () => {
  it("gives each record with the line it starts on", async () => {
    const rows = await rowsOf("pretty.json", '[\n  {\n    "a": 1\n  },\n  {"b": "x, ] } { \\" y"},\n  {"c": [1, {"d": 2}]}\n]\n');
    expect(rows).toEqual([
      { line: 2, value: { a: 1 }, original: ['{\n    "a": 1\n  }'] },
      { line: 5, value: { b: 'x, ] } { " y' }, original: ['{"b": "x, ] } { \\" y"}'] },
      { line: 6, value: { c: [1, { d: 2 }] }, original: ['{"c": [1, {"d": 2}]}'] },
    ]);
  });

  it("reports a broken record and reads on", async () => {
    const rows = await rowsOf("broken.json", '[{"a": 1},\n{"a": },\n{"a": 3}]');
    expect(rows[0]).toMatchObject({ line: 1, value: { a: 1 } });
    expect(rows[1]).toEqual({ line: 2, problem: expect.stringMatching(/^is not valid JSON/), original: ['{"a": }'] });
    expect(rows[2]).toMatchObject({ line: 3, value: { a: 3 } });
  });

  it("refuses a file cut short, since the rest of the stock would be missing", async () => {
    await expect(rowsOf("cut.json", '[{"a": 1},\n{"a": 2')).rejects.toThrow(
      "The JSON array is not closed: the file ends at line 2 inside the record that starts on line 2",
    );
  });

  it("refuses JSON that is not an array", async () => {
    await expect(rowsOf("object.json", '{"vehicles": []}', "json")).rejects.toThrow(
      'Line 1: a JSON feed must be an array of records, starting with "["',
    );
    await expect(rowsOf("open.json", " \n[")).rejects.toThrow(UnreadableFeedError);
    await expect(rowsOf("text.json", "[1] [2]")).rejects.toThrow("unexpected text after the end of the JSON array");
  });

  it("reads an empty array as no rows", async () => {
    expect(await rowsOf("empty-array.json", "[ ]")).toEqual([]);
  });
});

describe("NDJSON feeds", () => {
  it("gives one row per line, skipping blank lines and reporting bad ones", async () => {
    const rows = await rowsOf("stock.ndjson", '\uFEFF{"a": 1}\n\n{"a": 2\n{"a": 3}\r\n');
    expect(rows[0]).toEqual({ line: 1, value: { a: 1 }, original: ['{"a": 1}'] });
    expect(rows[1]).toMatchObject({ line: 3, problem: expect.stringMatching(/^is not valid JSON/) });
    expect(rows[2]).toEqual({ line: 4, value: { a: 3 }, original: ['{"a": 3}'] });
  });

  it("reads a last line that has no line break after it", async () => {
    expect(await rowsOf("no-final-break.ndjson", '{"a": 1}\n{"a": 2}')).toMatchObject([
      { line: 1, value: { a: 1 } },
      { line: 2, value: { a: 2 } },
    ]);
  });

  it("refuses a file cut short in its last record", async () => {
    await expect(rowsOf("cut.ndjson", '{"a": 1}\n{"a": 2}\n{"a": ')).rejects.toThrow(
      "Line 3, the last, is not valid JSON and has no line break after it: the file may have been cut short, so nothing was imported",
    );
  });

  it("still reads on past a broken line that ends with a line break", async () => {
    const rows = await rowsOf("broken-last.ndjson", '{"a": 1}\n{"a": \n');
    expect(rows).toMatchObject([
      { line: 1, value: { a: 1 } },
      { line: 2, problem: expect.stringMatching(/^is not valid JSON/) },
    ]);
  });
});

describe("CSV feeds", () => {
  const header = "_id,vehicleType,make,model,price,yearOfManufacture,doors,images,vatStatus";

  it("maps columns onto the record, as the feed wrote them for the schema to read, and keeps the row as given", async () => {
    const rows = await rowsOf(
      "stock.csv",
      `${header}\nv1,van,Ford,"Transit, Custom","18,995",2020,4,/a.svg|/b.svg,Ex VAT\nv2,car,Fiat,500,7995,,,,\n`,
    );
    expect(rows).toEqual([
      {
        line: 2,
        value: {
          _id: "v1",
          vehicle: { vehicleType: "van", make: "Ford", model: "Transit, Custom", yearOfManufacture: "2020", doors: "4" },
          adverts: { retailAdverts: { totalPrice: { amountGBP: "18,995" }, vatStatus: "Ex VAT" } },
          media: { images: [{ href: "/a.svg" }, { href: "/b.svg" }] },
        },
        original: ["v1", "van", "Ford", "Transit, Custom", "18,995", "2020", "4", "/a.svg|/b.svg", "Ex VAT"],
      },
      {
        line: 3,
        value: {
          _id: "v2",
          vehicle: { vehicleType: "car", make: "Fiat", model: "500" },
          adverts: { retailAdverts: { totalPrice: { amountGBP: "7995" } } },
        },
        original: ["v2", "car", "Fiat", "500", "7995", "", "", "", ""],
      },
    ]);
  });

  it("splits the features column on |, as the vehicle's equipment list", async () => {
    const rows = await rowsOf(
      "features.csv",
      `_id,vehicleType,make,model,price,features\nv1,car,Ford,Focus,9995,"Heated seats | Apple CarPlay||Cruise control, adaptive"\n`,
    );
    expect(rows).toEqual([
      {
        line: 2,
        value: {
          _id: "v1",
          vehicle: {
            vehicleType: "car",
            make: "Ford",
            model: "Focus",
            features: ["Heated seats", "Apple CarPlay", "Cruise control, adaptive"],
          },
          adverts: { retailAdverts: { totalPrice: { amountGBP: "9995" } } },
        },
        original: ["v1", "car", "Ford", "Focus", "9995", "Heated seats | Apple CarPlay||Cruise control, adaptive"],
      },
    ]);
  });

  it("reports a row with the wrong number of values", async () => {
    const rows = await rowsOf("short.csv", `${header}\nv1,car,Ford\n`);
    expect(rows).toEqual([{ line: 2, problem: "has 3 values but the header has 9 columns", original: ["v1", "car", "Ford"] }]);
  });

  it("refuses a header without the columns a vehicle needs, naming them", async () => {
    await expect(rowsOf("no-price.csv", "_id,vehicleType,make,model\nv1,car,Ford,Focus\n")).rejects.toThrow(
      "The CSV header is missing the column price",
    );
    await expect(rowsOf("no-id.csv", "vehicleType,make,model,price\ncar,Ford,Focus,1\n")).rejects.toThrow(
      "The CSV header is missing the column _id (or registration)",
    );
  });

  it("reads a rejected-rows download as the feed it came from: its line and reason columns are neither ignored nor kept", async () => {
    const file = path.join(directory, "rejected-rows.csv");
    await writeFile(file, 'line,reason,_id,vehicleType,make,model,price\r\n4,Price is missing,v1,car,Ford,\'-Focus,"£9,995"\r\n');
    const feed = await openFeed(file);
    const rows: FeedRow[] = [];
    for await (const row of feed.rows) rows.push(row);
    expect(rows).toEqual([
      {
        line: 2,
        // The apostrophe the download put before a cell a spreadsheet would run is taken off again.
        value: {
          _id: "v1",
          vehicle: { vehicleType: "car", make: "Ford", model: "-Focus" },
          adverts: { retailAdverts: { totalPrice: { amountGBP: "£9,995" } } },
        },
        original: ["v1", "car", "Ford", "'-Focus", "£9,995"],
      },
    ]);
    expect(feed.ignoredColumns).toEqual([]);
    expect(feed.originalColumns).toEqual(["_id", "vehicleType", "make", "model", "price"]);
  });

  it("lists header columns no field matches", async () => {
    const file = path.join(directory, "extra.csv");
    await writeFile(file, "_id,vehicleType,make,model,price,stockNumber\nv1,car,Ford,Focus,1,S123\n");
    const feed = await openFeed(file);
    for await (const _row of feed.rows);
    expect(feed.ignoredColumns).toEqual(["stockNumber"]);
  });

  it("takes columns named like Object's own properties as unknown columns, ignored", async () => {
    const file = path.join(directory, "object-names.csv");
    await writeFile(file, "_id,vehicleType,make,model,price,constructor,__proto__,toString,hasOwnProperty\nv1,car,Ford,Focus,1,a,{},b,c\n");
    const feed = await openFeed(file);
    const rows: FeedRow[] = [];
    for await (const row of feed.rows) rows.push(row);
    expect(rows).toEqual([
      {
        line: 2,
        value: {
          _id: "v1",
          vehicle: { vehicleType: "car", make: "Ford", model: "Focus" },
          adverts: { retailAdverts: { totalPrice: { amountGBP: "1" } } },
        },
        original: ["v1", "car", "Ford", "Focus", "1", "a", "{}", "b", "c"],
      },
    ]);
    expect(Object.getPrototypeOf((rows[0] as { value: object }).value)).toBe(Object.prototype);
    expect(feed.ignoredColumns).toEqual(["constructor", "__proto__", "toString", "hasOwnProperty"]);
  });

  it("reports a record that spans lines by the line it starts on", async () => {
    const rows = await rowsOf(
      "multiline.csv",
      `${header}\n\nv1,car,Ford,"Focus\nEstate\n\nST",1,2020,5,,\n\nv2,car,Ford\nv3,car,Fiat,500,1,,,,\n`,
    );
    expect(rows.map((row) => row.line)).toEqual([3, 8, 9]);
    expect(rows[1]).toMatchObject({ line: 8, problem: "has 3 values but the header has 9 columns" });
  });

  it("refuses a file whose quoting is broken", async () => {
    await expect(rowsOf("quotes.csv", `${header}\nv1,car,Fo"rd,Focus,1,2020,5,,\n`)).rejects.toThrow(
      /^The CSV file is damaged: Invalid Opening Quote/,
    );
  });

  it("refuses a file cut short inside a quoted value", async () => {
    await expect(rowsOf("cut-quote.csv", `${header}\nv1,car,Ford,Focus,1,2020,5,,\n\nv2,car,"Ford,Focus`)).rejects.toThrow(
      "The file ends inside a quoted value, in the record that starts on line 4: it may have been cut short, so nothing was imported",
    );
  });

  it("refuses a file whose last record is cut short, but reads one that is whole without a line break", async () => {
    await expect(rowsOf("cut-record.csv", `${header}\nv1,car,Ford,Focus,1,2020,5,,\nv2,car,Fo`)).rejects.toThrow(
      "The last record, on line 3, has 3 of the 9 values the header names and no line break after it: the file may have been cut short, so nothing was imported",
    );
    const whole = await rowsOf("no-final-break.csv", `${header}\nv1,car,Ford,Focus,1,2020,5,,`);
    expect(whole).toMatchObject([{ line: 2, value: expect.objectContaining({ _id: "v1" }) }]);
  });
});

describe("detectFormat", () => {
  it("tells the format from the first character, and refuses an empty file", async () => {
    const write = async (name: string, content: string) => {
      const file = path.join(directory, name);
      await writeFile(file, content);
      return file;
    };
    expect(await detectFormat(await write("a.txt", "  \n[{}]"))).toBe("json");
    expect(await detectFormat(await write("b.txt", '{"a":1}\n'))).toBe("ndjson");
    expect(await detectFormat(await write("c.txt", "_id,make\n"))).toBe("csv");
    await expect(detectFormat(await write("d.txt", " \n\n"))).rejects.toThrow("The file is empty: it holds no vehicle records");
  });
});

describe("feedFileSize", () => {
  it("gives a feed file's size, and says plainly why a path is not one", async () => {
    const file = path.join(directory, "sized.csv");
    await writeFile(file, "_id,make\n");
    expect(await feedFileSize(file)).toBe(9);
    await expect(feedFileSize(path.join(directory, "absent.csv"))).rejects.toThrow(
      `There is no file ${path.join(directory, "absent.csv")}`,
    );
    await expect(feedFileSize(directory)).rejects.toThrow(new UnreadableFeedError(`${directory} is a folder, not a feed file`));
    await expect(feedFileSize("/dev/null")).rejects.toThrow("/dev/null is not a regular file, so it cannot be a feed");
  });
});
