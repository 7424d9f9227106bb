import { mkdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { VehicleType } from "../../domain/vehicle-types";
import { newRecipientSecret, RECIPIENT_SECRET_PATTERN } from "../mail/recipient-key";
import { writeFileAtomically } from "../store/atomic-file";
import { JournalMap } from "../store/journal-map";
import { countDemand } from "./alert-demand";
import type { AlertCursor, AlertRound, AlertStore, PriceSeen, SavedSearch, SearchChange } from "./alert-store";

const ALERTS_FOLDER = "alerts";
const SEARCHES_FILE = "searches.ndjson";
const PRICES_FILE = "prices.ndjson";
const STATE_FILE = "state.json";

interface StateFile {
  secret?: string;
  cursor?: AlertCursor;
}

/**
 * The embedded alert store: the saved searches and the prices seen each a journal under
 * DATA_DIR/alerts (backend/store/journal-map.ts), held in memory with an index by type and
 * make, by vehicle watched and by address; the secret and the cursor in one small file
 * written atomically. Only the site writes here, one change at a time. Deleting searches
 * (an erasure, an unsubscribe) rewrites the journal, so the address leaves the disk at once.
 */
export class FileAlertStore implements AlertStore {
  private readonly byMake = new Map<string, Set<string>>();
  private readonly byVehicle = new Map<string, Set<string>>();
  private readonly byRecipient = new Map<string, Set<string>>();
  private state: StateFile;
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly directory: string,
    private readonly searches: JournalMap<SavedSearch>,
    private readonly prices: JournalMap<PriceSeen>,
    state: StateFile,
  ) {
    this.state = state;
    for (const search of searches.values()) this.index(search);
  }

  static async open(dataDir: string): Promise<FileAlertStore> {
    const directory = path.join(dataDir, ALERTS_FOLDER);
    await mkdir(directory, { recursive: true, mode: 0o700 });
    const interned = new Map<string, string>();
    const searches = await JournalMap.open(path.join(directory, SEARCHES_FILE), (raw) => searchFromJson(raw, interned));
    const prices = await JournalMap.open(path.join(directory, PRICES_FILE), priceFromJson);
    const state = await readState(path.join(directory, STATE_FILE));
    return new FileAlertStore(directory, searches, prices, state);
  }

  secret(): Promise<string> {
    return this.serially(async () => {
      if (this.state.secret && RECIPIENT_SECRET_PATTERN.test(this.state.secret)) return this.state.secret;
      const secret = newRecipientSecret();
      await this.writeState({ ...this.state, secret });
      return secret;
    });
  }

  add(search: SavedSearch): Promise<void> {
    return this.serially(async () => {
      if (this.searches.get(search.id)) throw new Error(`A saved search ${search.id} exists already`);
      this.index(search);
      await this.searches.write([[search.id, search]]);
    });
  }

  async get(id: string): Promise<SavedSearch | undefined> {
    return this.searches.get(id);
  }

  async ofRecipient(recipient: string): Promise<SavedSearch[]> {
    return this.searchesOf(this.byRecipient.get(recipient)).sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime());
  }

  change(id: string, change: SearchChange): Promise<SavedSearch | undefined> {
    return this.serially(async () => {
      const current = this.searches.get(id);
      if (!current) return undefined;
      const changed = { ...current, ...change };
      await this.searches.write([[id, changed]]);
      return changed;
    });
  }

  touch(ids: readonly string[], at: Date): Promise<void> {
    return this.serially(async () => {
      const touched = this.searchesOf(ids).map((search) => [search.id, { ...search, lastActiveAt: at }] as const);
      await this.searches.write(touched);
    });
  }

  remove(ids: readonly string[]): Promise<number> {
    return this.serially(() => this.removeNow(this.searchesOf(ids)));
  }

  removeRecipient(recipient: string): Promise<number> {
    return this.serially(() => this.removeNow(this.searchesOf(this.byRecipient.get(recipient))));
  }

  removeUnconfirmedBefore(cutoff: Date): Promise<number> {
    return this.serially(() =>
      this.removeNow([...this.searches.values()].filter((search) => search.status === "unconfirmed" && search.createdAt < cutoff)),
    );
  }

  async candidates(keys: readonly { type: VehicleType; makeKey: string }[]): Promise<SavedSearch[]> {
    const ids = new Set<string>();
    for (const { type, makeKey } of keys) {
      for (const id of this.byMake.get(makeIndexKey(type, makeKey)) ?? []) ids.add(id);
      for (const id of this.byMake.get(makeIndexKey(type, "")) ?? []) ids.add(id);
    }
    return this.searchesOf(ids).filter((search) => search.status === "active" && search.vehicleId === undefined);
  }

  async watchers(vehicleIds: readonly string[]): Promise<SavedSearch[]> {
    return vehicleIds.flatMap((vehicleId) => this.searchesOf(this.byVehicle.get(vehicleId)).filter(({ status }) => status === "active"));
  }

  async withPending(): Promise<SavedSearch[]> {
    return [...this.searches.values()].filter((search) => search.status === "active" && search.pending.length > 0);
  }

  async idleSince(cutoff: Date): Promise<SavedSearch[]> {
    return [...this.searches.values()].filter((search) => search.status !== "unconfirmed" && search.lastActiveAt < cutoff);
  }

  async demand() {
    return countDemand(this.searches.values());
  }

  async cursor(): Promise<AlertCursor | undefined> {
    return this.state.cursor && { ...this.state.cursor };
  }

  async pricesOf(ids: readonly string[]): Promise<Map<string, PriceSeen>> {
    const found = new Map<string, PriceSeen>();
    for (const id of ids) {
      const seen = this.prices.get(id);
      if (seen) found.set(id, seen);
    }
    return found;
  }

  async allPrices(): Promise<Map<string, PriceSeen>> {
    return new Map(this.prices.entries());
  }

  recordRound({ progress, prices, cursor }: AlertRound): Promise<void> {
    return this.serially(async () => {
      const changed: [string, SavedSearch][] = [];
      for (const { id, ...made } of progress) {
        const current = this.searches.get(id);
        // Deleted meanwhile (unsubscribed): its progress is no one's.
        if (current) changed.push([id, { ...current, ...made }]);
      }
      await this.searches.write(changed);
      await this.prices.write(prices);
      await this.writeState({ ...this.state, cursor });
    });
  }

  async close(): Promise<void> {
    await this.queue;
  }

  private async removeNow(searches: readonly SavedSearch[]): Promise<number> {
    if (searches.length === 0) return 0;
    for (const search of searches) this.unindex(search);
    await this.searches.write(searches.map(({ id }) => [id, undefined] as const));
    await this.searches.rewrite();
    return searches.length;
  }

  private searchesOf(ids: Iterable<string> | undefined): SavedSearch[] {
    const found: SavedSearch[] = [];
    for (const id of ids ?? []) {
      const search = this.searches.get(id);
      if (search) found.push(search);
    }
    return found;
  }

  private index(search: SavedSearch): void {
    if (search.vehicleId === undefined) addTo(this.byMake, makeIndexKey(search.type, search.makeKey), search.id);
    else addTo(this.byVehicle, search.vehicleId, search.id);
    addTo(this.byRecipient, search.recipient, search.id);
  }

  private unindex(search: SavedSearch): void {
    if (search.vehicleId === undefined) removeFrom(this.byMake, makeIndexKey(search.type, search.makeKey), search.id);
    else removeFrom(this.byVehicle, search.vehicleId, search.id);
    removeFrom(this.byRecipient, search.recipient, search.id);
  }

  private async writeState(state: StateFile): Promise<void> {
    await writeFileAtomically(path.join(this.directory, STATE_FILE), [JSON.stringify(state)]);
    this.state = state;
  }

  private serially<R>(work: () => Promise<R>): Promise<R> {
    const run = this.queue.then(work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

function makeIndexKey(type: VehicleType, makeKey: string): string {
  return `${type}|${makeKey}`;
}

function addTo(index: Map<string, Set<string>>, key: string, id: string): void {
  let ids = index.get(key);
  if (!ids) index.set(key, (ids = new Set()));
  ids.add(id);
}

function removeFrom(index: Map<string, Set<string>>, key: string, id: string): void {
  const ids = index.get(key);
  ids?.delete(id);
  if (ids?.size === 0) index.delete(key);
}

async function readState(file: string): Promise<StateFile> {
  try {
    return JSON.parse(await readFile(file, "utf8")) as StateFile;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return {};
    throw error;
  }
}

/**
 * A saved search read back: JSON holds its dates as text. The consent's words, the same in
 * most searches, are kept once in memory rather than once per search.
 */
function searchFromJson(raw: unknown, interned: Map<string, string>): SavedSearch {
  const search = raw as SavedSearch & Record<string, unknown>;
  const text = interned.get(search.consent.text) ?? search.consent.text;
  interned.set(text, text);
  return {
    ...search,
    consent: { ...search.consent, text, givenAt: new Date(search.consent.givenAt) },
    createdAt: new Date(search.createdAt),
    ...(search.confirmedAt ? { confirmedAt: new Date(search.confirmedAt) } : {}),
    lastActiveAt: new Date(search.lastActiveAt),
    ...(search.lastSentAt ? { lastSentAt: new Date(search.lastSentAt) } : {}),
    pending: search.pending.map((entry) => ({ ...entry, foundAt: new Date(entry.foundAt) })),
  };
}

function priceFromJson(raw: unknown): PriceSeen {
  const { priceGBP, firstSeenAt } = raw as { priceGBP: number; firstSeenAt: string };
  return { priceGBP, firstSeenAt: new Date(firstSeenAt) };
}
