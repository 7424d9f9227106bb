import { describe, expect, it } from "vitest";
import { setUpOnFirstUse } from "./set-up-on-first-use";

class Shelf {
  setUps = 0;
  failNextSetUp = false;
  watching = false;
  async setUp(): Promise<void> {
    this.setUps++;
    await new Promise((resolve) => setTimeout(resolve, 5));
    if (this.failNextSetUp) {
      this.failNextSetUp = false;
      throw new Error("no server");
    }
  }
  async read(id: string): Promise<string> {
    return `read ${id} after ${this.setUps} set-up(s)`;
  }
  watch(): () => void {
    this.watching = true;
    return () => (this.watching = false);
  }
}

describe("setUpOnFirstUse", () => {
  it("sets the store up once, before the first call, however many calls arrive together", async () => {
    const shelf = new Shelf();
    const { store } = setUpOnFirstUse(shelf, () => shelf.setUp(), ["watch"]);
    expect(shelf.setUps).toBe(0);
    expect(await Promise.all([store.read("a"), store.read("b")])).toEqual(["read a after 1 set-up(s)", "read b after 1 set-up(s)"]);
    expect(await store.read("c")).toBe("read c after 1 set-up(s)");
  });

  it("fails a call as its set-up fails, and tries the set-up again at the next call", async () => {
    const shelf = new Shelf();
    shelf.failNextSetUp = true;
    const { store } = setUpOnFirstUse(shelf, () => shelf.setUp(), ["watch"]);
    await expect(store.read("a")).rejects.toThrow("no server");
    expect(await store.read("a")).toBe("read a after 2 set-up(s)");
  });

  it("passes the methods that need no set-up straight through, synchronously", () => {
    const shelf = new Shelf();
    const { store } = setUpOnFirstUse(shelf, () => shelf.setUp(), ["watch"]);
    const stop = store.watch();
    expect(shelf.watching).toBe(true);
    expect(shelf.setUps).toBe(0);
    stop();
    expect(shelf.watching).toBe(false);
  });

  it("runs the set-up when asked, so that a start can find out whether the database answers", async () => {
    const shelf = new Shelf();
    const { setUp } = setUpOnFirstUse(shelf, () => shelf.setUp(), ["watch"]);
    await setUp();
    await setUp();
    expect(shelf.setUps).toBe(1);
  });
});
