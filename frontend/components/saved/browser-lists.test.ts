import { describe, expect, it } from "vitest";
import { VEHICLE_LISTS } from "../../../domain/vehicle-lists";
import { hasRoomFor, parseIdList, StoredIdList, toggledIn, viewedIn } from "./browser-lists";

/** An in-memory Storage, as the browser's localStorage behaves for these calls. */
function memoryStorage(initial: Record<string, string> = {}): Storage {
  const items = new Map(Object.entries(initial));
  return {
    get length() {
      return items.size;
    },
    key: (index) => [...items.keys()][index] ?? null,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
    clear: () => items.clear(),
  };
}

const ids = (count: number, prefix = "v") => Array.from({ length: count }, (_, i) => `${prefix}${i}`);

describe("parseIdList", () => {
  it("reads a stored list of ids", () => {
    expect(parseIdList('["a1","b2"]', 6)).toEqual(["a1", "b2"]);
  });

  it("reads nothing stored, bad JSON or another shape as an empty list", () => {
    expect(parseIdList(null, 6)).toEqual([]);
    expect(parseIdList("{not json", 6)).toEqual([]);
    expect(parseIdList('{"ids":["a1"]}', 6)).toEqual([]);
    expect(parseIdList('"a1"', 6)).toEqual([]);
  });

  it("drops entries that are not well-formed ids, and repeats", () => {
    expect(parseIdList('["a1", 7, null, "<script>", "", "a1", "b2"]', 6)).toEqual(["a1", "b2"]);
  });

  it("keeps at most the cap, newest first", () => {
    expect(parseIdList(JSON.stringify(ids(10)), 6)).toEqual(ids(6));
  });
});

describe("list changes", () => {
  it("toggling saves a vehicle first and unsaves it again", () => {
    expect(toggledIn(["a"], "b", 50)).toEqual(["b", "a"]);
    expect(toggledIn(["b", "a"], "b", 50)).toEqual(["a"]);
  });

  it("saving past the cap lets the oldest go", () => {
    const full = ids(VEHICLE_LISTS.saved);
    const after = toggledIn(full, "new", VEHICLE_LISTS.saved);
    expect(after).toHaveLength(VEHICLE_LISTS.saved);
    expect(after[0]).toBe("new");
    expect(after).not.toContain(full.at(-1));
  });

  it("a vehicle viewed again moves to the front, and only the last six are kept", () => {
    expect(viewedIn(["a", "b", "c"], "c", 6)).toEqual(["c", "a", "b"]);
    const seen = ids(8).reduce<string[]>((list, id) => viewedIn(list, id, VEHICLE_LISTS.recentlyViewed), []);
    expect(seen).toEqual(["v7", "v6", "v5", "v4", "v3", "v2"]);
  });

  it("a full compare list has no room for a fourth, but one already in can leave", () => {
    expect(hasRoomFor(["a", "b"], "c", 3)).toBe(true);
    expect(hasRoomFor(["a", "b", "c"], "d", 3)).toBe(false);
    expect(hasRoomFor(["a", "b", "c"], "a", 3)).toBe(true);
  });
});

describe("StoredIdList", () => {
  it("keeps a list in storage and tells its listeners of each change", () => {
    const storage = memoryStorage();
    const saved = new StoredIdList("saved", () => storage);
    let changes = 0;
    const stop = saved.subscribe(() => changes++);
    saved.toggle("a1");
    saved.toggle("b2");
    expect(saved.ids()).toEqual(["b2", "a1"]);
    expect(JSON.parse(storage.getItem("dealer:saved-vehicles")!)).toEqual(["b2", "a1"]);
    saved.remove("b2");
    expect(saved.ids()).toEqual(["a1"]);
    expect(changes).toBe(3);
    stop();
    saved.clear();
    expect(changes).toBe(3);
    expect(saved.ids()).toEqual([]);
  });

  it("answers the same array until the list changes", () => {
    const storage = memoryStorage({ "dealer:saved-vehicles": '["a1"]' });
    const saved = new StoredIdList("saved", () => storage);
    expect(saved.ids()).toBe(saved.ids());
  });

  it("starts afresh over a corrupt stored value instead of failing", () => {
    const storage = memoryStorage({ "dealer:recently-viewed": "[oops" });
    const recent = new StoredIdList("recentlyViewed", () => storage);
    expect(recent.ids()).toEqual([]);
    recent.viewed("a1");
    expect(recent.ids()).toEqual(["a1"]);
  });

  it("refuses a fourth vehicle to compare and leaves the three chosen", () => {
    const storage = memoryStorage();
    const compared = new StoredIdList("compared", () => storage);
    for (const id of ["a", "b", "c"]) expect(compared.toggleIfRoom(id)).toBe(true);
    expect(compared.toggleIfRoom("d")).toBe(false);
    expect(compared.ids()).toEqual(["c", "b", "a"]);
  });

  it("is an empty list where storage is refused or absent", () => {
    const refusing = {
      ...memoryStorage(),
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => {
        throw new Error("QuotaExceededError");
      },
    } as Storage;
    const saved = new StoredIdList("saved", () => refusing);
    expect(saved.ids()).toEqual([]);
    expect(() => saved.toggle("a1")).not.toThrow();
    expect(new StoredIdList("saved", () => undefined).ids()).toEqual([]);
  });
});
