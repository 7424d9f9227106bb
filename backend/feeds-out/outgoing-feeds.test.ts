import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { parse as parseCsv } from "csv-parse/sync";
import { XMLParser } from "fast-xml-parser";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { VehicleRecord } from "../../domain/vehicle";
import { generateDemoStock } from "../demo-stock/generate-demo-stock";
import { FileVehicleStore } from "../store/file-vehicle-store";
import { feedRecordOf } from "../stock/vehicle-desk";
import type { ChannelId } from "./channel";
import { FileFeedSettings } from "./feed-settings-store";
import { OutgoingFeeds } from "./outgoing-feeds";

/**
 * Each feed against its channel's published attribute list and rules, kept as test data with
 * their sources (tests/fixtures/feed-specs/): every attribute written is one the channel
 * names, every required one is there, and every value keeps its length, list or format.
 * Vehicles that break a rule are left out, with the reason, and a change to the stock shows
 * in every feed without the stock being read again.
 */

interface SpecAttribute {
  name: string;
  required: boolean;
  maxLength?: number;
  values?: string[];
  format?: string;
  positive?: boolean;
  maxRepeats?: number;
}
interface Spec {
  attributes: SpecAttribute[];
  vehicleTypes?: string[];
  namespace?: string;
  notSent?: Record<string, string>;
}

const SPEC_FILES: Record<ChannelId, string> = {
  google: "google-vehicle-ads.json",
  meta: "meta-automotive-catalogue.json",
  portal: "portal-csv.json",
};
const specOf = async (id: ChannelId): Promise<Spec> =>
  JSON.parse(await readFile(path.join(import.meta.dirname, "../../tests/fixtures/feed-specs", SPEC_FILES[id]), "utf8")) as Spec;

const ORIGIN = "https://www.dockside-motors.example";
const DEALER = {
  name: "Dockside Motor Company",
  phone: "0151 496 0000",
  address: { lines: ["14 Wapping Quay"], town: "Liverpool", postcode: "L3 4BP" },
};

let dataDir: string;
let store: FileVehicleStore;
let feeds: OutgoingFeeds;
let stock: VehicleRecord[];
/** The demo stock and the broken vehicles, as stored. */
let stored: VehicleRecord[];

const upsert = (...records: VehicleRecord[]) => ({
  records: records.map((record) => ({ id: record._id, record: feedRecordOf(record) })),
  mode: "upsert" as const,
});

/** Vehicles that each break a rule of at least one channel. */
function brokenVehicles(template: VehicleRecord): VehicleRecord[] {
  return [
    { ...template, _id: "no-photo", media: { images: [] } },
    {
      ...template,
      _id: "no-description",
      adverts: { retailAdverts: { totalPrice: template.adverts.retailAdverts.totalPrice } },
    },
    { ...template, _id: "no-registration", vehicle: { ...template.vehicle, registration: undefined, derivative: undefined } },
    { ...template, _id: "a-van", vehicle: { ...template.vehicle, vehicleType: "van", bodyType: "Panel Van" } },
    { ...template, _id: "no-mileage", vehicle: { ...template.vehicle, odometerReadingMiles: undefined, colour: undefined } },
  ];
}

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "outgoing-feeds-"));
  store = await FileVehicleStore.open(dataDir);
  stock = [...generateDemoStock({ count: 200, referenceDate: new Date("2026-11-01T00:00:00Z") })];
  const template = stock.find((record) => record.vehicle.vehicleType === "car" && record.media.images.length > 1)!;
  stored = [...stock, ...brokenVehicles(template)];
  await store.applyChange(upsert(...stored));
  const settings = new FileFeedSettings(path.join(dataDir, "feeds-out"));
  feeds = new OutgoingFeeds(store, settings, { origin: ORIGIN, dealer: DEALER });
  // Every type to every channel, so that each channel's own rules are what leaves vehicles out.
  await feeds.update((current) => ({
    ...current,
    channels: {
      google: { types: ["car", "van", "truck"], leaveOutReserved: true },
      meta: { types: ["car", "van", "truck"], leaveOutReserved: true },
      portal: { types: ["car", "van", "truck"], leaveOutReserved: true },
    },
  }));
});

afterEach(async () => {
  feeds.close();
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

const documentText = async (id: ChannelId) => gunzipSync((await feeds.document(id)).gzip).toString("utf8");

/** Each item as attribute name → values (repeated attributes, and Meta's numbered photo columns, gathered). */
async function itemsOf(id: ChannelId): Promise<Map<string, string[]>[]> {
  const text = await documentText(id);
  if (id === "google") {
    const parsed = new XMLParser({ isArray: (name) => name === "item", parseTagValue: false, removeNSPrefix: false }).parse(text) as {
      rss: { "@_xmlns:g"?: string; channel: { item?: Record<string, string | string[]>[] } };
    };
    return (parsed.rss.channel.item ?? []).map(
      (item) => new Map(Object.entries(item).map(([name, value]) => [name, Array.isArray(value) ? value.map(String) : [String(value)]])),
    );
  }
  const rows = parseCsv(text, { columns: true, skip_empty_lines: true }) as Record<string, string>[];
  return rows.map((row) => {
    const item = new Map<string, string[]>();
    for (const [column, value] of Object.entries(row)) {
      if (value === "") continue;
      const name = /^image\[[1-9]\d*\]\.url$/.test(column) ? "image[n].url" : column;
      item.set(name, [...(item.get(name) ?? []), ...(column === "PictureRefs" ? [value] : [value])]);
    }
    return item;
  });
}

/** Every way an item breaks its channel's published list. */
function brokenRules(spec: Spec, item: Map<string, string[]>, prefix: string): string[] {
  const problems: string[] = [];
  const byName = new Map(spec.attributes.map((attribute) => [prefix + attribute.name, attribute]));
  for (const [name, values] of item) {
    const attribute = byName.get(name);
    if (!attribute) {
      problems.push(`${name} is not in the channel's list`);
      continue;
    }
    if (values.length > (attribute.maxRepeats ?? 1)) problems.push(`${name} repeats ${values.length} times`);
    for (const value of values) {
      if (attribute.maxLength !== undefined && [...value].length > attribute.maxLength) problems.push(`${name} is too long`);
      if (attribute.values && !attribute.values.includes(value)) problems.push(`${name} "${value}" is not a listed value`);
      if (attribute.format && !new RegExp(attribute.format).test(value)) problems.push(`${name} "${value}" breaks ${attribute.format}`);
      if (attribute.positive && !(Number.parseFloat(value) > 0)) problems.push(`${name} "${value}" is not above 0`);
    }
  }
  for (const attribute of spec.attributes) {
    if (attribute.required && !item.has(prefix + attribute.name)) problems.push(`${attribute.name} is missing`);
  }
  return problems;
}

describe("each outgoing feed against its channel's published attribute list", () => {
  it.each(["google", "meta", "portal"] as const)("%s: every item keeps every rule", async (id) => {
    const spec = await specOf(id);
    const items = await itemsOf(id);
    expect(items.length).toBeGreaterThan(50);
    const prefix = id === "google" ? "g:" : "";
    for (const item of items) expect(brokenRules(spec, item, prefix)).toEqual([]);
    for (const notSent of Object.keys(spec.notSent ?? {})) {
      for (const item of items) expect(item.has(notSent)).toBe(false);
    }
    const ids = items.map((item) => item.get(`${prefix}${id === "meta" ? "vehicle_id" : id === "portal" ? "Vehicle_Id" : "id"}`)![0]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it("google: declares Google's namespace, and holds only the vehicle types Google takes", async () => {
    const spec = await specOf("google");
    expect(await documentText("google")).toContain(`xmlns:g="${spec.namespace}"`);
    const carIds = new Set(stored.filter((record) => spec.vehicleTypes!.includes(record.vehicle.vehicleType)).map(({ _id }) => _id));
    const ids = (await itemsOf("google")).map((item) => item.get("g:id")![0]!);
    expect(ids.every((id) => carIds.has(id))).toBe(true);
  });

  it("meta and portal: the CSV header names only the channel's columns, the required ones all there", async () => {
    for (const id of ["meta", "portal"] as const) {
      const spec = await specOf(id);
      const header = (await documentText(id)).split("\r\n")[0]!.split(",");
      const names = new Set(spec.attributes.map(({ name }) => name));
      expect(header.filter((column) => !names.has(column.replace(/^image\[[1-9]\d*\]\.url$/, "image[n].url")))).toEqual([]);
      expect(spec.attributes.filter(({ required, name }) => required && !header.includes(name)).map(({ name }) => name)).toEqual([]);
    }
  });

  it("gives the vehicle's page, price with VAT and photos as the site serves them", async () => {
    const record = stock.find((candidate) => candidate.vehicle.vehicleType === "car" && candidate.media.images.length > 0)!;
    const item = (await itemsOf("google")).find((candidate) => candidate.get("g:id")![0] === record._id)!;
    expect(item.get("g:link")).toEqual([`${ORIGIN}/vehicles/${record._id}`]);
    expect(item.get("g:price")).toEqual([`${record.adverts.retailAdverts.totalPrice.amountGBP.toFixed(2)} GBP`]);
    expect(item.get("g:image_link")![0]).toMatch(new RegExp(`^${ORIGIN}/media/photos/`));
    expect(item.get("g:mileage")).toEqual([`${record.vehicle.odometerReadingMiles} miles`]);
    expect(item.get("g:store_code")).toEqual(["L34BP"]);
  });
});

describe("vehicles that break a channel's rules", () => {
  it("are left out of that channel, and listed with the reason", async () => {
    const reasons = async (id: ChannelId) =>
      new Map((await feeds.leftOut(id, 1, 500)).vehicles.map((vehicle) => [vehicle.id, vehicle.problems.join("; ")]));
    const google = await reasons("google");
    expect(google.get("no-photo")).toContain("Photo is missing (image_link)");
    expect(google.get("no-description")).toContain("Description is missing (description)");
    expect(google.get("a-van")).toContain("Google vehicle ads take cars only");
    expect(google.get("no-mileage")).toMatch(/Mileage is missing \(mileage\).*Colour is missing \(color\)/);
    const portal = await reasons("portal");
    expect(portal.get("no-registration")).toMatch(/Derivative is missing \(Variant\).*Registration is missing \(FullRegistration\)/);
    expect(portal.has("no-description")).toBe(false);
    const meta = await reasons("meta");
    expect(meta.get("no-photo")).toContain("Photo is missing (image)");
    expect(meta.has("a-van")).toBe(false);

    for (const id of ["google", "meta", "portal"] as const) {
      const text = await documentText(id);
      for (const leftOut of (await reasons(id)).keys()) expect(text).not.toContain(`/vehicles/${leftOut}`);
    }
  });

  it("counts what each channel gets and leaves out", async () => {
    const summaries = await feeds.summaries();
    for (const summary of summaries) {
      expect(summary.chosen).toBe(stored.length);
      expect(summary.goingOut + summary.leftOut).toBe(summary.chosen);
      expect(summary.on).toBe(false);
    }
    expect((await itemsOf("meta")).length).toBe(summaries.find(({ id }) => id === "meta")!.goingOut);
  });
});

describe("the dealer's choice of vehicles", () => {
  it("sends only the types chosen, and no reserved vehicle unless asked to; a hidden one never", async () => {
    const [reserved, hidden] = stock.filter((record) => record.vehicle.vehicleType === "car" && record.media.images.length > 0);
    await store.applyChange({
      ...upsert(reserved!, hidden!),
      reserve: new Map([[reserved!._id, true]]),
      hide: new Map([[hidden!._id, true]]),
    });
    await feeds.update((current) => ({
      ...current,
      channels: { ...current.channels, meta: { types: ["car"], leaveOutReserved: true } },
    }));
    const metaIds = () => itemsOf("meta").then((items) => items.map((item) => item.get("vehicle_id")![0]));
    let ids = await metaIds();
    const carIds = new Set(stored.filter((record) => record.vehicle.vehicleType === "car").map(({ _id }) => _id));
    expect(ids.every((id) => carIds.has(id!))).toBe(true);
    expect(ids).not.toContain(reserved!._id);
    expect(ids).not.toContain(hidden!._id);

    await feeds.update((current) => ({ ...current, channels: { ...current.channels, meta: { types: ["car"], leaveOutReserved: false } } }));
    const items = await itemsOf("meta");
    ids = items.map((item) => item.get("vehicle_id")![0]);
    expect(ids).toContain(reserved!._id);
    expect(ids).not.toContain(hidden!._id);
    expect(items.find((item) => item.get("vehicle_id")![0] === reserved!._id)!.get("availability")).toEqual(["PENDING"]);

    await feeds.update((current) => ({ ...current, channels: { ...current.channels, portal: { types: [], leaveOutReserved: true } } }));
    expect(await itemsOf("portal")).toEqual([]);
  });
});

describe("following the stock", () => {
  it("shows a price change in every feed without reading the stock again", async () => {
    for (const id of ["google", "meta", "portal"] as const) await feeds.document(id);
    const wholeReads = vi.spyOn(store, "snapshot");
    const record = stock.find((candidate) => candidate.vehicle.vehicleType === "car" && candidate.media.images.length > 0)!;
    const cut = {
      ...record,
      adverts: { retailAdverts: { ...record.adverts.retailAdverts, totalPrice: { amountGBP: 1234 } } },
    };
    await store.applyChange(upsert(cut));
    const price = (item: Map<string, string[]> | undefined, name: string) => item?.get(name)?.[0];
    const find = (items: Map<string, string[]>[], name: string) => items.find((item) => item.get(name)?.[0] === record._id);
    expect(price(find(await itemsOf("google"), "g:id"), "g:price")).toBe("1234.00 GBP");
    expect(price(find(await itemsOf("meta"), "vehicle_id"), "price")).toBe("1234.00 GBP");
    expect(price(find(await itemsOf("portal"), "Vehicle_Id"), "Price")).toBe("1234");
    expect(wholeReads).not.toHaveBeenCalled();

    await store.applyChange({ records: [], mode: "upsert", removeIds: [record._id] });
    expect(find(await itemsOf("google"), "g:id")).toBeUndefined();
  });
});
