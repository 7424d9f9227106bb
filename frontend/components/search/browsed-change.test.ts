import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { BROWSING_PAUSE_MS, BrowsedChange, movesChoice } from "./browsed-change";

describe("a change browsed to with the keyboard", () => {
  let applied: string[];
  let shown: (string | undefined)[];
  let change: BrowsedChange<string>;

  beforeEach(() => {
    vi.useFakeTimers();
    applied = [];
    shown = [];
    change = new BrowsedChange<string>(
      (value) => applied.push(value),
      (draft) => shown.push(draft),
    );
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("applies a committed change at once", () => {
    change.propose("Ford", false);
    expect(applied).toEqual(["Ford"]);
    expect(shown).toEqual([undefined]);
  });

  it("shows each option arrowed past but applies only the last, once the buyer pauses", () => {
    for (const make of ["Audi", "BMW", "Citroen", "Dacia"]) {
      change.propose(make, true);
      vi.advanceTimersByTime(BROWSING_PAUSE_MS - 1);
    }
    expect(applied).toEqual([]);
    expect(shown).toEqual(["Audi", "BMW", "Citroen", "Dacia"]);
    vi.advanceTimersByTime(1);
    expect(applied).toEqual(["Dacia"]);
    expect(shown.at(-1)).toBeUndefined();
    vi.advanceTimersByTime(BROWSING_PAUSE_MS * 3);
    expect(applied).toEqual(["Dacia"]);
  });

  it("applies the option reached at once when the buyer leaves the control, and only once", () => {
    change.propose("Audi", true);
    change.propose("BMW", true);
    change.flush();
    expect(applied).toEqual(["BMW"]);
    vi.advanceTimersByTime(BROWSING_PAUSE_MS);
    change.flush();
    expect(applied).toEqual(["BMW"]);
  });

  it("lets a committed change replace one still waiting", () => {
    change.propose("Audi", true);
    change.propose("Volvo", false);
    vi.advanceTimersByTime(BROWSING_PAUSE_MS);
    expect(applied).toEqual(["Volvo"]);
  });

  it("drops a waiting change when cancelled", () => {
    change.propose("Audi", true);
    change.cancel();
    vi.advanceTimersByTime(BROWSING_PAUSE_MS);
    change.flush();
    expect(applied).toEqual([]);
  });
});

describe("keys that move a closed select's choice", () => {
  it("are the arrows, Home, End, the page keys and letters typed to jump", () => {
    for (const key of ["ArrowDown", "ArrowUp", "ArrowLeft", "ArrowRight", "Home", "End", "PageUp", "PageDown", "f", "7"])
      expect(movesChoice(key), key).toBe(true);
  });

  it("are not Enter, Tab, Escape or a modifier", () => {
    for (const key of ["Enter", "Tab", "Escape", "Shift", "Control"]) expect(movesChoice(key), key).toBe(false);
  });
});
