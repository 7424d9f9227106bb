import { describe, expect, it } from "vitest";
import { feedRecordId, registrationSchema, vehicleFeedRecordSchema } from "./vehicle";

const minimal = {
  vehicle: { vehicleType: "car", make: "Ford", model: "Focus" },
  adverts: { retailAdverts: { totalPrice: { amountGBP: 12495 } } },
};

describe("vehicleFeedRecordSchema", () => {
  it("needs only a type, make, model and price; blanks mean absent", () => {
    const parsed = vehicleFeedRecordSchema.parse({
      ...minimal,
      vehicle: { ...minimal.vehicle, derivative: "", colour: null, doors: 5 },
    });
    expect(parsed.vehicle).toEqual({ vehicleType: "car", make: "Ford", model: "Focus", doors: 5 });
    expect(parsed.media).toEqual({ images: [] });
  });

  it.each([
    ["an unknown type", { vehicle: { ...minimal.vehicle, vehicleType: "bus" } }, "vehicle.vehicleType"],
    ["a price of nothing", { adverts: { retailAdverts: { totalPrice: { amountGBP: 0 } } } }, "adverts.retailAdverts.totalPrice.amountGBP"],
    [
      "a fraction of a penny",
      { adverts: { retailAdverts: { totalPrice: { amountGBP: 10.005 } } } },
      "adverts.retailAdverts.totalPrice.amountGBP",
    ],
    [
      "a year in the future",
      { vehicle: { ...minimal.vehicle, yearOfManufacture: new Date().getUTCFullYear() + 2 } },
      "vehicle.yearOfManufacture",
    ],
    ["a script for an image", { media: { images: [{ href: "javascript:alert(1)" }] } }, "media.images.0.href"],
    ["an image on another site over http", { media: { images: [{ href: "http://example.com/a.jpg" }] } }, "media.images.0.href"],
    ["a protocol-relative image", { media: { images: [{ href: "//example.com/a.jpg" }] } }, "media.images.0.href"],
    ["another host behind a line break", { media: { images: [{ href: "/\n/evil.example/x.png" }] } }, "media.images.0.href"],
    ["another host behind a tab", { media: { images: [{ href: "/\t/evil.example/x.png" }] } }, "media.images.0.href"],
    ["another host behind a backslash", { media: { images: [{ href: "/\\evil.example/x.png" }] } }, "media.images.0.href"],
    ["a space inside an address", { media: { images: [{ href: "https://example.com/a b.jpg" }] } }, "media.images.0.href"],
    ["a control character", { media: { images: [{ href: "/media/\u0000x.svg" }] } }, "media.images.0.href"],
    ["an id with a slash", { _id: "a/b" }, "_id"],
  ])("rejects %s", (_label, change, path) => {
    const result = vehicleFeedRecordSchema.safeParse({ ...minimal, ...change });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => issue.path.join("."))).toContain(path);
  });

  it("accepts site paths and https addresses", () => {
    for (const href of ["/media/demo/hatchback/red/1.svg", "https://images.example.co.uk/stock/42/1.jpg?w=800"]) {
      expect(vehicleFeedRecordSchema.parse({ ...minimal, media: { images: [{ href }] } }).media.images).toEqual([{ href }]);
    }
  });
});

describe("registrationSchema", () => {
  it.each(["AB21 CDE", "ma19abc", "A123 BCD", "ABC 123D", "1 ABC", "ABZ 1234"])("accepts the UK plate %s", (plate) => {
    expect(registrationSchema.safeParse(plate).success).toBe(true);
  });

  it.each(["", "A", "AB21 CDEFG", "AB-21-CDE", "AB21  CDE"])("rejects %j", (plate) => {
    expect(registrationSchema.safeParse(plate).success).toBe(false);
  });
});

describe("feedRecordId", () => {
  it("uses the _id, else the registration without spaces", () => {
    expect(feedRecordId({ _id: "stock-42", vehicle: { registration: "AB21 CDE" } })).toBe("stock-42");
    expect(feedRecordId({ vehicle: { registration: "ab21 cde" } })).toBe("AB21CDE");
    expect(feedRecordId({ vehicle: {} })).toBeUndefined();
    expect(feedRecordId(null)).toBeUndefined();
    expect(feedRecordId("text")).toBeUndefined();
  });
});
