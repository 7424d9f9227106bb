import { MongoBulkWriteError, MongoDriverError, MongoNetworkError } from "mongodb";
import { describe, expect, it } from "vitest";
import { isEngineOutage } from "./engine-health";

/** The driver's own class for it is not exported; its name is what it shows. */
class WaitQueueTimeout extends MongoDriverError {
  override get name(): string {
    return "MongoWaitQueueTimeoutError";
  }
}

/** What the driver throws from a bulk write, wrapping `error` as its bulk code does. */
const bulkWriteFailure = (error: ConstructorParameters<typeof MongoBulkWriteError>[0]) =>
  new MongoBulkWriteError(error, {} as ConstructorParameters<typeof MongoBulkWriteError>[1]);

describe("isEngineOutage", () => {
  it("takes a bulk write the driver could not send (no free connection in time) for an outage", () => {
    const noConnection = new WaitQueueTimeout("Timed out while checking out a connection from connection pool");
    expect(isEngineOutage(noConnection)).toBe(true);
    expect(isEngineOutage(bulkWriteFailure(noConnection))).toBe(true);
    expect(isEngineOutage(bulkWriteFailure(new MongoNetworkError("connection reset")))).toBe(true);
  });

  it("does not take a write the server refused for an outage", () => {
    const duplicate = bulkWriteFailure({
      message: "E11000 duplicate key error",
      code: 11000,
      writeErrors: [{ index: 0, code: 11000, errmsg: "E11000 duplicate key error" }] as never,
    });
    expect(isEngineOutage(duplicate)).toBe(false);
    expect(isEngineOutage(bulkWriteFailure({ message: "waiting for replication timed out", code: 64 }))).toBe(false);
  });
});
