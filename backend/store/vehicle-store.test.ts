import { describe, expect, it } from "vitest";
import { StockBusyError } from "./vehicle-store";

describe("StockBusyError", () => {
  it("says who holds the stock and until when their lease runs", () => {
    const error = new StockBusyError("indexer-1:42:ab12cd", new Date("2026-11-20T12:05:00.000Z"));
    expect(error.message).toBe(
      "Another stock change is in progress (indexer-1:42:ab12cd, holding the stock until 2026-11-20T12:05:00.000Z " +
        "unless it renews its lease); try again when it has finished",
    );
  });

  it("names just the holder of a lock that has no expiry", () => {
    expect(new StockBusyError("process 42").message).toBe(
      "Another stock change is in progress (process 42); try again when it has finished",
    );
  });
});
