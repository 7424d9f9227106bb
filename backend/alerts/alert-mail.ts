import { FINANCE_TERMS, formatApr, monthlyPriceFrom, REPRESENTATIVE_EXAMPLE } from "../../domain/finance";
import { formatMiles, formatPounds, formatPoundsAndPence } from "../../domain/format";
import { savedSearchPath } from "../../domain/search-alerts";
import type { VehicleRecord } from "../../domain/vehicle";
import { VEHICLE_NOUNS } from "../../domain/vehicle-types";
import { renderMail, type MailBlock, type MailFact } from "../mail/mail-layout";
import type { MailContext } from "../mail/mail-notices";
import { vehicleText } from "../mail/mail-notices";
import type { OutgoingMail } from "../mail/mail-outbox";
import { mainPhotoOf } from "../mail/mail-services";
import type { SoldVehicle } from "../store/vehicle-store";
import type { AlertLink } from "./alert-links";
import type { AlertEntry, SavedSearch } from "./alert-store";

/**
 * The e-mails buyers get about their saved searches, written here and nowhere else: the
 * confirmation that starts an alert (double opt-in), the alerts themselves (new matches and
 * price drops, as they come or once a day), a watched vehicle's sale with similar ones, and
 * the notice that an alert nobody opened for months has ended. Every vehicle is shown with
 * its photo, price, monthly price and link, and the representative example beside them;
 * every alert has a link to manage every alert and one that unsubscribes at one click.
 */

/** Vehicles an e-mail shows for one search, new ones first; the rest are counted, and its link shows them all. */
export const MOST_LISTED = 6;

export interface AlertMailContext extends MailContext {
  /** The whole, signed address of a link for the buyer (alert-links.ts). */
  link(link: AlertLink): string;
}

/** A vehicle an alert tells of, as it is now. */
export interface AlertVehicle {
  entry: AlertEntry;
  record: VehicleRecord;
}

/** One search's part of an alert. */
export interface AlertSection {
  search: SavedSearch;
  vehicles: readonly AlertVehicle[];
}

/** What a buyer's saved search is called in an e-mail: the vehicle watched, or the search in words. */
function searchName(search: SavedSearch): string {
  return search.vehicleId ? `the price of the ${search.description}` : search.description;
}

/** To the address given when saving a search: the link that starts it. Nothing else is sent to it until that is followed. */
export function alertConfirmation(context: AlertMailContext, search: SavedSearch): OutgoingMail {
  const watching = search.vehicleId !== undefined;
  return {
    id: `alert-confirm-${search.id}`,
    to: search.email,
    ...renderMail(context.dealer, {
      subject: watching ? `Confirm your price alert: ${search.description}` : `Confirm your search alert: ${search.description}`,
      heading: watching ? "Confirm your price alert" : "Confirm your search alert",
      blocks: [
        {
          paragraph: watching
            ? `You asked ${context.dealer.name} to e-mail you if the price of this vehicle drops, or when it sells:`
            : `You asked ${context.dealer.name} to e-mail you ${search.frequency === "daily" ? "once a day with" : "as soon as we have"} vehicles matching:`,
        },
        { paragraph: search.description },
        { link: { text: "Yes, send me these alerts", href: context.link({ action: "confirm", searchId: search.id }) } },
        {
          paragraph: "If it wasn't you, ignore this e-mail: nothing more will be sent to this address, and we delete it within a week.",
        },
      ],
    }),
  };
}

/** "£17,995 (was £18,995)" */
function priceText({ entry, record }: AlertVehicle): string {
  const now = formatPounds(record.adverts.retailAdverts.totalPrice.amountGBP);
  return entry.kind === "drop" && entry.wasGBP !== undefined ? `${now} (was ${formatPounds(entry.wasGBP)})` : now;
}

/** A vehicle as an e-mail shows it: its photo, name, price (and what it was), monthly price, year, mileage and fuel, and its link. */
function vehicleBlocks(context: AlertMailContext, vehicle: AlertVehicle, href: string): MailBlock[] {
  const { record } = vehicle;
  const { vehicle: details, adverts } = record;
  const name = vehicleText({ id: record._id, inStock: true, make: details.make, model: details.model, derivative: details.derivative });
  const photo = mainPhotoOf(record);
  const facts: MailFact[] = [
    ["Price", priceText(vehicle)],
    [
      "Monthly Prices From",
      `${formatPoundsAndPence(monthlyPriceFrom(adverts.retailAdverts.totalPrice.amountGBP, adverts.retailAdverts.vatStatus))} a month`,
    ],
  ];
  const summary = [
    details.yearOfManufacture,
    details.odometerReadingMiles !== undefined && formatMiles(details.odometerReadingMiles),
    details.fuelType,
    details.transmissionType,
  ].filter(Boolean);
  return [
    ...(photo ? [{ image: { src: `${context.siteOrigin}${photo.path}`, alt: name, href, width: photo.width } }] : []),
    { paragraph: vehicle.entry.kind === "drop" ? `Price reduced: ${name}` : name },
    { facts: summary.length > 0 ? [...facts, ["About it", summary.join(", ")] as MailFact] : facts },
    { link: { text: `See this ${VEHICLE_NOUNS[details.vehicleType].one}`, href } },
  ];
}

/** The representative example every finance advert shows (CONC 3.5.5R), as the pages word it, computed from the terms once. */
export const REPRESENTATIVE_EXAMPLE_TEXT = (() => {
  const example = REPRESENTATIVE_EXAMPLE;
  return (
    `Representative example: amount of credit ${formatPounds(example.amount)} over ${example.termMonths} months, ` +
    `deposit ${formatPounds(example.deposit)}, ${formatApr(example.apr)} APR representative (fixed). ` +
    `${example.termMonths} monthly payments of ${formatPoundsAndPence(example.monthlyPayment)}, ` +
    `option to purchase fee ${formatPounds(example.optionToPurchaseFee)}, total cost of credit ${formatPoundsAndPence(example.totalCostOfCredit)}, ` +
    `total amount repayable ${formatPoundsAndPence(example.totalAmountRepayable)}. Rates from ${formatApr(example.lowestApr)} APR. ` +
    `Monthly prices are hire purchase over ${FINANCE_TERMS.termMonths} months with no deposit, subject to status; 18s and over, UK residents only.`
  );
})();

function countText(count: number, one: string, many: string): string {
  return `${count} ${count === 1 ? one : many}`;
}

/** "2 new matches and 1 price drop" */
function tally(sections: readonly AlertSection[]): string {
  const entries = sections.flatMap(({ vehicles }) => vehicles.map(({ entry }) => entry.kind));
  const added = entries.filter((kind) => kind === "new").length;
  const dropped = entries.filter((kind) => kind === "drop").length;
  return [added > 0 && countText(added, "new match", "new matches"), dropped > 0 && countText(dropped, "price drop", "price drops")]
    .filter(Boolean)
    .join(" and ");
}

/**
 * The alert to one address: each of its searches with what was found for it, new matches
 * first. `id` names the round (or the day, for the digest), so the same alert is never sent
 * twice. One click on the unsubscribe link ends the searches it lists.
 */
export function alertMail(
  context: AlertMailContext,
  { id, to, recipient, sections, daily }: { id: string; to: string; recipient: string; sections: readonly AlertSection[]; daily: boolean },
): OutgoingMail {
  const searchIds = sections.map(({ search }) => search.id);
  const unsubscribe = context.link({ action: "unsubscribe", searchIds });
  const [only] = sections;
  const single = sections.length === 1 && only!.vehicles.length === 1 ? only!.vehicles[0] : undefined;
  const subject = single
    ? single.entry.kind === "drop"
      ? `Price drop: ${single.record.vehicle.make} ${single.record.vehicle.model}, now ${priceText(single)}`
      : `New match: ${single.record.vehicle.make} ${single.record.vehicle.model}, ${priceText(single)}`
    : `${daily ? "Today's alert: " : ""}${tally(sections)} for ${sections.length === 1 ? only!.search.description : "your saved searches"}`;
  const blocks: MailBlock[] = [];
  for (const { search, vehicles } of sections) {
    blocks.push({ subheading: searchName(search) });
    const ordered = [...vehicles].sort((a, b) => (a.entry.kind === b.entry.kind ? 0 : a.entry.kind === "new" ? -1 : 1));
    for (const vehicle of ordered.slice(0, MOST_LISTED)) {
      blocks.push(
        ...vehicleBlocks(context, vehicle, context.link({ action: "open", searchIds: [search.id], vehicleId: vehicle.record._id })),
      );
    }
    if (ordered.length > MOST_LISTED) blocks.push({ paragraph: `And ${ordered.length - MOST_LISTED} more.` });
    if (!search.vehicleId) {
      blocks.push({
        link: { text: "See everything that matches this search", href: context.link({ action: "open", searchIds: [search.id] }) },
      });
    }
  }
  blocks.push(
    { paragraph: REPRESENTATIVE_EXAMPLE_TEXT },
    { link: { text: "Pause, change or delete your alerts", href: context.link({ action: "manage", recipient }) } },
    { link: { text: sections.length === 1 ? "Unsubscribe from this alert" : "Unsubscribe from these alerts", href: unsubscribe } },
  );
  return {
    id,
    to,
    listUnsubscribe: unsubscribe,
    ...renderMail(context.dealer, { subject, heading: daily ? "Today's matches for your saved searches" : tally(sections), blocks }),
  };
}

/** A watched vehicle has sold: said once, with the vehicles most like it in stock now. The watch ends with it. */
export function soldMail(
  context: AlertMailContext,
  {
    search,
    sold,
    similar,
  }: { search: SavedSearch; sold: Pick<SoldVehicle, "make" | "model" | "derivative">; similar: readonly VehicleRecord[] },
): OutgoingMail {
  const name = vehicleText({ id: search.vehicleId ?? "", inStock: false, make: sold.make, model: sold.model, derivative: sold.derivative });
  const blocks: MailBlock[] = [
    { paragraph: `The ${name} you were watching has been sold, so this alert has ended.` },
    ...(similar.length > 0
      ? [
          { subheading: "Similar ones in stock now" },
          ...similar.flatMap((record) =>
            vehicleBlocks(
              context,
              {
                entry: {
                  vehicleId: record._id,
                  kind: "new",
                  priceGBP: record.adverts.retailAdverts.totalPrice.amountGBP,
                  foundAt: new Date(0),
                },
                record,
              },
              context.link({ action: "open", searchIds: [search.id], vehicleId: record._id }),
            ),
          ),
          { paragraph: REPRESENTATIVE_EXAMPLE_TEXT },
        ]
      : []),
    { link: { text: "Set up an alert for ones like it", href: `${context.siteOrigin}${savedSearchPath(search)}` } },
    { link: { text: "Pause, change or delete your alerts", href: context.link({ action: "manage", recipient: search.recipient }) } },
  ];
  const unsubscribe = context.link({ action: "unsubscribe", searchIds: [search.id] });
  return {
    id: `alert-sold-${search.id}`,
    to: search.email,
    listUnsubscribe: unsubscribe,
    ...renderMail(context.dealer, {
      subject: `Sold: ${sold.make} ${sold.model}. Here are similar ones`,
      heading: "This vehicle has been sold",
      blocks,
    }),
  };
}

/** Alerts nobody opened for months have ended: one e-mail saying so, with a link to start each again. */
export function endedMail(
  context: AlertMailContext,
  { id, to, searches, idleMonths }: { id: string; to: string; searches: readonly SavedSearch[]; idleMonths: number },
): OutgoingMail {
  const alerts = searches.length === 1 ? "Your alert has" : `Your ${searches.length} alerts have`;
  return {
    id,
    to,
    ...renderMail(context.dealer, {
      subject: `${alerts} ended`,
      heading: `${alerts} ended`,
      blocks: [
        {
          paragraph:
            `You haven't opened a link in our alerts for ${idleMonths} months, so we have stopped them and deleted your saved ` +
            `${searches.length === 1 ? "search" : "searches"}. Nothing more will be sent. If you're still looking, start again here:`,
        },
        { entries: searches.map((search) => ({ text: search.description, href: `${context.siteOrigin}${savedSearchPath(search)}` })) },
      ],
    }),
  };
}
