import type { FeedSite, FeedVehicle } from "./feed-vehicle";

/**
 * An advertising channel the stock goes out to, described by the channel's own attribute
 * list: each attribute's name, whether the channel requires it, and the rules its value must
 * keep (a length, a list of values, a format). A vehicle whose values break a rule is left
 * out of that channel's feed, with the reasons in words for the stock console; the others are
 * written in the channel's format, one item each.
 */

export const CHANNEL_IDS = ["google", "meta", "portal"] as const;
export type ChannelId = (typeof CHANNEL_IDS)[number];

export type AttributeValue = string | readonly string[] | undefined;

export interface ChannelAttribute {
  /** The channel's name for it: "image_link", "mileage.value", "FullRegistration". */
  name: string;
  /** What staff call it, in a reason: "Photo", "Price". */
  label: string;
  required: boolean;
  value(vehicle: FeedVehicle, site: FeedSite): AttributeValue;
  maxLength?: number;
  /** The values the channel takes; a value outside them breaks the rule. */
  allowed?: readonly string[];
  /** The format a value must have, and how a reason says it. */
  format?: { pattern: RegExp; words: string };
  /** How many values a repeated attribute may hold; more are left out, not refused. */
  maxValues?: number;
}

export interface OutgoingChannel {
  id: ChannelId;
  /** "Google vehicle ads" */
  name: string;
  /** The file the feed is served as, and written to: "google-vehicle-ads.xml". */
  fileName: string;
  contentType: string;
  /** The published specification the attributes follow. */
  source: string;
  attributes: readonly ChannelAttribute[];
  /** Rules about the vehicle as a whole (a channel that takes only cars), as reasons. */
  vehicleProblems?(vehicle: FeedVehicle): string[];
  /** The document's start (an XML prologue, a CSV header) and end. */
  head(site: FeedSite): string;
  tail: string;
  /** One vehicle's item, from values that keep every rule. */
  item(values: ReadonlyMap<string, readonly string[]>): string;
}

/** A vehicle as one channel takes it: its item, or why it is left out. */
export type ChannelItem = { text: string } | { problems: string[] };

/** The vehicle's item for the channel, or every rule it breaks. */
export function channelItem(channel: OutgoingChannel, vehicle: FeedVehicle, site: FeedSite): ChannelItem {
  const problems = channel.vehicleProblems?.(vehicle) ?? [];
  const values = new Map<string, readonly string[]>();
  for (const attribute of channel.attributes) {
    const given = attribute.value(vehicle, site);
    const list = (given === undefined ? [] : typeof given === "string" ? [given] : given)
      .map((value) => value.trim())
      .filter((value) => value !== "")
      .slice(0, attribute.maxValues ?? 1);
    if (list.length === 0) {
      if (attribute.required) problems.push(`${attribute.label} is missing (${attribute.name})`);
      continue;
    }
    const broken = list.map((value) => brokenRule(attribute, value)).find((problem) => problem !== undefined);
    if (broken) problems.push(broken);
    else values.set(attribute.name, list);
  }
  return problems.length > 0 ? { problems } : { text: channel.item(values) };
}

function brokenRule(attribute: ChannelAttribute, value: string): string | undefined {
  const where = `(${attribute.name})`;
  if (attribute.maxLength !== undefined && [...value].length > attribute.maxLength) {
    return `${attribute.label} is longer than ${attribute.maxLength} characters ${where}`;
  }
  if (attribute.allowed && !attribute.allowed.includes(value)) {
    return `${attribute.label} "${value}" is not one of the channel's values ${where}`;
  }
  if (attribute.format && !attribute.format.pattern.test(value)) {
    return `${attribute.label} must be ${attribute.format.words}, not "${value}" ${where}`;
  }
  return undefined;
}

/** Characters XML 1.0 cannot hold at all (most control characters), dropped from any text written into it. */
const NOT_XML = /[^\u0009\u000a\u000d\u0020-\ud7ff\ue000-\ufffd\u{10000}-\u{10ffff}]/gu;

export function xmlText(value: string): string {
  return value.replace(NOT_XML, "").replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

/** One CSV cell as RFC 4180 writes it: quoted when it holds a comma, a quote or a line break. */
export function csvCell(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** "12995.00 GBP": a price as ISO 4217 channels take it. */
export function priceWithCurrency(pounds: number): string {
  return `${pounds.toFixed(2)} GBP`;
}

/** A https:// address (or http:// on a developer's machine), as channels fetch links and images. */
export const WEB_ADDRESS = { pattern: /^https?:\/\/[^\s]+$/, words: "a web address starting https://" };
