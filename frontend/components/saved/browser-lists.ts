import { VEHICLE_ID_PATTERN } from "../../../domain/vehicle-id";
import { VEHICLE_LISTS, type VehicleListName } from "../../../domain/vehicle-lists";

/**
 * A visitor's lists of vehicles (saved, chosen to compare, recently viewed), kept in the
 * browser's localStorage as JSON arrays of ids, newest first. What is stored may have been
 * written by an older version of the site or edited by hand: anything that is not a list of
 * well-formed ids is read as an empty list, and a bad entry is dropped, never thrown over.
 */

const STORAGE_KEYS: Record<VehicleListName, string> = {
  saved: "dealer:saved-vehicles",
  compared: "dealer:compared-vehicles",
  recentlyViewed: "dealer:recently-viewed",
};

/** The ids a stored value holds, at most `most` of them: checked by hand, as zod stays off the pages' first load (page-weight.spec.ts). */
export function parseIdList(stored: string | null, most: number): string[] {
  if (stored === null) return [];
  let value: unknown;
  try {
    value = JSON.parse(stored);
  } catch {
    return [];
  }
  if (!Array.isArray(value)) return [];
  const ids = value.filter((id): id is string => typeof id === "string" && VEHICLE_ID_PATTERN.test(id));
  return [...new Set(ids)].slice(0, most);
}

/** Saved or unsaved: a new one goes first, and past the cap the oldest is let go. */
export function toggledIn(ids: readonly string[], id: string, most: number): string[] {
  return ids.includes(id) ? ids.filter((other) => other !== id) : [id, ...ids].slice(0, most);
}

/** Seen again: moved to the front, the oldest let go past the cap. */
export function viewedIn(ids: readonly string[], id: string, most: number): string[] {
  return [id, ...ids.filter((other) => other !== id)].slice(0, most);
}

/** Whether one more can join: a full compare list refuses a fourth rather than drop a vehicle the visitor chose. */
export function hasRoomFor(ids: readonly string[], id: string, most: number): boolean {
  return ids.includes(id) || ids.length < most;
}

type Listener = () => void;

/**
 * One list in one storage, read once per change (the same array until then, as React's
 * useSyncExternalStore needs) and followed across tabs through the storage event.
 */
export class StoredIdList {
  private readonly key: string;
  private readonly most: number;
  private readonly listeners = new Set<Listener>();
  private cached: { raw: string | null; ids: string[] } | undefined;

  constructor(
    name: VehicleListName,
    private readonly storage: () => Storage | undefined,
  ) {
    this.key = STORAGE_KEYS[name];
    this.most = VEHICLE_LISTS[name];
  }

  ids = (): string[] => {
    const raw = this.read();
    if (this.cached?.raw !== raw) this.cached = { raw, ids: parseIdList(raw, this.most) };
    return this.cached.ids;
  };

  toggle(id: string): void {
    this.write(toggledIn(this.ids(), id, this.most));
  }

  /** Adds or removes; false, changing nothing, when the list is full. */
  toggleIfRoom(id: string): boolean {
    if (!hasRoomFor(this.ids(), id, this.most)) return false;
    this.toggle(id);
    return true;
  }

  viewed(id: string): void {
    this.write(viewedIn(this.ids(), id, this.most));
  }

  remove(id: string): void {
    this.write(this.ids().filter((other) => other !== id));
  }

  clear(): void {
    this.write([]);
  }

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    const onStorage = (event: StorageEvent) => {
      if (event.key === this.key || event.key === null) listener();
    };
    if (typeof window !== "undefined") window.addEventListener("storage", onStorage);
    return () => {
      this.listeners.delete(listener);
      if (typeof window !== "undefined") window.removeEventListener("storage", onStorage);
    };
  };

  private read(): string | null {
    try {
      return this.storage()?.getItem(this.key) ?? null;
    } catch {
      // Storage refused (a privacy mode, a blocked site): the lists are simply empty.
      return null;
    }
  }

  private write(ids: string[]): void {
    try {
      this.storage()?.setItem(this.key, JSON.stringify(ids));
    } catch {
      // Full or refused storage: nothing is kept, and the page goes on.
    }
    for (const listener of this.listeners) listener();
  }
}

const browserStorage = () => (typeof window === "undefined" ? undefined : window.localStorage);

export const savedVehicles = new StoredIdList("saved", browserStorage);
export const comparedVehicles = new StoredIdList("compared", browserStorage);
export const recentlyViewed = new StoredIdList("recentlyViewed", browserStorage);
