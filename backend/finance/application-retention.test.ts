import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { financeApplicationSchema } from "../../domain/finance-application";
import { capturedLogger } from "../../tests/support/captured-logger";
import { validApplication } from "../../tests/support/finance-applications";
import { ApplicationRetention } from "./application-retention";
import { FileApplicationStore } from "./file-application-store";

const DAY = 24 * 60 * 60_000;
const application = financeApplicationSchema.parse(validApplication());
let directory: string;
let store: FileApplicationStore;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "retention-"));
  store = await FileApplicationStore.open(directory);
});
afterEach(async () => {
  await store.close();
  await rm(directory, { recursive: true, force: true });
});

it("deletes applications, forwarded or not, once they are older than the retention period", async () => {
  const now = new Date();
  const expired = await store.add({ application, receivedAt: new Date(now.getTime() - 90 * DAY - 1000) });
  const forwardedAndExpired = await store.add({ application, receivedAt: new Date(now.getTime() - 200 * DAY) });
  await store.markForwarded(forwardedAndExpired.id, new Date(now.getTime() - 199 * DAY));
  const kept = await store.add({ application, receivedAt: new Date(now.getTime() - 89 * DAY) });
  const logs = capturedLogger();

  expect(await new ApplicationRetention(store, 90, logs.logger).sweep(now)).toBe(2);
  expect(await store.get(expired.id)).toBeUndefined();
  expect(await store.get(forwardedAndExpired.id)).toBeUndefined();
  expect(await store.get(kept.id)).toBeDefined();
  expect(JSON.parse(logs.text())).toMatchObject({ deleted: 2, retentionDays: 90 });
});

it("sweeps at start without being asked", async () => {
  const { id } = await store.add({ application, receivedAt: new Date(Date.now() - 31 * DAY) });
  const retention = new ApplicationRetention(store, 30, capturedLogger().logger);
  retention.start();
  await retention.stop();
  expect(await store.get(id)).toBeUndefined();
});
