import { describe, expect, it } from "vitest";
import { capturedLogger } from "../tests/support/captured-logger";
import { EngineHealth, EngineUnavailableError } from "./engine-health";
import { loadWhenStoreAnswers } from "./when-store-answers";

describe("loadWhenStoreAnswers", () => {
  it("loads at once when the store answers", async () => {
    const { logger } = capturedLogger();
    let loads = 0;
    const load = await loadWhenStoreAnswers(async () => void loads++, new EngineHealth(logger), logger, 10);
    expect(loads).toBe(1);
    await load.stop();
  });

  it("returns when the store is down, tries again until it answers, and logs the outage and the recovery once each", async () => {
    const logs = capturedLogger();
    let tries = 0;
    let loaded = false;
    const load = await loadWhenStoreAnswers(
      async () => {
        if (++tries < 4) throw new EngineUnavailableError("store");
        loaded = true;
      },
      new EngineHealth(logs.logger),
      logs.logger,
      10,
    );
    expect(loaded).toBe(false);
    await expect.poll(() => loaded).toBe(true);
    expect(tries).toBe(4);
    const lines = logs.text().split("\n");
    expect(lines.filter((line) => line.includes("engine is unavailable"))).toHaveLength(1);
    expect(lines.filter((line) => line.includes("engine is back"))).toHaveLength(1);
    await load.stop();
  });

  it("stops the start on a failure that is not an outage", async () => {
    const { logger } = capturedLogger();
    await expect(
      loadWhenStoreAnswers(async () => Promise.reject(new Error("a wrong setting")), new EngineHealth(logger), logger, 10),
    ).rejects.toThrow("a wrong setting");
  });

  it("stops trying when stopped", async () => {
    const { logger } = capturedLogger();
    let tries = 0;
    const load = await loadWhenStoreAnswers(
      async () => {
        tries++;
        throw new EngineUnavailableError("store");
      },
      new EngineHealth(logger),
      logger,
      10,
    );
    await expect.poll(() => tries).toBeGreaterThan(1);
    await load.stop();
    const stoppedAt = tries;
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(tries).toBe(stoppedAt);
  });
});
