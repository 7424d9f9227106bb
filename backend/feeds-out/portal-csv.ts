import { csvCell, WEB_ADDRESS, type ChannelAttribute, type OutgoingChannel } from "./channel";

/**
 * A portal's stock import: one CSV of vehicles, in the columns UK listing portals read from
 * dealers' stock systems, after Carsnip's published vehicle file
 * (help.carsnip.com, "How to format your stock feed"), with the dealer's own columns
 * (its id, name and postcode) on every row rather than in a second file. Carsnip also lists
 * a CAP id, a data supplier's code the site does not hold: the column is sent empty, for the
 * portal to match the vehicle by its registration.
 */

const ATTRIBUTES: readonly ChannelAttribute[] = [
  { name: "Feed_Id", label: "Store code", required: true, value: (_v, site) => site.storeCode },
  { name: "Vehicle_Id", label: "Id", required: true, value: (v) => v.id },
  { name: "Cap_Id", label: "CAP id", required: false, value: () => undefined },
  { name: "Make", label: "Make", required: true, value: (v) => v.make },
  { name: "Model", label: "Model", required: true, value: (v) => v.model },
  { name: "Variant", label: "Derivative", required: true, value: (v) => v.derivative },
  {
    name: "Year",
    label: "Year",
    required: true,
    format: { pattern: /^\d{4}$/, words: "a four-figure year" },
    value: (v) => v.year?.toString(),
  },
  {
    name: "Price",
    label: "Price",
    required: true,
    format: { pattern: /^(?!0+(\.0+)?$)\d+(\.\d{2})?$/, words: "pounds more than 0, like 12995" },
    value: (v) => (Number.isInteger(v.price) ? v.price.toString() : v.price.toFixed(2)),
  },
  { name: "FullRegistration", label: "Registration", required: true, value: (v) => v.registration?.replace(/\s+/g, "") },
  {
    name: "Mileage",
    label: "Mileage",
    required: true,
    format: { pattern: /^\d+$/, words: "whole miles" },
    value: (v) => v.mileage?.toString(),
  },
  // Comma-separated in one cell, as the portal reads it.
  {
    name: "PictureRefs",
    label: "Photo",
    required: true,
    format: { pattern: /^https?:\/\/[^\s,]+$/, words: "a web address without a comma" },
    maxValues: 100,
    value: (v) => v.images,
  },
  { name: "Vehicle_URL", label: "Page address", required: true, format: WEB_ADDRESS, value: (v) => v.link },
  { name: "Colour", label: "Colour", required: false, value: (v) => v.colour },
  { name: "FuelType", label: "Fuel", required: false, value: (v) => v.fuelType },
  { name: "BodyType", label: "Body type", required: false, value: (v) => v.bodyType },
  { name: "Transmission", label: "Gearbox", required: false, value: (v) => v.transmission },
  { name: "Doors", label: "Doors", required: false, value: (v) => v.doors?.toString() },
  { name: "EngineSize", label: "Engine size", required: false, value: (v) => v.engineSize?.toFixed(1) },
  { name: "NewUsed", label: "Condition", required: true, allowed: ["New", "Used"], value: (v) => (v.condition === "new" ? "New" : "Used") },
  { name: "Description", label: "Description", required: false, value: (v) => v.description },
  { name: "DealerName", label: "Dealer name", required: true, value: (_v, site) => site.dealer.name },
  { name: "Postcode", label: "Dealer postcode", required: true, value: (_v, site) => site.dealer.address.postcode },
];

export const PORTAL_CSV: OutgoingChannel = {
  id: "portal",
  name: "Portal CSV",
  fileName: "portal-stock.csv",
  contentType: "text/csv; charset=utf-8",
  source: "https://help.carsnip.com/hc/en-us/articles/115001367129-How-to-format-your-stock-feed",
  attributes: ATTRIBUTES,
  head: () => `${ATTRIBUTES.map(({ name }) => name).join(",")}\r\n`,
  tail: "",
  item: (values) => `${ATTRIBUTES.map(({ name }) => csvCell((values.get(name) ?? []).join(","))).join(",")}\r\n`,
};
