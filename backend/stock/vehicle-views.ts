import { mkdir, readdir, readFile, rm } from "node:fs/promises";
import path from "node:path";
import type { Collection, Db } from "mongodb";
import type { Logger } from "../logger";
import { writeFileAtomically } from "../store/atomic-file";

/**
 * How often each vehicle's public page was served, per vehicle per day: a counter, not a log
 * of visitors. Nothing about who looked is read or kept (no cookie, no address, no agent
 * beyond telling a crawler apart, which is not counted), so it needs no consent. Counts are
 * gathered in memory and written every FLUSH_MS, where the stock is: embedded, one small
 * file per day under DATA_DIR/vehicle-views/; with MongoDB, the collection `vehicle_views`,
 * one document per vehicle and day. Days older than VIEWS_KEPT_DAYS are deleted.
 */
export interface VehicleViewCounter {
  /** Counts one serving of a vehicle's page. */
  count(id: string, now?: Date): void;
  /** Views per vehicle over the last `days` days, today included. */
  totals(days: number, now?: Date): Promise<Map<string, number>>;
  /** Writes what is counted so far. */
  flush(): Promise<void>;
  close(): Promise<void>;
}

export const VIEWS_KEPT_DAYS = 31;
const FLUSH_MS = 10_000;
const DAY_MS = 24 * 60 * 60_000;

const dayOf = (at: Date) => at.toISOString().slice(0, 10);
/** The first day of the last `days` days, today included, as "YYYY-MM-DD" (compared as text). */
const firstDay = (days: number, now: Date) => dayOf(new Date(now.getTime() - (days - 1) * DAY_MS));

/** The counting both stores share: counts held by day and vehicle until written. */
abstract class BufferedViewCounter implements VehicleViewCounter {
  protected pending = new Map<string, Map<string, number>>();
  private readonly timer: NodeJS.Timeout;
  private writing: Promise<void> = Promise.resolve();

  constructor(protected readonly logger?: Pick<Logger, "warn">) {
    this.timer = setInterval(() => void this.flush(), FLUSH_MS).unref();
  }

  count(id: string, now = new Date()): void {
    this.add(dayOf(now), id, 1);
  }

  async totals(days: number, now = new Date()): Promise<Map<string, number>> {
    const totals = await this.storedTotals(firstDay(days, now));
    for (const [day, counts] of this.pending) {
      if (day < firstDay(days, now)) continue;
      for (const [id, views] of counts) totals.set(id, (totals.get(id) ?? 0) + views);
    }
    return totals;
  }

  flush(): Promise<void> {
    // One write at a time; counts taken before it starts, so none counted meanwhile is lost.
    this.writing = this.writing.then(async () => {
      const taken = this.pending;
      this.pending = new Map();
      try {
        await this.write(taken, firstDay(VIEWS_KEPT_DAYS, new Date()));
      } catch (error) {
        this.logger?.warn({ err: error }, "Could not write vehicle page views; kept to try again");
        for (const [day, counts] of taken) for (const [id, views] of counts) this.add(day, id, views);
      }
    });
    return this.writing;
  }

  async close(): Promise<void> {
    clearInterval(this.timer);
    await this.flush();
  }

  private add(day: string, id: string, views: number): void {
    let counts = this.pending.get(day);
    if (!counts) this.pending.set(day, (counts = new Map()));
    counts.set(id, (counts.get(id) ?? 0) + views);
  }

  protected abstract storedTotals(fromDay: string): Promise<Map<string, number>>;
  /** Adds these counts to the stored ones and deletes days before `keepFrom`. */
  protected abstract write(counts: Map<string, Map<string, number>>, keepFrom: string): Promise<void>;
}

const VIEWS_FOLDER = "vehicle-views";
const DAY_FILE = /^(\d{4}-\d{2}-\d{2})\.json$/;

/** The embedded store's counts: DATA_DIR/vehicle-views/YYYY-MM-DD.json, `{ "vehicle id": views }`, rewritten whole at each write. */
export class FileVehicleViews extends BufferedViewCounter {
  private readonly directory: string;

  constructor(dataDir: string, logger?: Pick<Logger, "warn">) {
    super(logger);
    this.directory = path.join(dataDir, VIEWS_FOLDER);
  }

  protected async storedTotals(fromDay: string): Promise<Map<string, number>> {
    const totals = new Map<string, number>();
    for (const day of await this.days()) {
      if (day < fromDay) continue;
      for (const [id, views] of Object.entries(await this.readDay(day))) totals.set(id, (totals.get(id) ?? 0) + views);
    }
    return totals;
  }

  protected async write(counts: Map<string, Map<string, number>>, keepFrom: string): Promise<void> {
    await mkdir(this.directory, { recursive: true });
    for (const [day, added] of counts) {
      if (day < keepFrom) continue;
      const stored = await this.readDay(day);
      for (const [id, views] of added) stored[id] = (stored[id] ?? 0) + views;
      await writeFileAtomically(this.fileOf(day), [JSON.stringify(stored)]);
    }
    for (const day of await this.days()) if (day < keepFrom) await rm(this.fileOf(day), { force: true });
  }

  private fileOf(day: string): string {
    return path.join(this.directory, `${day}.json`);
  }

  private async days(): Promise<string[]> {
    try {
      return (await readdir(this.directory)).flatMap((name) => DAY_FILE.exec(name)?.[1] ?? []);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
      throw error;
    }
  }

  private async readDay(day: string): Promise<Record<string, number>> {
    try {
      return JSON.parse(await readFile(this.fileOf(day), "utf8")) as Record<string, number>;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
      throw error;
    }
  }
}

interface ViewsDocument {
  /** "YYYY-MM-DD|vehicle id" */
  _id: string;
  day: string;
  vehicleId: string;
  views: number;
}

export const VEHICLE_VIEWS_COLLECTION = "vehicle_views";

/** The MongoDB store's counts: one document per vehicle and day, added to with $inc, so any number of site instances count together. */
export class MongoVehicleViews extends BufferedViewCounter {
  private readonly views: Collection<ViewsDocument>;

  constructor(db: Db, logger?: Pick<Logger, "warn">) {
    super(logger);
    this.views = db.collection<ViewsDocument>(VEHICLE_VIEWS_COLLECTION);
  }

  async setUp(): Promise<void> {
    await this.views.createIndex({ day: 1 });
  }

  protected async storedTotals(fromDay: string): Promise<Map<string, number>> {
    const totals = new Map<string, number>();
    const grouped = this.views.aggregate<{ _id: string; views: number }>([
      { $match: { day: { $gte: fromDay } } },
      { $group: { _id: "$vehicleId", views: { $sum: "$views" } } },
    ]);
    for await (const { _id, views } of grouped) totals.set(_id, views);
    return totals;
  }

  protected async write(counts: Map<string, Map<string, number>>, keepFrom: string): Promise<void> {
    const writes = [...counts].flatMap(([day, added]) =>
      [...added].map(([vehicleId, views]) => ({
        updateOne: { filter: { _id: `${day}|${vehicleId}` }, update: { $inc: { views }, $setOnInsert: { day, vehicleId } }, upsert: true },
      })),
    );
    if (writes.length > 0) await this.views.bulkWrite(writes, { ordered: false });
    await this.views.deleteMany({ day: { $lt: keepFrom } });
  }
}
