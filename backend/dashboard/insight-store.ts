import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Collection, Db } from "mongodb";
import { AppendLog } from "../store/append-log";
import { writeFileAtomically } from "../store/atomic-file";

/**
 * The dashboard's kept aggregates: counts per metric, day and key (leads of a kind on a day,
 * views of a make and model in a price band on a day), added to as leads, views, searches and
 * stock changes happen, so that a dashboard of any range of days sums a few thousand counts
 * instead of reading every lead and vehicle. Nothing personal is a key: kinds, makes, models,
 * bands, vehicle ids and search filters only. Embedded: in memory, with each addition
 * appended to DATA_DIR/insight/counts.ndjson (rewritten smaller at start when it has grown);
 * with MongoDB, one document per count in `insight_counts`, added to with $inc by every
 * instance, and summed by an aggregation pipeline.
 */

export const METRICS = [
  /** Leads received, by kind. */
  "leads",
  /** Leads answered (moved on from new), by kind, on the day each was received. */
  "replies",
  "replies-on-time",
  "reply-minutes",
  /** Leads about a vehicle and views of vehicle pages, by make|model|price band. */
  "group-leads",
  "group-views",
  /** Leads about each vehicle, by vehicle id: leads before and after a price reduction. */
  "vehicle-leads",
  /** Vehicles sold (removed from stock), by days-to-sell band index. */
  "sold",
  /** Price reductions, one key per reduction: id|from|to|make model. */
  "reductions",
  /** Searches that found nothing, by type|make|model|known words. */
  "searches-none",
] as const;
export type Metric = (typeof METRICS)[number];

export interface DailyCount {
  metric: Metric;
  day: string;
  key: string;
  count: number;
}

export interface InsightStore {
  add(counts: readonly DailyCount[]): Promise<void>;
  /** The counts of each day from `from` to `to` (both included), of these keys only when given. */
  daily(metric: Metric, from: string, to: string, keys?: readonly string[]): Promise<DailyCount[]>;
  /** Each key's counts summed over the days from `from` to `to`. */
  totals(metric: Metric, from: string, to: string): Promise<Map<string, number>>;
  /** Marks facts as counted; resolves to those that were not yet, by this or another instance, so each is counted once. */
  once(facts: readonly string[]): Promise<Set<string>>;
  close(): Promise<void>;
}

type Line = { m: Metric; d: string; k: string; n: number } | { once: string };

export class FileInsightStore implements InsightStore {
  private readonly counts = new Map<Metric, Map<string, Map<string, number>>>();
  private readonly facts = new Set<string>();

  private constructor(private readonly log: AppendLog) {}

  static async open(directory: string): Promise<FileInsightStore> {
    await mkdir(directory, { recursive: true });
    const file = path.join(directory, "counts.ndjson");
    const store = new FileInsightStore(new AppendLog(file));
    let lines = 0;
    let text = "";
    try {
      text = await readFile(file, "utf8");
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    }
    for (const raw of text.split("\n")) {
      if (raw.trim() === "") continue;
      lines++;
      let line: Line;
      try {
        line = JSON.parse(raw) as Line;
      } catch {
        // A line a crash cut short: the counts it held were never acknowledged.
        continue;
      }
      if ("once" in line) store.facts.add(line.once);
      else store.bump(line.m, line.d, line.k, line.n);
    }
    if (lines > 1000 && lines > 2 * store.entries()) await writeFileAtomically(file, store.lines());
    return store;
  }

  async add(counts: readonly DailyCount[]): Promise<void> {
    if (counts.length === 0) return;
    for (const { metric, day, key, count } of counts) this.bump(metric, day, key, count);
    await this.log.append(counts.map(({ metric, day, key, count }) => JSON.stringify({ m: metric, d: day, k: key, n: count })).join("\n"));
  }

  async daily(metric: Metric, from: string, to: string, keys?: readonly string[]): Promise<DailyCount[]> {
    const wanted = keys && new Set(keys);
    const found: DailyCount[] = [];
    for (const [day, byKey] of this.counts.get(metric) ?? []) {
      if (day < from || day > to) continue;
      for (const [key, count] of byKey) if (!wanted || wanted.has(key)) found.push({ metric, day, key, count });
    }
    return found;
  }

  async totals(metric: Metric, from: string, to: string): Promise<Map<string, number>> {
    const totals = new Map<string, number>();
    for (const [day, byKey] of this.counts.get(metric) ?? []) {
      if (day < from || day > to) continue;
      for (const [key, count] of byKey) totals.set(key, (totals.get(key) ?? 0) + count);
    }
    return totals;
  }

  async once(facts: readonly string[]): Promise<Set<string>> {
    const fresh = new Set(facts.filter((fact) => !this.facts.has(fact)));
    if (fresh.size === 0) return fresh;
    for (const fact of fresh) this.facts.add(fact);
    await this.log.append([...fresh].map((fact) => JSON.stringify({ once: fact })).join("\n"));
    return fresh;
  }

  async close(): Promise<void> {
    await this.log.exclusive(async () => undefined);
  }

  private bump(metric: Metric, day: string, key: string, count: number): void {
    let byDay = this.counts.get(metric);
    if (!byDay) this.counts.set(metric, (byDay = new Map()));
    let byKey = byDay.get(day);
    if (!byKey) byDay.set(day, (byKey = new Map()));
    byKey.set(key, (byKey.get(key) ?? 0) + count);
  }

  private entries(): number {
    let entries = this.facts.size;
    for (const byDay of this.counts.values()) for (const byKey of byDay.values()) entries += byKey.size;
    return entries;
  }

  private *lines(): Generator<string> {
    for (const fact of this.facts) yield `${JSON.stringify({ once: fact })}\n`;
    for (const [metric, byDay] of this.counts)
      for (const [day, byKey] of byDay)
        for (const [key, count] of byKey) yield `${JSON.stringify({ m: metric, d: day, k: key, n: count })}\n`;
  }
}

interface CountDocument {
  _id: string;
  m: Metric;
  d: string;
  k: string;
  n: number;
}

export class MongoInsightStore implements InsightStore {
  private readonly counts: Collection<CountDocument>;
  private readonly facts: Collection<{ _id: string }>;

  constructor(db: Db) {
    this.counts = db.collection<CountDocument>("insight_counts");
    this.facts = db.collection<{ _id: string }>("insight_facts");
  }

  async setUp(): Promise<void> {
    await this.counts.createIndex({ m: 1, d: 1 });
  }

  async add(counts: readonly DailyCount[]): Promise<void> {
    if (counts.length === 0) return;
    await this.counts.bulkWrite(
      counts.map(({ metric, day, key, count }) => ({
        updateOne: {
          filter: { _id: `${metric}|${day}|${key}` },
          update: { $set: { m: metric, d: day, k: key }, $inc: { n: count } },
          upsert: true,
        },
      })),
      { ordered: false },
    );
  }

  async daily(metric: Metric, from: string, to: string, keys?: readonly string[]): Promise<DailyCount[]> {
    const documents = await this.counts
      .find({ m: metric, d: { $gte: from, $lte: to }, ...(keys && { k: { $in: [...keys] } }) })
      .project<CountDocument>({ d: 1, k: 1, n: 1 })
      .toArray();
    return documents.map(({ d, k, n }) => ({ metric, day: d, key: k, count: n }));
  }

  async totals(metric: Metric, from: string, to: string): Promise<Map<string, number>> {
    const groups = await this.counts
      .aggregate<{ _id: string; n: number }>([
        { $match: { m: metric, d: { $gte: from, $lte: to } } },
        { $group: { _id: "$k", n: { $sum: "$n" } } },
      ])
      .toArray();
    return new Map(groups.map(({ _id, n }) => [_id, n]));
  }

  async once(facts: readonly string[]): Promise<Set<string>> {
    const wanted = [...new Set(facts)];
    if (wanted.length === 0) return new Set();
    const known = await this.facts.find({ _id: { $in: wanted } }).toArray();
    const knownIds = new Set(known.map(({ _id }) => _id));
    const fresh = new Set<string>();
    for (const fact of wanted) {
      if (knownIds.has(fact)) continue;
      // One insert each: the one that inserts a fact is the one that counts it, whichever instance.
      try {
        await this.facts.insertOne({ _id: fact });
        fresh.add(fact);
      } catch (error) {
        if ((error as { code?: number }).code !== 11000) throw error;
      }
    }
    return fresh;
  }

  async close(): Promise<void> {}
}
