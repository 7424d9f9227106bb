import { afterEach, describe, expect, it, vi } from "vitest";
import { FILTER_NAMES, RANGE_FILTER_NAMES } from "../../domain/filters";
import { vehicleRecordSchema, type VehicleRecord } from "../../domain/vehicle";
import { feedRecord, KNOWN_VEHICLES } from "../../tests/support/known-vehicles";
import { ColumnarIndex } from "./columnar-index";
import { bandAttribute, meiliSettings, meiliSort, RECORD_ATTRIBUTE, SpellingBook, toMeiliDocument } from "./meili-documents";

const stored = (id: string): VehicleRecord => {
  const known = KNOWN_VEHICLES.find((k) => k.id === id)!;
  return vehicleRecordSchema.parse({ ...feedRecord(known), _id: id, updatedAt: known.createdAt });
};

describe("meiliSettings", () => {
  const settings = meiliSettings();

  it("makes the type, every filter and every band filterable", () => {
    expect(settings.filterableAttributes).toEqual(
      expect.arrayContaining(["type", ...FILTER_NAMES, ...RANGE_FILTER_NAMES.map(bandAttribute)]),
    );
  });

  it("makes every sort key, the id and the branch's place sortable, and sorts before anything else", () => {
    expect(settings.sortableAttributes).toEqual(["id", "price", "mileage", "year", "createdAtMs", "hasImages", "available", "_geo"]);
    expect(settings.rankingRules?.[0]).toBe("sort");
  });

  it("searches the vehicle's words with Meilisearch's typo rules, ranking equal matches as the relevance order does", () => {
    expect(settings.searchableAttributes).toEqual([
      "make",
      "makeAliases",
      "model",
      "derivative",
      "bodyType",
      "fuelType",
      "gearbox",
      "colour",
      "features",
      "description",
    ]);
    expect(settings.rankingRules?.slice(-4)).toEqual(["available:desc", "hasImages:desc", "createdAtMs:desc", "id:asc"]);
    expect(settings.typoTolerance).toEqual({ enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 } });
  });

  it("shows a search only the id, the record and the branch's place, all the site reads", () => {
    expect(settings.displayedAttributes).toEqual(["id", RECORD_ATTRIBUTE, "_geo"]);
  });

  it("reaches the last page and every option of the largest stock the site is built for", () => {
    expect(settings.pagination?.maxTotalHits).toBeGreaterThanOrEqual(440_021);
    expect(settings.faceting?.maxValuesPerFacet).toBeGreaterThanOrEqual(10_000);
  });
});

describe("meiliSort", () => {
  it("follows the order's steps and ties on the id", () => {
    // A reserved vehicle (available 0) goes after those buyers can still have.
    expect(meiliSort("relevance")).toEqual(["available:desc", "hasImages:desc", "createdAtMs:desc", "id:asc"]);
    expect(meiliSort("price_asc")).toEqual(["price:asc", "id:asc"]);
    expect(meiliSort("mileage")).toEqual(["mileage:asc", "id:asc"]);
  });
});

describe("toMeiliDocument", () => {
  it("carries the equipment and description for keyword search", () => {
    const record = stored("fiesta-2019");
    record.vehicle.features = ["Heated seats", "Apple CarPlay"];
    record.adverts.retailAdverts.description = "One owner from new.";
    expect(toMeiliDocument(record, new SpellingBook())).toMatchObject({
      features: ["Heated seats", "Apple CarPlay"],
      description: "One owner from new.",
    });
  });

  it("maps a record to filter values, bands and sort keys", () => {
    const document = toMeiliDocument(stored("fiesta-2019"), new SpellingBook());
    expect(document).toMatchObject({
      id: "fiesta-2019",
      type: "car",
      make: "Ford",
      model: "Fiesta",
      doors: "5",
      price: 10000,
      // On the edge two bands share, so in both, as the embedded engine counts it.
      priceBand: ["5000-10000", "10000-15000"],
      year: 2019,
      yearBand: ["2019-2019"],
      hasImages: 1,
      available: 1,
      createdAtMs: Date.parse("2026-10-01T09:00:00.000Z"),
    });
  });

  describe("in a year after the process started", () => {
    afterEach(() => {
      vi.useRealTimers();
    });

    it("gives next year's models their year band, as the embedded engine counts them", async () => {
      vi.useFakeTimers({ toFake: ["Date"] });
      vi.setSystemTime(new Date("2031-01-02T00:00:00Z"));
      const known = KNOWN_VEHICLES.find((k) => k.id === "fiesta-2019")!;
      const record = vehicleRecordSchema.parse({
        ...feedRecord(known),
        vehicle: { ...feedRecord(known).vehicle, yearOfManufacture: 2032 },
        _id: "fiesta-2032",
        updatedAt: known.createdAt,
      });
      expect(toMeiliDocument(record, new SpellingBook()).yearBand).toEqual(["2032-2032"]);
      const index = await ColumnarIndex.build(
        (async function* () {
          yield record;
        })(),
      );
      const { facets } = index.search({ filters: {}, sort: "relevance", page: 1, pageSize: 1, facets: ["year"] });
      expect(facets.year).toEqual([{ value: "2032-2032", count: 1 }]);
    });
  });

  it("holds the whole record as JSON text, for a page of results to be shown without the store", () => {
    const record = {
      ...stored("fiesta-2019"),
      reserved: true as const,
      priceReduction: { fromGBP: 10500, at: "2026-11-01T00:00:00.000Z" },
    };
    expect(JSON.parse(String(toMeiliDocument(record, new SpellingBook())[RECORD_ATTRIBUTE]))).toEqual(record);
  });

  it("leaves out what the vehicle does not have", () => {
    const document = toMeiliDocument(stored("sandero-unknowns"), new SpellingBook());
    expect(document).not.toHaveProperty("year");
    expect(document).not.toHaveProperty("mileageBand");
    expect(document).not.toHaveProperty("fuelType");
    expect(document.hasImages).toBe(0);
  });
});

describe("SpellingBook", () => {
  it("spells each value as the vehicle first in id order does", async () => {
    const records = [stored("mercedes-lowercase"), stored("sprinter-2021"), stored("a-class-2022")];
    const book = await SpellingBook.fromStock(
      (async function* () {
        yield* records;
      })(),
    );
    // "a-class-2022" comes first by id and spells it "Mercedes-Benz".
    expect(book.spell("make", "MERCEDES-BENZ ")).toBe("Mercedes-Benz");
    expect(toMeiliDocument(records[0]!, book).make).toBe("Mercedes-Benz");
    expect(book.spell("make", "Lada")).toBe("Lada");
  });

  it("can start from the spellings an index already shows", () => {
    const book = SpellingBook.fromOptions({ make: ["Mercedes-Benz", "Ford"] });
    expect(book.spell("make", "mercedes-benz")).toBe("Mercedes-Benz");
    expect(book.spell("model", "Focus")).toBe("Focus");
  });
});
