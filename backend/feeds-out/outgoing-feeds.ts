import { mkdir } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { createGzip } from "node:zlib";
import type { VehicleRecord } from "../../domain/vehicle";
import { eventLoopTurns } from "../event-loop-turns";
import type { Logger } from "../logger";
import { writeFileAtomically } from "../store/atomic-file";
import { StockFollower, type StockStep } from "../store/stock-follower";
import type { VehicleStore } from "../store/vehicle-store";
import { channelItem, CHANNEL_IDS, type ChannelId } from "./channel";
import { CHANNELS } from "./channels";
import { chosenFor, defaultFeedSettings, type FeedSettings, type FeedSettingsStore } from "./feed-settings";
import { feedVehicleOf, type FeedSite, type FeedVehicle } from "./feed-vehicle";

/**
 * The stock as each channel gets it, kept in step with the stock by its change feed, as the
 * stock table is (StockFollower): the whole stock once, then only the vehicles each change
 * touched. Each vehicle is checked against every channel's rules as it changes, so the
 * console lists what is left out and why without reading the stock; a feed's document is
 * written from the vehicles held here when it is first asked for after a change, kept
 * compressed until the next change, and served from that.
 */

export interface LeftOutVehicle {
  id: string;
  title: string;
  registration?: string;
  problems: string[];
}

export interface ChannelSummary {
  id: ChannelId;
  name: string;
  fileName: string;
  source: string;
  /** Whether the feed's address answers: it has a secret. */
  on: boolean;
  /** Vehicles the dealer chose for it, those going out, and those its rules left out. */
  chosen: number;
  goingOut: number;
  leftOut: number;
}

/** A feed's document, gzip-compressed, as of one state of the stock and the settings. */
export interface FeedDocument {
  gzip: Buffer;
  contentType: string;
  fileName: string;
  vehicles: number;
}

interface Held {
  vehicle: FeedVehicle;
  /** The rules each channel's item breaks; absent for a channel it keeps. */
  problems: Partial<Record<ChannelId, string[]>>;
}

/** How long after a change the feeds are written to the folder: one write for a burst of changes. */
const WRITE_DELAY_MS = 2000;
/** Items joined into one piece of a document before it is compressed. */
const PIECE = 200;

export class OutgoingFeeds {
  private readonly held = new Map<string, Held>();
  /** Rises with every change to what is held, so documents made before it are made again. */
  private version = 0;
  /** Whether anything has asked for the feeds: until then, the stock is not followed. */
  private wanted = false;
  private steps: Promise<unknown> = Promise.resolve();
  private readonly documents = new Map<ChannelId, { key: string; made: Promise<FeedDocument> }>();
  private readonly follower: StockFollower;
  private readonly stopWatching: () => void;
  private writeTimer: NodeJS.Timeout | undefined;
  private writing: Promise<void> = Promise.resolve();

  constructor(
    store: VehicleStore,
    private readonly settingsStore: FeedSettingsStore,
    private readonly site: Omit<FeedSite, "storeCode">,
    private readonly options: { folder?: string; logger?: Pick<Logger, "info" | "warn"> } = {},
  ) {
    this.follower = new StockFollower(store, options.logger);
    this.stopWatching = store.watch(() => {
      if (this.wanted)
        void this.follow().catch((error: unknown) =>
          this.options.logger?.warn({ err: error }, "Could not follow the stock for the outgoing feeds"),
        );
    });
  }

  /** Starts following the stock when a feed is already on or a folder is set, so the feeds are current before they are asked for. */
  async start(): Promise<void> {
    const settings = await this.settings();
    if (this.options.folder || CHANNEL_IDS.some((id) => settings.channels[id].tokenDigest)) await this.current();
  }

  close(): void {
    this.stopWatching();
    clearTimeout(this.writeTimer);
  }

  /** Waits for what the folder is being written with. */
  async settled(): Promise<void> {
    await this.steps;
    await this.writing;
  }

  async settings(): Promise<FeedSettings> {
    return (await this.settingsStore.read()) ?? this.defaults();
  }

  /** Saves the settings `change` makes; the folder is written again with them. */
  async update(change: (settings: FeedSettings) => FeedSettings): Promise<FeedSettings> {
    const saved = await this.settingsStore.update(change, this.defaults());
    if (this.options.folder) {
      await this.current();
      this.scheduleWrite();
    }
    return saved;
  }

  defaults(): FeedSettings {
    return defaultFeedSettings(this.site.dealer.address.postcode);
  }

  /** Every channel: on or off, and how many vehicles go and are left out. */
  async summaries(): Promise<ChannelSummary[]> {
    await this.current();
    const settings = await this.settings();
    return CHANNEL_IDS.map((id) => {
      const channel = CHANNELS[id];
      let chosen = 0;
      let leftOut = 0;
      for (const { vehicle, problems } of this.held.values()) {
        if (!chosenFor(settings.channels[id], vehicle)) continue;
        chosen++;
        if (problems[id]) leftOut++;
      }
      return {
        id,
        name: channel.name,
        fileName: channel.fileName,
        source: channel.source,
        on: settings.channels[id].tokenDigest !== undefined,
        chosen,
        goingOut: chosen - leftOut,
        leftOut,
      };
    });
  }

  /** The vehicles chosen for the channel that its rules leave out, with the reasons, a page at a time. */
  async leftOut(id: ChannelId, page: number, pageSize: number): Promise<{ total: number; vehicles: LeftOutVehicle[] }> {
    await this.current();
    const settings = (await this.settings()).channels[id];
    const vehicles: LeftOutVehicle[] = [];
    let total = 0;
    for (const { vehicle, problems } of this.held.values()) {
      const broken = problems[id];
      if (!broken || !chosenFor(settings, vehicle)) continue;
      if (total >= (page - 1) * pageSize && vehicles.length < pageSize) {
        vehicles.push({
          id: vehicle.id,
          title: vehicle.title,
          ...(vehicle.registration && { registration: vehicle.registration }),
          problems: broken,
        });
      }
      total++;
    }
    return { total, vehicles };
  }

  /** The channel's feed as it stands, compressed: made once after each change, then served as made. */
  async document(id: ChannelId): Promise<FeedDocument> {
    await this.current();
    const settings = await this.settings();
    const key = `${this.version} ${settings.storeCode} ${JSON.stringify(settings.channels[id].types)} ${settings.channels[id].leaveOutReserved}`;
    const kept = this.documents.get(id);
    if (kept?.key === key) return kept.made;
    const made = this.compressed(id, settings);
    this.documents.set(id, { key, made });
    made.catch(() => this.documents.delete(id));
    return made;
  }

  /** The document's text, a piece at a time, taking turns with the site's other work. */
  async *pieces(id: ChannelId, settings: FeedSettings): AsyncGenerator<string> {
    const channel = CHANNELS[id];
    const site: FeedSite = { ...this.site, storeCode: settings.storeCode };
    const choice = settings.channels[id];
    const takeTurn = eventLoopTurns();
    yield channel.head(site);
    let piece = "";
    let items = 0;
    for (const { vehicle, problems } of [...this.held.values()]) {
      if (problems[id] || !chosenFor(choice, vehicle)) continue;
      const item = channelItem(channel, vehicle, site);
      if (!("text" in item)) continue;
      piece += item.text;
      if (++items % PIECE === 0) {
        yield piece;
        piece = "";
        await takeTurn();
      }
    }
    yield piece + channel.tail;
  }

  private async compressed(id: ChannelId, settings: FeedSettings): Promise<FeedDocument> {
    const chunks: Buffer[] = [];
    const gzip = createGzip({ level: 6 });
    gzip.on("data", (chunk: Buffer) => chunks.push(chunk));
    const finished = new Promise<void>((resolve, reject) => gzip.on("end", resolve).on("error", reject));
    await new Promise<void>((resolve, reject) =>
      Readable.from(this.pieces(id, settings)).on("error", reject).pipe(gzip).on("finish", resolve),
    );
    await finished;
    const channel = CHANNELS[id];
    return {
      gzip: Buffer.concat(chunks),
      contentType: channel.contentType,
      fileName: channel.fileName,
      vehicles: [...this.held.values()].filter(({ vehicle, problems }) => !problems[id] && chosenFor(settings.channels[id], vehicle))
        .length,
    };
  }

  /** Brings what is held up to the stock as it is now: the whole stock the first time, then what changed. */
  private current(): Promise<void> {
    this.wanted = true;
    return this.follow();
  }

  /** One step of following, after those before it; a step that fails is taken again whole by the next. */
  private follow(): Promise<void> {
    const step = this.steps.then(() => this.follower.step((change) => this.apply(change)));
    this.steps = step.catch(() => this.follower.restart());
    return step;
  }

  private async apply(step: StockStep): Promise<void> {
    const takeTurn = eventLoopTurns();
    if (step.kind === "whole") {
      const seen = new Set<string>();
      for await (const record of step.records) {
        seen.add(record._id);
        this.hold(record);
        await takeTurn();
      }
      for (const id of this.held.keys()) if (!seen.has(id)) this.held.delete(id);
    } else {
      let changed = false;
      for await (const record of step.upserts) {
        this.hold(record);
        changed = true;
        await takeTurn();
      }
      for (const id of step.removedIds) changed = this.held.delete(id) || changed;
      if (!changed) return;
    }
    this.version++;
    this.scheduleWrite();
  }

  private hold(record: VehicleRecord): void {
    const vehicle = feedVehicleOf(record, this.site);
    // The store code is the dealer's, the same for every vehicle and checked when it is saved.
    const site: FeedSite = { ...this.site, storeCode: this.defaults().storeCode };
    const problems: Held["problems"] = {};
    for (const id of CHANNEL_IDS) {
      const item = channelItem(CHANNELS[id], vehicle, site);
      if ("problems" in item) problems[id] = item.problems;
    }
    this.held.set(vehicle.id, { vehicle, problems });
  }

  /** Writes each feed that is on to the folder (FEEDS_OUT_DIR) a moment after the stock changes. */
  private scheduleWrite(): void {
    const { folder } = this.options;
    if (!folder || this.writeTimer) return;
    this.writeTimer = setTimeout(() => {
      this.writeTimer = undefined;
      this.writing = this.writing
        .then(() => this.writeFolder(folder))
        .catch((error: unknown) => this.options.logger?.warn({ err: error }, "Could not write the outgoing feeds to their folder"));
    }, WRITE_DELAY_MS).unref();
  }

  private async writeFolder(folder: string): Promise<void> {
    const settings = await this.settings();
    await mkdir(folder, { recursive: true });
    for (const id of CHANNEL_IDS) {
      if (!settings.channels[id].tokenDigest) continue;
      await writeFileAtomically(path.join(folder, CHANNELS[id].fileName), this.pieces(id, settings));
    }
  }
}
