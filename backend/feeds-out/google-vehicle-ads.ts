import { postalAddress } from "../../domain/dealer-address";
import { priceWithCurrency, WEB_ADDRESS, xmlText, type OutgoingChannel } from "./channel";

/**
 * Google's vehicle ads (Merchant Center): an XML (RSS 2.0) primary feed, one item per car,
 * each attribute in Google's namespace. Attributes and rules after Google's vehicle ads
 * primary feed and attribute pages (support.google.com/merchants/answer/11192663 and the
 * pages it links); Google takes non-commercial passenger vehicles only, so vans and trucks
 * are left out. A VIN is optional for ads in the United Kingdom, and the stock holds none.
 */

const BODY_STYLES: Record<string, string> = {
  Convertible: "convertible",
  Coupe: "coupe",
  Hatchback: "hatchback",
  MPV: "minivan",
  Saloon: "sedan",
  Estate: "station wagon",
  SUV: "suv",
  "Double Cab": "truck",
};
const ENGINES: Record<string, string> = {
  Petrol: "gasoline",
  Diesel: "diesel",
  Electric: "electric",
  Hybrid: "hybrid",
  "Plug-in Hybrid": "plug-in_hybrid",
};

export const GOOGLE_VEHICLE_ADS: OutgoingChannel = {
  id: "google",
  name: "Google vehicle ads",
  fileName: "google-vehicle-ads.xml",
  contentType: "application/xml; charset=utf-8",
  source: "https://support.google.com/merchants/answer/11192663",
  attributes: [
    { name: "id", label: "Id", required: true, maxLength: 50, value: (v) => v.id },
    { name: "title", label: "Title", required: true, maxLength: 150, value: (v) => v.title },
    { name: "description", label: "Description", required: true, maxLength: 5000, value: (v) => v.description },
    { name: "link", label: "Page address", required: true, format: WEB_ADDRESS, value: (v) => v.link },
    { name: "image_link", label: "Photo", required: true, format: WEB_ADDRESS, value: (v) => v.images[0] },
    {
      name: "additional_image_link",
      label: "Further photo",
      required: false,
      format: WEB_ADDRESS,
      maxValues: 10,
      value: (v) => v.images.slice(1),
    },
    {
      name: "price",
      label: "Price",
      required: true,
      format: { pattern: /^(?!0+\.00 )\d+\.\d{2} GBP$/, words: "more than £0, written like 12995.00 GBP" },
      value: (v) => priceWithCurrency(v.price),
    },
    { name: "condition", label: "Condition", required: true, allowed: ["new", "used"], value: (v) => v.condition },
    { name: "google_product_category", label: "Google category", required: true, value: () => "916" },
    { name: "brand", label: "Make", required: true, maxLength: 70, value: (v) => v.make },
    { name: "model", label: "Model", required: true, maxLength: 150, value: (v) => v.model },
    { name: "trim", label: "Derivative", required: false, maxLength: 150, value: (v) => v.derivative },
    {
      name: "year",
      label: "Year",
      required: true,
      format: { pattern: /^\d{4}$/, words: "a four-figure year" },
      value: (v) => v.year?.toString(),
    },
    {
      name: "mileage",
      label: "Mileage",
      required: true,
      format: { pattern: /^\d+ miles$/, words: "whole miles with the unit, like 24000 miles" },
      value: (v) => (v.mileage === undefined ? undefined : `${v.mileage} miles`),
    },
    { name: "color", label: "Colour", required: true, maxLength: 100, value: (v) => v.colour },
    {
      name: "body_style",
      label: "Body type",
      required: false,
      allowed: Object.values(BODY_STYLES),
      value: (v) => v.bodyType && BODY_STYLES[v.bodyType],
    },
    { name: "engine", label: "Fuel", required: false, allowed: Object.values(ENGINES), value: (v) => v.fuelType && ENGINES[v.fuelType] },
    {
      name: "co2_emissions",
      label: "CO2 emissions",
      required: false,
      format: { pattern: /^\d+(\.\d+)? g\/km$/, words: "grams per kilometre, like 105 g/km" },
      value: (v) => (v.co2Emissions === undefined ? undefined : `${v.co2Emissions} g/km`),
    },
    { name: "store_code", label: "Store code", required: true, maxLength: 64, value: (_v, site) => site.storeCode },
  ],
  vehicleProblems: (vehicle) =>
    vehicle.type === "car" ? [] : [`Google vehicle ads take cars only, not a ${vehicle.type} (non-commercial passenger vehicles)`],
  head: (site) =>
    '<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0">\n<channel>\n' +
    `<title>${xmlText(site.dealer.name)}</title>\n<link>${xmlText(site.origin)}</link>\n` +
    `<description>${xmlText(`Vehicles for sale at ${postalAddress(site.dealer)}`)}</description>\n`,
  tail: "</channel>\n</rss>\n",
  item: (values) => {
    let text = "<item>";
    for (const [name, list] of values) for (const value of list) text += `<g:${name}>${xmlText(value)}</g:${name}>`;
    return `${text}</item>\n`;
  },
};
