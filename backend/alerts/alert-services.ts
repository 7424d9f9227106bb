import { randomBytes } from "node:crypto";
import type { Dealer } from "../../domain/dealer";
import { textKey } from "../../domain/filters";
import { showroomMoment } from "../../domain/opening-hours";
import { parseSearchRequest } from "../../domain/parse-search-request";
import {
  ALERT_FREQUENCY_NAMES,
  describeSearch,
  PRICE_ALERT_CONSENT,
  savedQueryOf,
  savedSearchPath,
  SEARCH_ALERT_CONSENT,
  type AlertFrequency,
} from "../../domain/search-alerts";
import { saveAlertSchema } from "../../domain/search-alert-form";
import type { SearchRequest } from "../../domain/search-request";
import type { VehicleRecord } from "../../domain/vehicle";
import { VEHICLE_ID_PATTERN } from "../../domain/vehicle-id";
import { VEHICLE_TYPES, type VehicleType } from "../../domain/vehicle-types";
import { branchPlacesOf } from "../branches/branch-places";
import type { Catalogue } from "../catalogue";
import { buyerLocation, UnknownPostcodeError } from "../geo/buyer-location";
import { publicOrigin, type Config } from "../config";
import type { Logger } from "../logger";
import type { OutgoingMail, MailOutbox } from "../mail/mail-outbox";
import { vehicleText } from "../mail/mail-notices";
import { recipientKeyOf } from "../mail/recipient-key";
import type { LoneRounds } from "../store/lone-rounds";
import type { VehicleStore } from "../store/vehicle-store";
import { demandKeyOf } from "./alert-demand";
import { linkUrl, readLink, type AlertLink } from "./alert-links";
import { alertConfirmation, type AlertMailContext } from "./alert-mail";
import { AlertRounds, type AlertPost, type AlertRoundSettings } from "./alert-rounds";
import type { AlertStatus, AlertStore, DemandRow, SavedSearch } from "./alert-store";

/** The alerts one address may keep: enough for any buyer, too few to fill the store from one form. */
export const MOST_SEARCHES_PER_ADDRESS = 25;

export type AlertSettings = Pick<
  Config,
  | "ALERT_MAILS_PER_DAY"
  | "ALERT_DIGEST_HOUR"
  | "ALERT_IDLE_MONTHS"
  | "ALERT_CONFIRM_DAYS"
  | "DEALER_CONFIG"
  | "MAIL_CONFIRMATIONS_PER_DAY"
  | "SITE_URL"
  | "HOST"
  | "PORT"
>;

/** What saving a search came to: the confirmation was sent (or held back by the day's cap on e-mails to the address), or what to fix. */
export type SaveOutcome =
  | { ok: true; search: Pick<SavedSearch, "description" | "frequency" | "vehicleId">; confirmationSent: boolean }
  | { ok: false; errors: Partial<Record<string, string>>; unavailable?: true };

/** A buyer's alerts, as the page their signed link opens lists them. */
export interface AlertList {
  /** The signed token the page's forms send back. */
  token: string;
  searches: Pick<SavedSearch, "id" | "description" | "frequency" | "status" | "type" | "query" | "vehicleId" | "createdAt">[];
}

/** What the public pages and the staff area ask of alerts. */
export interface Alerts {
  /** False when no SMTP server is set: nothing could be sent. */
  readonly sending: boolean;
  save(form: Record<string, unknown>): Promise<SaveOutcome>;
  /** What a search or a vehicle's watch would be saved as, for the form's own page: its type, query and words; undefined when it cannot be read. */
  describe(
    wanted: { type: string | null; query: string | null } | { vehicleId: string },
  ): Promise<Pick<SavedSearch, "type" | "query" | "description"> | undefined>;
  /** The search a confirmation link names, started now (again, harmlessly, if it was); undefined for a link that is not one or a search gone. */
  confirm(
    token: string | null,
  ): Promise<(Pick<SavedSearch, "description" | "frequency" | "type" | "query"> & { manage: string }) | undefined>;
  /** The search a confirmation link names, as its page shows it before the buyer confirms. */
  toConfirm(token: string | null): Promise<Pick<SavedSearch, "description" | "status"> | undefined>;
  /** Every alert of the address a manage link was made for. */
  list(token: string | null): Promise<AlertList | undefined>;
  /** Pauses, resumes or changes how often one alert of that address is sent; false when it is not theirs or gone. */
  change(token: string | null, searchId: string, change: { status?: "active" | "paused"; frequency?: AlertFrequency }): Promise<boolean>;
  /** Deletes one alert of that address, or all of them; how many went. */
  remove(token: string | null, which: string | "all"): Promise<number>;
  /** Ends the alerts an unsubscribe link names: how many went, and a manage token for the rest (undefined for a link that is not one). */
  unsubscribe(token: string | null): Promise<{ removed: number; manage?: string } | undefined>;
  /** Where a link in an alert leads, noting its searches are still wanted; undefined for a link that is not one. */
  open(token: string | null): Promise<string | undefined>;
  /** Everything held about one address: its saved searches and the alerts and confirmations queued to it. */
  erase(email: string): Promise<{ searches: number; mails: number }>;
  /** What buyers are waiting for, counted without addresses. */
  demand(): Promise<DemandRow[]>;
}

export interface AlertServices extends Alerts {
  rounds: AlertRounds;
  start(): void;
  stop(): Promise<void>;
}

interface AlertDependencies {
  store: AlertStore;
  outbox: MailOutbox;
  /** Whether mail is sent, and the sender nudged when something is queued. */
  mail: { sending: boolean; sendSoon(): void };
  catalogue: Pick<Catalogue, "get" | "search" | "sold" | "similarTo">;
  vehicles: Pick<VehicleStore, "stockPosition" | "changesSince" | "scan" | "snapshot" | "watch" | "getMany">;
  rounds: LoneRounds;
  /** The dealer's details as last published from the staff area, asked for each round's e-mails. */
  dealer: () => Dealer;
  settings: AlertSettings;
  logger: Pick<Logger, "info" | "warn">;
  /** What "now" is for saving, confirming and each round: the clock, unless a test moves through days. */
  clock?: () => Date;
}

/**
 * Saved searches and their alerts as the site wires them: saving (double opt-in), the
 * buyer's signed links (confirm, manage, unsubscribe, open), erasure, the demand the stock
 * console shows, and the rounds that work out and send the alerts (alert-rounds.ts).
 */
export function alertServices({
  store,
  outbox,
  mail,
  catalogue,
  vehicles,
  rounds,
  dealer,
  settings,
  logger,
  clock = () => new Date(),
}: AlertDependencies): AlertServices {
  const siteOrigin = publicOrigin(settings);
  const context = async (): Promise<AlertMailContext> => {
    const secret = await store.secret();
    return { dealer: dealer(), siteOrigin, link: (link: AlertLink) => linkUrl(siteOrigin, secret, link) };
  };
  // Due at once by the wall clock, whatever day the alerts' clock says it is.
  const queue = async (message: OutgoingMail) => {
    if (await outbox.enqueue(message, new Date())) mail.sendSoon();
  };
  const alertRounds = new AlertRounds(
    store,
    vehicles,
    {
      getMany: (ids) => vehicles.getMany(ids),
      sold: (id) => catalogue.sold(id),
      similarTo: (like) => catalogue.similarTo(like),
      places: branchPlacesOf(settings),
    },
    outboxPost(outbox, settings.ALERT_MAILS_PER_DAY, mail.sendSoon),
    context,
    settings satisfies AlertRoundSettings,
    logger,
    rounds,
    clock,
  );
  const linked = async <A extends AlertLink["action"]>(token: string | null, action: A) => readLink(await store.secret(), token, action);
  const manageToken = async (recipient: string) => (await context()).link({ action: "manage", recipient }).split("?t=")[1]!;
  /** The searches a manage link may touch: its address's own. */
  const own = async (token: string | null, searchId: string) => {
    const link = await linked(token, "manage");
    const search = link && (await store.get(searchId));
    return search && search.recipient === link.recipient ? search : undefined;
  };

  return {
    sending: mail.sending,
    rounds: alertRounds,
    async save(form) {
      const parsed = saveAlertSchema.safeParse(form);
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[String(issue.path[0] ?? "form")] ??= issue.message;
        return { ok: false, errors };
      }
      if (!mail.sending) return { ok: false, unavailable: true, errors: { email: "Sorry, we can't send e-mail alerts just now." } };
      const { email, frequency, type, query, vehicleId, page } = parsed.data;
      const what = vehicleId ? await watchedVehicle(catalogue, vehicleId) : await searchOf(catalogue, type, query);
      if (!what || "problem" in what)
        return {
          ok: false,
          errors: {
            [vehicleId ? "vehicleId" : "query"]: vehicleId
              ? "That vehicle is no longer for sale"
              : (what?.problem ?? "That search could not be read"),
          },
        };
      const secret = await store.secret();
      const recipient = recipientKeyOf(secret, email);
      const theirs = await store.ofRecipient(recipient);
      const same = theirs.find((search) => search.type === what.type && search.query === what.query && search.vehicleId === vehicleId);
      const now = clock();
      if (!same && theirs.length >= MOST_SEARCHES_PER_ADDRESS) {
        return {
          ok: false,
          errors: { email: `That address has ${MOST_SEARCHES_PER_ADDRESS} alerts, the most we keep: delete one first.` },
        };
      }
      const search: SavedSearch = same ?? {
        id: randomBytes(12).toString("hex"),
        email,
        recipient,
        ...what,
        ...(vehicleId ? { vehicleId } : {}),
        frequency: vehicleId ? "immediate" : frequency,
        status: "unconfirmed",
        consent: { text: vehicleId ? PRICE_ALERT_CONSENT : SEARCH_ALERT_CONSENT, page: page ?? savedSearchPath(what), givenAt: now },
        createdAt: now,
        lastActiveAt: now,
        sent: [],
        pending: [],
      };
      if (!same) await store.add(search);
      // Saved again while already confirmed: nothing to confirm, and nothing said to whoever typed the address.
      if (same && same.status !== "unconfirmed") return { ok: true, search, confirmationSent: false };
      const confirmation = alertConfirmation(await context(), search);
      const { admitted, recipient: counted } = await outbox.admit(
        confirmation.id,
        email,
        { day: showroomMoment(now).date, most: settings.MAIL_CONFIRMATIONS_PER_DAY },
        now,
      );
      if (admitted) await queue(confirmation);
      else logger.info({ searchId: search.id, recipient: counted }, "No confirmation sent: its address has had the day's");
      logger.info(
        { searchId: search.id, recipient, frequency: search.frequency, watch: vehicleId !== undefined },
        "Search saved; awaiting confirmation",
      );
      return { ok: true, search, confirmationSent: admitted };
    },
    async describe(wanted) {
      if ("vehicleId" in wanted) return VEHICLE_ID_PATTERN.test(wanted.vehicleId) ? watchedVehicle(catalogue, wanted.vehicleId) : undefined;
      const type = VEHICLE_TYPES.find((candidate) => candidate === wanted.type);
      const what = type && (await searchOf(catalogue, type, wanted.query ?? ""));
      return what && !("problem" in what) ? what : undefined;
    },
    async toConfirm(token) {
      const link = await linked(token, "confirm");
      const search = link && (await store.get(link.searchId));
      return search && { description: search.description, status: search.status };
    },
    async confirm(token) {
      const link = await linked(token, "confirm");
      const search = link && (await store.get(link.searchId));
      if (!search) return undefined;
      const now = clock();
      if (search.status === "unconfirmed") {
        await store.change(search.id, { status: "active", confirmedAt: now, lastActiveAt: now });
        logger.info({ searchId: search.id, recipient: search.recipient }, "Saved search confirmed");
      }
      return {
        description: search.description,
        frequency: search.frequency,
        type: search.type,
        query: search.query,
        manage: await manageToken(search.recipient),
      };
    },
    async list(token) {
      const link = await linked(token, "manage");
      if (!link) return undefined;
      const searches = (await store.ofRecipient(link.recipient)).map(
        ({ id, description, frequency, status, type, query, vehicleId, createdAt }) => ({
          id,
          description,
          frequency,
          status,
          type,
          query,
          ...(vehicleId ? { vehicleId } : {}),
          createdAt,
        }),
      );
      return { token: token!, searches };
    },
    async change(token, searchId, { status, frequency }) {
      const search = await own(token, searchId);
      if (!search) return false;
      const now = clock();
      const nextStatus: AlertStatus | undefined = status && search.status !== "unconfirmed" ? status : undefined;
      await store.change(search.id, {
        ...(nextStatus ? { status: nextStatus } : {}),
        ...(frequency && ALERT_FREQUENCY_NAMES.includes(frequency) && !search.vehicleId ? { frequency } : {}),
        lastActiveAt: now,
      });
      return true;
    },
    async remove(token, which) {
      const link = await linked(token, "manage");
      if (!link) return 0;
      if (which === "all") return store.removeRecipient(link.recipient);
      const search = await own(token, which);
      return search ? store.remove([search.id]) : 0;
    },
    async unsubscribe(token) {
      const link = await linked(token, "unsubscribe");
      if (!link) return undefined;
      const [first] = (await Promise.all(link.searchIds.map((id) => store.get(id)))).filter((search) => search !== undefined);
      const removed = await store.remove(link.searchIds);
      if (removed > 0) logger.info({ searches: removed, recipient: first?.recipient }, "Unsubscribed from alerts");
      return { removed, ...(first ? { manage: await manageToken(first.recipient) } : {}) };
    },
    async open(token) {
      const link = await linked(token, "open");
      if (!link) return undefined;
      await store.touch(link.searchIds, clock());
      if (link.vehicleId) return `/vehicles/${encodeURIComponent(link.vehicleId)}`;
      const search = await store.get(link.searchIds[0]!);
      return search ? savedSearchPath(search) : "/";
    },
    async erase(email) {
      const recipient = recipientKeyOf(await store.secret(), email);
      const searches = await store.removeRecipient(recipient);
      const mails = await outbox.deleteUnsentTo(email);
      return { searches, mails };
    },
    demand: () => store.demand(),
    start() {
      alertRounds.start();
    },
    stop: () => alertRounds.stop(),
  };
}

/** A round's e-mails into the mail outbox: admitted against each address's allowance of alerts a day, the admitted queued at once. */
export function outboxPost(outbox: MailOutbox, mostPerDay: number, queued: () => void): AlertPost {
  return {
    async send(messages, day, now) {
      const admissions = await outbox.admitAll(
        messages.map(({ id, to }) => ({ mailId: id, to })),
        { day, most: mostPerDay, allowance: "alerts" },
        now,
      );
      const admitted = messages.filter((_, index) => admissions[index]!.admitted);
      // Due at once by the wall clock, whatever day the alerts' clock says it is.
      if ((await outbox.enqueueAll(admitted, new Date())).some(Boolean)) queued();
      return admissions.map((admission) => admission.admitted);
    },
  };
}

/**
 * What a saved search of the page's filters keeps: its canonical query (the area as an
 * outward code alone), its words, and what it is counted and indexed under; or why it
 * cannot be kept (a postcode the site cannot measure from).
 */
async function searchOf(catalogue: Pick<Catalogue, "search">, type: VehicleType, query: string) {
  const parsed = parseSearchRequest(new URLSearchParams(query));
  if (!parsed.ok) return undefined;
  const request: SearchRequest = { ...parsed.value, page: 1, pageSize: 1 };
  if (request.postcode) {
    try {
      buyerLocation(request.postcode);
    } catch (error) {
      if (!(error instanceof UnknownPostcodeError)) throw error;
      return { problem: error.message };
    }
  }
  // The options spell each make and model as the stock does: "ford" saved from an address reads "Ford".
  const { options } = await catalogue.search(type, request, true);
  const spelled = (name: "make" | "model") => {
    const value = request.filters[name];
    return value && (options[name]?.find((option) => textKey(option.value) === textKey(value))?.value ?? value);
  };
  const filters = {
    ...request.filters,
    ...(request.filters.make ? { make: spelled("make") } : {}),
    ...(request.filters.model ? { model: spelled("model") } : {}),
  };
  return {
    type,
    query: savedQueryOf({ ...request, filters }),
    description: describeSearch(type, { ...request, filters }, options),
    makeKey: filters.make ? textKey(filters.make) : "",
    ...demandKeyOf(filters),
  };
}

/** A vehicle watched for a price drop: found as its make and model, described by name, counted in the price band of its price. */
async function watchedVehicle(catalogue: Pick<Catalogue, "get">, vehicleId: string) {
  const record: VehicleRecord | undefined = await catalogue.get(vehicleId);
  if (!record) return undefined;
  const { vehicleType: type, make, model, derivative, registration } = record.vehicle;
  const filters = { make, model };
  return {
    type,
    query: savedQueryOf({ filters, sort: "relevance" }),
    description: vehicleText({ id: record._id, inStock: true, make, model, derivative, registration }),
    makeKey: textKey(make),
    ...demandKeyOf(filters, record.adverts.retailAdverts.totalPrice.amountGBP),
  };
}
