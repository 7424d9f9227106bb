import { makeAliases } from "../../domain/make-aliases";
import type { SearchRequest } from "../../domain/search-request";
import type { VehicleRecord } from "../../domain/vehicle";
import type { VehicleType } from "../../domain/vehicle-types";
import { priceOf } from "../../domain/vehicle-price";
import { eventLoopTurns } from "../event-loop-turns";
import type { LeadStore, LeadVehicle, StoredLead, WorkEdit } from "../leads/lead-store";
import type { LeadKindName } from "../../domain/lead-kinds";
import type { Logger } from "../logger";
import type { VehicleViewCounter } from "../stock/vehicle-views";
import { StockFollower, type StockStep } from "../store/stock-follower";
import type { VehicleStore } from "../store/vehicle-store";
import { AGE_BANDS, ageBandIndex, dayOf, priceBandOf, wholeDaysBetween } from "./insight-days";
import type { DailyCount, InsightStore, Metric } from "./insight-store";

/**
 * Keeps the dashboard's counts up to date as things happen, rather than reading every lead
 * and vehicle when the dashboard is opened: a lead arriving (its kind, and the vehicle's make,
 * model and price band), a lead first answered (how long it waited, against the dealer's
 * target), a vehicle page served, a search that found nothing, and, from the stock's change
 * feed, a price reduction and a vehicle leaving stock (how long it took to sell). Leads stored
 * before the dashboard existed are counted once, in the background, from the lead store.
 */

interface HeldVehicle {
  type: VehicleType;
  make: string;
  model: string;
  group: string;
  listedAtMs: number;
}

/** Views and searches come often: counted in memory and written together this often. */
const FLUSH_MS = 10_000;
const BACKFILL_FACT = "backfill:leads";

export const groupKey = (make: string, model: string, pounds: number) => `${make}|${model}|${priceBandOf(pounds)}`;

export class Insight {
  private readonly held = new Map<string, HeldVehicle>();
  /** Lower-case words of the makes and models in stock: the only words of a search kept. */
  private readonly vocabulary = new Set<string>();
  private pending = new Map<string, DailyCount>();
  private readonly follower: StockFollower;
  private readonly stopWatching: () => void;
  private steps: Promise<unknown> = Promise.resolve();
  private flushing: Promise<void> = Promise.resolve();
  private timer: NodeJS.Timeout | undefined;
  private backfill: Promise<void> = Promise.resolve();
  private backfilledBefore: Date | undefined;

  constructor(
    readonly counts: InsightStore,
    store: VehicleStore,
    private readonly leads: LeadStore,
    private readonly replyTargetHours: number,
    private readonly logger?: Pick<Logger, "info" | "warn">,
  ) {
    this.follower = new StockFollower(store, logger);
    this.stopWatching = store.watch(() => void this.followStock().catch((error: unknown) => this.warn(error, "follow the stock")));
  }

  /** Reads the stock, and counts the leads stored before the dashboard (once, ever), in the background. */
  start(now = new Date()): void {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS).unref();
    void this.followStock().catch((error: unknown) => this.warn(error, "read the stock"));
    this.backfilledBefore = now;
    this.backfill = this.countStoredLeads(now).catch((error: unknown) => this.warn(error, "count the leads stored before"));
  }

  async stop(): Promise<void> {
    clearInterval(this.timer);
    this.stopWatching();
    await this.steps.catch(() => undefined);
    await this.flush();
  }

  /** Resolves once the stock is followed up to now and earlier leads are counted: the counts then hold everything. */
  async settled(): Promise<void> {
    await this.backfill;
    await this.followStock();
    await this.flush();
  }

  /** The vehicles in stock now in each age band (AGE_BANDS), by when each was listed. */
  stockAges(now: Date): number[] {
    const ages = AGE_BANDS.map(() => 0);
    for (const { listedAtMs } of this.held.values()) ages[ageBandIndex(wholeDaysBetween(new Date(listedAtMs), now))]!++;
    return ages;
  }

  async followStock(): Promise<void> {
    const step = this.steps.then(() => this.follower.step((change) => this.applyStock(change)));
    this.steps = step.catch(() => this.follower.restart());
    return step;
  }

  /** A lead just stored: counted by its kind, and by the vehicle it is about. */
  async leadArrived(lead: { kind: LeadKindName; receivedAt: Date; vehicle?: LeadVehicle }): Promise<void> {
    await this.counts.add(leadCounts(lead));
  }

  /** The lead store, telling the dashboard when a lead is first answered (its status moved on from new). */
  watchingReplies(store: LeadStore): LeadStore {
    return new Proxy(store, {
      get: (target, name, receiver) => {
        const value: unknown = Reflect.get(target, name, receiver);
        if (name !== "applyWork" || typeof value !== "function") return typeof value === "function" ? value.bind(target) : value;
        return async (id: string, edit: WorkEdit, byId: string, at: Date) => {
          const lead = (await (value as LeadStore["applyWork"]).call(target, id, edit, byId, at)) as StoredLead | undefined;
          if (lead && edit.type === "status" && this.countsLiveReply(lead)) {
            const reply = firstReply(lead);
            if (reply && reply.at.getTime() === at.getTime()) {
              await this.counts
                .add(replyCounts(lead, reply.at, this.replyTargetHours))
                .catch((error: unknown) => this.warn(error, "count a reply"));
            }
          }
          return lead;
        };
      },
    });
  }

  /** The view counter, also counting each view by the vehicle's make, model and price band. */
  countingViews(views: VehicleViewCounter): VehicleViewCounter {
    return {
      count: (id, now = new Date()) => {
        views.count(id, now);
        const vehicle = this.held.get(id);
        if (vehicle) this.bump("group-views", dayOf(now), vehicle.group);
      },
      totals: (days, now) => views.totals(days, now),
      flush: () => views.flush(),
      close: () => views.close(),
    };
  }

  /** A search that found nothing: kept as its type, make, model and other filters, and only those words of it that name a make or model. */
  nothingFound(type: VehicleType | undefined, request: Pick<SearchRequest, "q" | "filters">, now = new Date()): void {
    const { make, model, ...others } = request.filters;
    const words = (request.q ?? "")
      .toLowerCase()
      .split(/\s+/)
      .filter((word) => this.vocabulary.has(word));
    const filters = Object.entries(others)
      .filter(([, value]) => value !== undefined)
      .map(([name, value]) => `${name}=${typeof value === "object" ? `${value.min ?? ""}-${value.max ?? ""}` : String(value)}`)
      .sort();
    const key = JSON.stringify({ type: type ?? "", make: make ?? "", model: model ?? "", words: [...new Set(words)].join(" "), filters });
    this.bump("searches-none", dayOf(now), key);
  }

  async flush(): Promise<void> {
    this.flushing = this.flushing.then(async () => {
      const taken = [...this.pending.values()];
      this.pending = new Map();
      try {
        await this.counts.add(taken);
      } catch (error) {
        this.warn(error, "write views and searches");
        for (const count of taken) this.bump(count.metric, count.day, count.key, count.count);
      }
    });
    return this.flushing;
  }

  private bump(metric: Metric, day: string, key: string, by = 1): void {
    const id = `${metric}|${day}|${key}`;
    const count = this.pending.get(id);
    if (count) count.count += by;
    else this.pending.set(id, { metric, day, key, count: by });
  }

  /** A reply counted as it happens: to a lead received since the count of earlier leads began, or once that count is done. */
  private countsLiveReply(lead: StoredLead): boolean {
    return !this.backfilledBefore || lead.receivedAt >= this.backfilledBefore;
  }

  private async applyStock(step: StockStep): Promise<void> {
    const takeTurn = eventLoopTurns();
    const now = new Date();
    const counts: DailyCount[] = [];
    const reductions = new Map<string, DailyCount>();
    const gone = new Set<string>();
    const hold = (record: VehicleRecord) => {
      const vehicle = heldOf(record);
      this.held.set(record._id, vehicle);
      for (const word of [vehicle.make, vehicle.model, ...makeAliases(vehicle.make)].join(" ").toLowerCase().split(/\s+/))
        this.vocabulary.add(word);
      const reduction = record.priceReduction;
      if (reduction) {
        reductions.set(`reduction:${record._id}:${reduction.at}`, {
          metric: "reductions",
          day: dayOf(new Date(reduction.at)),
          key: [record._id, reduction.fromGBP, priceOf(record), `${vehicle.make} ${vehicle.model}`].join("|"),
          count: 1,
        });
      }
    };
    if (step.kind === "whole") {
      const seen = new Set<string>();
      for await (const record of step.records) {
        seen.add(record._id);
        hold(record);
        await takeTurn();
      }
      for (const id of this.held.keys()) if (!seen.has(id)) gone.add(id);
    } else {
      for await (const record of step.upserts) {
        hold(record);
        await takeTurn();
      }
      for (const id of step.removedIds) gone.add(id);
    }
    const sales = new Map<string, DailyCount>();
    for (const id of gone) {
      const vehicle = this.held.get(id);
      if (!vehicle) continue;
      this.held.delete(id);
      const days = wholeDaysBetween(new Date(vehicle.listedAtMs), now);
      sales.set(`sold:${id}:${vehicle.listedAtMs}`, { metric: "sold", day: dayOf(now), key: String(ageBandIndex(days)), count: 1 });
    }
    const fresh = await this.counts.once([...reductions.keys(), ...sales.keys()]);
    for (const [fact, count] of [...reductions, ...sales]) if (fresh.has(fact)) counts.push(count);
    await this.counts.add(counts);
  }

  private async countStoredLeads(before: Date): Promise<void> {
    if ((await this.counts.once([BACKFILL_FACT])).size === 0) {
      this.backfilledBefore = undefined;
      return;
    }
    const takeTurn = eventLoopTurns();
    const totals = new Map<string, DailyCount>();
    const add = (counts: readonly DailyCount[]) => {
      for (const count of counts) {
        const id = `${count.metric}|${count.day}|${count.key}`;
        const kept = totals.get(id);
        if (kept) kept.count += count.count;
        else totals.set(id, { ...count });
      }
    };
    let leads = 0;
    for await (const lead of this.leads.each({ to: before })) {
      add(leadCounts(lead));
      const reply = firstReply(lead);
      if (reply) add(replyCounts(lead, reply.at, this.replyTargetHours));
      leads++;
      await takeTurn();
    }
    await this.counts.add([...totals.values()]);
    this.backfilledBefore = undefined;
    this.logger?.info({ leads }, "Counted the leads stored before the dashboard");
  }

  private warn(error: unknown, what: string): void {
    this.logger?.warn({ err: error }, `The dashboard could not ${what}`);
  }
}

function heldOf(record: VehicleRecord): HeldVehicle {
  const { vehicleType: type, make, model } = record.vehicle;
  return { type, make, model, group: groupKey(make, model, priceOf(record)), listedAtMs: Date.parse(record.createdAt) };
}

function leadCounts({ kind, receivedAt, vehicle }: { kind: LeadKindName; receivedAt: Date; vehicle?: LeadVehicle }): DailyCount[] {
  const day = dayOf(receivedAt);
  const counts: DailyCount[] = [{ metric: "leads", day, key: kind, count: 1 }];
  if (vehicle) {
    counts.push({ metric: "vehicle-leads", day, key: vehicle.id, count: 1 });
    if (vehicle.make && vehicle.model && vehicle.priceGBP !== undefined) {
      counts.push({ metric: "group-leads", day, key: groupKey(vehicle.make, vehicle.model, vehicle.priceGBP), count: 1 });
    }
  }
  return counts;
}

/** When staff first moved the lead on from new: its reply. */
function firstReply(lead: StoredLead): { at: Date } | undefined {
  const change = lead.work.history.find((entry) => entry.change === "status" && entry.from === "new");
  return change && { at: new Date(change.at) };
}

function replyCounts(lead: Pick<StoredLead, "kind" | "receivedAt">, at: Date, targetHours: number): DailyCount[] {
  const day = dayOf(lead.receivedAt);
  const minutes = Math.max(0, Math.round((at.getTime() - lead.receivedAt.getTime()) / 60_000));
  return [
    { metric: "replies", day, key: lead.kind, count: 1 },
    { metric: "reply-minutes", day, key: lead.kind, count: minutes },
    ...(minutes <= targetHours * 60 ? [{ metric: "replies-on-time" as const, day, key: lead.kind, count: 1 }] : []),
  ];
}
