import { showroomMoment } from "../../domain/opening-hours";
import type { VehicleRecord } from "../../domain/vehicle";
import type { VehicleType } from "../../domain/vehicle-types";
import { eventLoopTurns } from "../event-loop-turns";
import type { Logger } from "../logger";
import type { OutgoingMail } from "../mail/mail-outbox";
import { FoldedRuns } from "../folded-runs";
import { MemoryLoneRounds, type LoneRounds } from "../store/lone-rounds";
import type { BranchPlaces } from "../branches/branch-places";
import type { SoldVehicle, VehicleStore } from "../store/vehicle-store";
import { alertMail, endedMail, soldMail, type AlertMailContext, type AlertSection, type AlertVehicle } from "./alert-mail";
import {
  MOST_SENT_KEPT,
  type AlertCursor,
  type AlertEntry,
  type AlertStore,
  type PriceSeen,
  type SavedSearch,
  type SearchProgress,
} from "./alert-store";
import { compileSearch, prepareVehicle, type PreparedVehicle, type SearchMatcher } from "./search-matcher";

/**
 * Alerts worked out from the stock's changes, as the stock table and the search indexes
 * follow them, not by running every saved search after every change: each round takes what
 * changed since the last (the store's change feed; the whole stock once per process, compared
 * with the prices the alerts last saw, so nothing that arrived while the site was down is
 * missed), finds the new arrivals and the price drops, and meets them only with the saved
 * searches of their type that name their make or none (AlertStore.candidates), each
 * compiled once into a few comparisons (search-matcher.ts). Arrivals go to searches
 * confirmed before they came, drops to any search they match and to the vehicle's watchers,
 * sales to the watchers.
 *
 * "As soon as one arrives" is sent at the end of the round, one e-mail per address listing
 * each of its searches' finds; "once a day" is kept until the day's digest, one e-mail per
 * address, at ALERT_DIGEST_HOUR. Each e-mail counts against the address's allowance of alerts
 * a day (the mail outbox's admit); past it, finds wait for the next day's digest. With
 * several instances one runs each round (a lease, LoneRounds), and every e-mail's id names
 * its round or day, so a round run again after a crash queues nothing twice. Logs name
 * searches by id and addresses by their keyed hash, never an address.
 */

export interface AlertRoundSettings {
  ALERT_MAILS_PER_DAY: number;
  ALERT_DIGEST_HOUR: number;
  ALERT_IDLE_MONTHS: number;
  ALERT_CONFIRM_DAYS: number;
}

/** What a round reads of the stock beyond its changes: records by id, a sold vehicle, the vehicles most like one, and where each stands. */
export interface AlertStock {
  getMany(ids: readonly string[]): Promise<VehicleRecord[]>;
  sold(id: string): Promise<Omit<SoldVehicle, "listing"> | undefined>;
  similarTo(like: Pick<SoldVehicle, "id" | "vehicleType" | "make" | "model" | "bodyType" | "priceGBP">): Promise<VehicleRecord[]>;
  /** The dealer's branches, placed as the search engines place them: what "within N miles" measures to. */
  places: BranchPlaces;
}

/** Where a round's e-mails go: admitted against their addresses' allowances, then queued. */
export interface AlertPost {
  /** Queues each message for which today's allowance of alerts to its address has room; true for each queued (or queued before). */
  send(mails: readonly OutgoingMail[], day: string, now: Date): Promise<boolean[]>;
}

/** What a round found for one vehicle. */
export type Finding =
  { kind: "arrival" | "drop"; vehicle: PreparedVehicle; was?: PriceSeen } | { kind: "sold"; id: string; was: PriceSeen };

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;
const MONTH_MS = 30.44 * DAY_MS;
/** Finds a search keeps waiting for its next e-mail; the e-mail links to the search for the rest. */
const MOST_PENDING = 50;
/** Compiled searches kept: one per distinct query, and most searches share theirs. */
const MOST_COMPILED = 200_000;

export class AlertRounds {
  /** Whether this process has compared the whole stock with the prices seen since it started. */
  private wholeRead = false;
  // Another instance running a round works out this change too: it hears of it as this one does.
  private readonly asked = new FoldedRuns(() =>
    this.rounds
      .runAlone(() => this.round())
      .then(() => undefined)
      .catch((error: unknown) =>
        this.logger.warn({ err: error }, "Could not work out the alerts; trying again at the next change or minute"),
      ),
  );
  private timer: NodeJS.Timeout | undefined;
  private stopWatching: (() => void) | undefined;
  private readonly compiled = new Map<string, SearchMatcher>();

  constructor(
    private readonly alerts: AlertStore,
    private readonly stock: Pick<VehicleStore, "stockPosition" | "changesSince" | "scan" | "snapshot" | "watch">,
    private readonly vehicles: AlertStock,
    private readonly post: AlertPost,
    private readonly context: () => Promise<AlertMailContext>,
    private readonly settings: AlertRoundSettings,
    private readonly logger: Pick<Logger, "info" | "warn">,
    private readonly rounds: LoneRounds = new MemoryLoneRounds(),
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** Runs a round after each stock change, and once a minute for the daily digest and sweeps. */
  start(): void {
    this.stopWatching = this.stock.watch(() => void this.nudge());
    this.timer = setInterval(() => void this.nudge(), MINUTE_MS).unref();
    void this.nudge();
  }

  async stop(): Promise<void> {
    this.stopWatching?.();
    clearInterval(this.timer);
    await this.asked.settled();
  }

  /** Runs a round now, or one more after the round under way; resolves when that has run. */
  nudge(): Promise<void> {
    return this.asked.run();
  }

  /** One round: what changed, what it means to whom, what goes now, and (once a day) the digest and the sweeps. */
  async round(): Promise<void> {
    const now = this.clock();
    const cursor = await this.alerts.cursor();
    const { position, findings, prices } = await this.changes(cursor, now);
    const round = (cursor?.round ?? 0) + 1;
    const progress = new Map<string, SearchProgress>();
    const found = await meetFindings(this.alerts, findings, now, (search) => this.compile(search));
    const context = await this.context();
    const { date, minutes } = showroomMoment(now);
    await this.sendNow(context, found, round, date, now, progress);
    let dayDone = cursor?.dayDone;
    if (dayDone !== date && minutes >= this.settings.ALERT_DIGEST_HOUR * 60) {
      await this.daily(context, date, now, found, progress);
      dayDone = date;
    }
    await this.alerts.recordRound({
      progress: [...progress.values()],
      prices,
      cursor: { position, round, ...(dayDone ? { dayDone } : {}) } satisfies AlertCursor,
    });
    if (findings.length > 0) {
      this.logger.info({ round, findings: findings.length, searches: found.size }, "Worked out the alerts for the stock's changes");
    }
  }

  /**
   * What changed since the cursor, and the prices to remember: from the change feed, or the
   * whole stock compared with every price seen (the first round of this process, or when the
   * store can no longer say). The very first round of all only notes the stock as it is.
   */
  private async changes(
    cursor: AlertCursor | undefined,
    now: Date,
  ): Promise<{ position: number; findings: Finding[]; prices: Map<string, PriceSeen | undefined> }> {
    if (this.wholeRead && cursor) {
      const since = await this.stock.changesSince(cursor.position);
      if (since.kind === "changes") {
        const upserts: VehicleRecord[] = [];
        for await (const record of since.upserts) upserts.push(record);
        const seen = await this.alerts.pricesOf([...upserts.map(({ _id }) => _id), ...since.removedIds]);
        return { position: since.position, ...findingsOf(upserts, since.removedIds, seen, now, false) };
      }
      this.logger.info(
        { reason: since.reason },
        "Comparing the whole stock with the alerts' prices: its changes can no longer be followed",
      );
    }
    // Read first: a change made while the stock is read is handed to the next round, which finds nothing new in it.
    const position = await this.stock.stockPosition();
    const seen = await this.alerts.allPrices();
    const records: VehicleRecord[] = [];
    const inStock = new Set<string>();
    const takeTurn = eventLoopTurns();
    for await (const record of (this.stock.snapshot?.() ?? this.stock).scan()) {
      inStock.add(record._id);
      const was = seen.get(record._id);
      if (!was || was.priceGBP !== priceOf(record)) records.push(record);
      await takeTurn();
    }
    const removed = [...seen.keys()].filter((id) => !inStock.has(id));
    this.wholeRead = true;
    return { position, ...findingsOf(records, removed, seen, now, cursor === undefined) };
  }

  private compile(search: SavedSearch): SearchMatcher {
    const key = `${search.type}?${search.query}`;
    let matcher = this.compiled.get(key);
    if (!matcher) {
      if (this.compiled.size >= MOST_COMPILED) this.compiled.clear();
      this.compiled.set(key, (matcher = compileSearch(search.type, search.query, this.vehicles.places)));
    }
    return matcher;
  }

  /**
   * What goes at the end of this round: for each address, its searches' finds sent "as soon
   * as one arrives" in one e-mail, and each watched vehicle's sale; finds for "once a day", or
   * past the day's allowance, are kept for the digest.
   */
  private async sendNow(
    context: AlertMailContext,
    found: Map<string, { search: SavedSearch; entries: AlertEntry[] }>,
    round: number,
    date: string,
    now: Date,
    progress: Map<string, SearchProgress>,
  ): Promise<void> {
    const immediate = new Map<string, { search: SavedSearch; entries: AlertEntry[] }[]>();
    for (const { search, entries } of found.values()) {
      const sold = entries.find(({ kind }) => kind === "sold");
      if (sold && search.vehicleId) {
        await this.tellSold(context, search, sold, date, now);
        continue;
      }
      const pending = mergedEntries(search.pending, entries);
      if (search.frequency === "daily") {
        progress.set(search.id, { id: search.id, sent: search.sent, pending });
        continue;
      }
      push(immediate, search.recipient, { search, entries: pending });
    }
    const batches = [...immediate].map(([recipient, searches]) => ({ id: `alert-${recipient}-r${round}`, recipient, searches }));
    await this.sendAlerts(context, batches, { daily: false, date, now }, progress);
  }

  /** The once-a-day pass: each address's digest of what waits, alerts idle for months ended, confirmations never followed forgotten. */
  private async daily(
    context: AlertMailContext,
    date: string,
    now: Date,
    found: ReadonlyMap<string, { search: SavedSearch }>,
    progress: Map<string, SearchProgress>,
  ): Promise<void> {
    // What waits: as stored, and as this round left it (not recorded yet).
    const waiting = new Map((await this.alerts.withPending()).map((search) => [search.id, search]));
    for (const { search } of found.values()) if (progress.get(search.id)?.pending.length) waiting.set(search.id, search);
    const byRecipient = new Map<string, { search: SavedSearch; entries: AlertEntry[] }[]>();
    for (const search of waiting.values()) {
      const entries = progress.get(search.id)?.pending ?? search.pending;
      if (entries.length > 0) push(byRecipient, search.recipient, { search, entries });
    }
    const batches = [...byRecipient].map(([recipient, searches]) => ({ id: `alert-digest-${recipient}-${date}`, recipient, searches }));
    await this.sendAlerts(context, batches, { daily: true, date, now }, progress);
    const idle = await this.alerts.idleSince(new Date(now.getTime() - this.settings.ALERT_IDLE_MONTHS * MONTH_MS));
    const idleByRecipient = new Map<string, SavedSearch[]>();
    for (const search of idle) push(idleByRecipient, search.recipient, search);
    for (const [recipient, searches] of idleByRecipient) {
      const mail = endedMail(context, {
        id: `alert-ended-${recipient}-${date}`,
        to: searches[0]!.email,
        searches,
        idleMonths: this.settings.ALERT_IDLE_MONTHS,
      });
      await this.post.send([mail], date, now);
      await this.alerts.remove(searches.map(({ id }) => id));
      for (const { id } of searches) progress.delete(id);
      this.logger.info({ recipient, searches: searches.length }, "Ended alerts nobody opened for months");
    }
    const forgotten = await this.alerts.removeUnconfirmedBefore(new Date(now.getTime() - this.settings.ALERT_CONFIRM_DAYS * DAY_MS));
    if (forgotten > 0) this.logger.info({ searches: forgotten }, "Deleted saved searches whose confirmation was never followed");
  }

  /**
   * One e-mail to each address listing its searches' finds (those still in stock), all
   * admitted against the addresses' allowances at once; what went is noted, what the
   * allowance held back kept for the next day.
   */
  private async sendAlerts(
    context: AlertMailContext,
    batches: readonly { id: string; recipient: string; searches: readonly { search: SavedSearch; entries: AlertEntry[] }[] }[],
    { daily, date, now }: { daily: boolean; date: string; now: Date },
    progress: Map<string, SearchProgress>,
  ): Promise<void> {
    const wanted = new Set(batches.flatMap(({ searches }) => searches.flatMap(({ entries }) => entries.map(({ vehicleId }) => vehicleId))));
    const records = new Map((await this.vehicles.getMany([...wanted])).map((record) => [record._id, record]));
    const mails: { mail: OutgoingMail; batch: (typeof batches)[number] }[] = [];
    const takeTurn = eventLoopTurns();
    for (const batch of batches) {
      await takeTurn();
      const sections: AlertSection[] = [];
      for (const { search, entries } of batch.searches) {
        const vehicles = entries.flatMap((entry): AlertVehicle[] => {
          const record = records.get(entry.vehicleId);
          return record ? [{ entry, record }] : [];
        });
        if (vehicles.length > 0) sections.push({ search, vehicles });
      }
      if (sections.length > 0) {
        const to = batch.searches[0]!.search.email;
        mails.push({ mail: alertMail(context, { id: batch.id, to, recipient: batch.recipient, sections, daily }), batch });
      } else {
        // Nothing left to tell (every find sold meanwhile): nothing is kept waiting.
        for (const { search, entries } of batch.searches) progress.set(search.id, sentProgress(search, entries, undefined));
      }
    }
    const sent = await this.post.send(
      mails.map(({ mail }) => mail),
      date,
      now,
    );
    for (const [index, { batch }] of mails.entries()) {
      if (!sent[index])
        this.logger.info({ recipient: batch.recipient, mailId: batch.id }, "Alert held back: its address has had the day's alerts");
      for (const { search, entries } of batch.searches) {
        progress.set(search.id, sent[index] ? sentProgress(search, entries, now) : { id: search.id, sent: search.sent, pending: entries });
      }
    }
  }

  /** A watched vehicle has sold: one e-mail with the vehicles most like it, and the watch ends. */
  private async tellSold(context: AlertMailContext, search: SavedSearch, entry: AlertEntry, date: string, now: Date): Promise<void> {
    const sold = await this.vehicles.sold(entry.vehicleId);
    const like = sold ?? {
      id: entry.vehicleId,
      vehicleType: search.type,
      make: search.make ?? "",
      model: search.model ?? "",
      priceGBP: entry.priceGBP,
    };
    const similar = await this.vehicles.similarTo(like);
    await this.post.send(
      [soldMail(context, { search, sold: { make: like.make, model: like.model, derivative: sold?.derivative }, similar })],
      date,
      now,
    );
    await this.alerts.remove([search.id]);
    this.logger.info({ searchId: search.id, recipient: search.recipient }, "A watched vehicle sold: told its watcher, and the watch ended");
  }
}

/**
 * Each finding met with the searches it could concern (those of its type naming its make or
 * none, and its vehicle's watchers), and what each of those searches now has to tell: the
 * matching that scales with searches and changes, which the bench times alone.
 */
export async function meetFindings(
  alerts: Pick<AlertStore, "candidates" | "watchers">,
  findings: readonly Finding[],
  now: Date,
  compile: (search: SavedSearch) => SearchMatcher,
): Promise<Map<string, { search: SavedSearch; entries: AlertEntry[] }>> {
  const found = new Map<string, { search: SavedSearch; entries: AlertEntry[] }>();
  const add = (search: SavedSearch, entry: AlertEntry) => {
    const current = found.get(search.id);
    if (current) current.entries.push(entry);
    else found.set(search.id, { search, entries: [entry] });
  };
  // One entry per finding, shared by every search it is news to; each group cheapest first,
  // so a search with a price ceiling stops at the first vehicle above it.
  const changed = findings.flatMap((finding) =>
    finding.kind === "sold"
      ? []
      : [{ finding, vehicle: finding.vehicle, entry: entryOf(finding, now), price: priceOf(finding.vehicle.record) }],
  );
  changed.sort((a, b) => a.price - b.price);
  const byMake = new Map<string, typeof changed>();
  const byType = new Map<VehicleType, typeof changed>();
  for (const item of changed) {
    push(byMake, `${item.vehicle.type}|${item.vehicle.makeKey}`, item);
    push(byType, item.vehicle.type, item);
  }
  const candidates = await alerts.candidates(changed.map(({ vehicle }) => ({ type: vehicle.type, makeKey: vehicle.makeKey })));
  const nowMs = now.getTime();
  // Pages are served between slices while a big feed meets many searches.
  const takeTurn = eventLoopTurns();
  for (const search of candidates) {
    await takeTurn();
    const matches = compile(search);
    const ceiling = matches.priceMax ?? Infinity;
    for (const { finding, vehicle, entry, price } of (search.makeKey
      ? byMake.get(`${search.type}|${search.makeKey}`)
      : byType.get(search.type)) ?? []) {
      if (price > ceiling) break;
      if (!matches(vehicle, nowMs)) continue;
      // A new arrival is news only to a search confirmed before it came, and only once.
      if (finding.kind === "arrival" && (!search.confirmedAt || search.confirmedAt > now || search.sent.includes(entry.vehicleId)))
        continue;
      add(search, entry);
    }
  }
  const watched = findings.filter((finding) => finding.kind !== "arrival");
  const idOf = (finding: Finding) => (finding.kind === "sold" ? finding.id : finding.vehicle.record._id);
  const findingsById = new Map(watched.map((finding) => [idOf(finding), finding]));
  for (const watch of await alerts.watchers([...findingsById.keys()])) add(watch, entryOf(findingsById.get(watch.vehicleId!)!, now));
  return found;
}

function priceOf(record: VehicleRecord): number {
  return record.adverts.retailAdverts.totalPrice.amountGBP;
}

/**
 * Arrivals (vehicles not seen before), drops (a lower price than last seen) and sales
 * (vehicles seen that are gone), and the prices to remember; on the first round of all
 * (`baseline`) nothing is news.
 */
export function findingsOf(
  records: readonly VehicleRecord[],
  removedIds: readonly string[],
  seen: ReadonlyMap<string, PriceSeen>,
  now: Date,
  baseline: boolean,
): { findings: Finding[]; prices: Map<string, PriceSeen | undefined> } {
  const findings: Finding[] = [];
  const prices = new Map<string, PriceSeen | undefined>();
  for (const record of records) {
    const was = seen.get(record._id);
    const price = priceOf(record);
    if (was?.priceGBP === price) continue;
    prices.set(record._id, { priceGBP: price, firstSeenAt: was?.firstSeenAt ?? now });
    if (baseline) continue;
    if (!was) findings.push({ kind: "arrival", vehicle: prepareVehicle(record) });
    else if (price < was.priceGBP) findings.push({ kind: "drop", vehicle: prepareVehicle(record), was });
  }
  for (const id of removedIds) {
    const was = seen.get(id);
    if (!was) continue;
    prices.set(id, undefined);
    if (!baseline) findings.push({ kind: "sold", id, was });
  }
  return { findings, prices };
}

function entryOf(finding: Finding, now: Date): AlertEntry {
  if (finding.kind === "sold") return { vehicleId: finding.id, kind: "sold", priceGBP: finding.was.priceGBP, foundAt: now };
  const priceGBP = priceOf(finding.vehicle.record);
  return {
    vehicleId: finding.vehicle.record._id,
    kind: finding.kind === "drop" ? "drop" : "new",
    priceGBP,
    ...(finding.kind === "drop" && finding.was ? { wasGBP: finding.was.priceGBP } : {}),
    foundAt: now,
  };
}

/**
 * What waits for a search with this round's finds added: one entry a vehicle, a new match
 * staying new at its latest price, a drop keeping the price it first came down from.
 */
export function mergedEntries(waiting: readonly AlertEntry[], found: readonly AlertEntry[]): AlertEntry[] {
  const byVehicle = new Map(waiting.map((entry) => [entry.vehicleId, entry]));
  for (const entry of found) {
    const before = byVehicle.get(entry.vehicleId);
    if (!before) byVehicle.set(entry.vehicleId, entry);
    else if (before.kind === "new") byVehicle.set(entry.vehicleId, { ...before, priceGBP: entry.priceGBP });
    else byVehicle.set(entry.vehicleId, { ...entry, wasGBP: before.wasGBP ?? entry.wasGBP });
  }
  // The newest are kept: a search that matches whole feeds would otherwise wait with thousands.
  return [...byVehicle.values()].slice(-MOST_PENDING);
}

/** A search's progress once its finds were told (`at`), or found gone before they could be. */
function sentProgress(search: SavedSearch, entries: readonly AlertEntry[], at: Date | undefined): SearchProgress {
  const lastSentAt = at ?? search.lastSentAt;
  return { id: search.id, sent: sentAfter(search.sent, entries), pending: [], ...(lastSentAt ? { lastSentAt } : {}) };
}

/** The vehicles sent as new matches after this e-mail, the last MOST_SENT_KEPT. */
function sentAfter(sent: readonly string[], entries: readonly AlertEntry[]): string[] {
  const added = entries.filter(({ kind, vehicleId }) => kind === "new" && !sent.includes(vehicleId)).map(({ vehicleId }) => vehicleId);
  return [...sent, ...added].slice(-MOST_SENT_KEPT);
}

function push<K, V>(map: Map<K, V[]>, key: K, value: V): void {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
