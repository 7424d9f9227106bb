import { csvCell, priceWithCurrency, WEB_ADDRESS, type ChannelAttribute, type OutgoingChannel } from "./channel";

/**
 * Meta's automotive inventory catalogue (Facebook and Instagram ads, Marketplace where a
 * partner lists it): a CSV feed whose nested fields are flattened into columns named by
 * JSON path (`mileage.value`, `image[0].url`, `address.city`), as Meta's auto ads reference
 * describes (developers.facebook.com/docs/marketing-api/auto-ads/reference); the values of
 * its lists after the catalogue's vehicle fields (…/reference/product-catalog/vehicles).
 * Meta's field list also names a VIN, which a UK dealer's stock does not hold, so none is sent.
 */

const BODY_STYLES: Record<string, string> = {
  Convertible: "CONVERTIBLE",
  Coupe: "COUPE",
  Estate: "ESTATE",
  Hatchback: "HATCHBACK",
  MPV: "MPV",
  Saloon: "SALOON",
  SUV: "SUV",
  Minibus: "MINIBUS",
  "Double Cab": "PICKUP",
  "Panel Van": "VAN",
  "Crew Van": "VAN",
  Luton: "VAN",
  Box: "VAN",
  Dropside: "TRUCK",
  Tipper: "TRUCK",
  Flatbed: "TRUCK",
  Curtainsider: "TRUCK",
  "Chassis Cab": "TRUCK",
  "Tractor Unit": "TRUCK",
};
const FUEL_TYPES: Record<string, string> = {
  Petrol: "PETROL",
  Diesel: "DIESEL",
  Electric: "ELECTRIC",
  Hybrid: "HYBRID",
  "Plug-in Hybrid": "PLUGIN_HYBRID",
};
const TRANSMISSIONS: Record<string, string> = { Automatic: "AUTOMATIC", Manual: "MANUAL" };

/** Meta takes up to 20 photos a vehicle, each in its own column. */
const MAX_IMAGES = 20;

const ATTRIBUTES: readonly ChannelAttribute[] = [
  { name: "vehicle_id", label: "Id", required: true, maxLength: 100, value: (v) => v.id },
  { name: "title", label: "Title", required: true, value: (v) => v.title },
  { name: "description", label: "Description", required: true, maxLength: 5000, value: (v) => v.description },
  { name: "url", label: "Page address", required: true, format: WEB_ADDRESS, value: (v) => v.link },
  { name: "make", label: "Make", required: true, value: (v) => v.make },
  { name: "model", label: "Model", required: true, value: (v) => v.model },
  { name: "trim", label: "Derivative", required: false, value: (v) => v.derivative },
  {
    name: "year",
    label: "Year",
    required: true,
    format: { pattern: /^\d{4}$/, words: "a four-figure year" },
    value: (v) => v.year?.toString(),
  },
  {
    name: "mileage.value",
    label: "Mileage",
    required: true,
    format: { pattern: /^\d+$/, words: "whole miles" },
    value: (v) => v.mileage?.toString(),
  },
  { name: "mileage.unit", label: "Mileage unit", required: true, allowed: ["MI", "KM"], value: () => "MI" },
  { name: "image", label: "Photo", required: true, format: WEB_ADDRESS, maxValues: MAX_IMAGES, value: (v) => v.images },
  {
    name: "body_style",
    label: "Body type",
    required: true,
    allowed: [...new Set(Object.values(BODY_STYLES)), "OTHER"],
    value: (v) => v.bodyType && (BODY_STYLES[v.bodyType] ?? "OTHER"),
  },
  {
    name: "fuel_type",
    label: "Fuel",
    required: false,
    allowed: [...Object.values(FUEL_TYPES), "OTHER"],
    value: (v) => v.fuelType && (FUEL_TYPES[v.fuelType] ?? "OTHER"),
  },
  {
    name: "transmission",
    label: "Gearbox",
    required: false,
    allowed: [...Object.values(TRANSMISSIONS), "OTHER"],
    value: (v) => v.transmission && (TRANSMISSIONS[v.transmission] ?? "OTHER"),
  },
  { name: "exterior_color", label: "Colour", required: true, value: (v) => v.colour },
  { name: "state_of_vehicle", label: "Condition", required: true, allowed: ["NEW", "USED"], value: (v) => v.condition.toUpperCase() },
  {
    name: "price",
    label: "Price",
    required: true,
    format: { pattern: /^(?!0+\.00 )\d+\.\d{2} GBP$/, words: "more than £0, written like 12995.00 GBP" },
    value: (v) => priceWithCurrency(v.price),
  },
  // A reserved vehicle the dealer still advertises is shown as spoken for.
  {
    name: "availability",
    label: "Availability",
    required: false,
    allowed: ["AVAILABLE", "PENDING"],
    value: (v) => (v.reserved ? "PENDING" : "AVAILABLE"),
  },
  { name: "date_first_on_lot", label: "Date listed", required: false, value: (v) => v.listedOn },
  { name: "dealer_id", label: "Store code", required: false, value: (_v, site) => site.storeCode },
  { name: "dealer_name", label: "Dealer name", required: false, value: (_v, site) => site.dealer.name },
  { name: "dealer_phone", label: "Dealer phone", required: false, value: (_v, site) => site.dealer.phone },
  { name: "address.addr1", label: "Dealer address", required: true, value: (_v, site) => site.dealer.address.lines.join(", ") },
  { name: "address.city", label: "Dealer town", required: true, value: (_v, site) => site.dealer.address.town },
  { name: "address.region", label: "Dealer region", required: false, value: () => "" },
  { name: "address.postal_code", label: "Dealer postcode", required: true, value: (_v, site) => site.dealer.address.postcode },
  { name: "address.country", label: "Dealer country", required: true, value: () => "GB" },
];

/** The CSV's columns: each attribute's, with the photos spread over `image[0].url` … `image[19].url`. */
const COLUMNS: readonly { attribute: string; index: number; header: string }[] = ATTRIBUTES.flatMap(({ name }) =>
  name === "image"
    ? Array.from({ length: MAX_IMAGES }, (_, index) => ({ attribute: name, index, header: `image[${index}].url` }))
    : [{ attribute: name, index: 0, header: name }],
);

export const META_AUTOMOTIVE_CATALOGUE: OutgoingChannel = {
  id: "meta",
  name: "Meta automotive catalogue (Facebook and Instagram)",
  fileName: "meta-automotive-catalogue.csv",
  contentType: "text/csv; charset=utf-8",
  source: "https://developers.facebook.com/docs/marketing-api/auto-ads/reference",
  attributes: ATTRIBUTES,
  head: () => `${COLUMNS.map(({ header }) => header).join(",")}\r\n`,
  tail: "",
  item: (values) => `${COLUMNS.map(({ attribute, index }) => csvCell(values.get(attribute)?.[index] ?? "")).join(",")}\r\n`,
};
