import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { DEFAULT_RETENTION_DAYS, type LeadKindName } from "../../domain/lead-kinds";
import { capturedLogger } from "../../tests/support/captured-logger";
import { FileLeadStore } from "./file-lead-store";
import { LeadRetention } from "./lead-retention";

const DAY = 24 * 60 * 60_000;
// The periods below; any kind added since at its default.
const SETTINGS = {
  ...DEFAULT_RETENTION_DAYS,
  FINANCE_RETENTION_DAYS: 90,
  PART_EXCHANGE_RETENTION_DAYS: 90,
  ENQUIRY_RETENTION_DAYS: 90,
  TEST_DRIVE_RETENTION_DAYS: 30,
  CALL_BACK_RETENTION_DAYS: 90,
  FEEDBACK_RETENTION_DAYS: 365,
  NEWSLETTER_RETENTION_DAYS: 730,
};
let dataDir: string;
let store: FileLeadStore;

beforeEach(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "lead-retention-"));
  store = await FileLeadStore.open(dataDir);
});
afterEach(async () => {
  await store.close();
  await rm(dataDir, { recursive: true, force: true });
});

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);
const add = (kind: LeadKindName, receivedAt: Date, key?: string) =>
  store.add({ kind, receivedAt, data: { message: "Quick search" }, key, forwarded: kind === "finance-application" });

it("deletes each kind's leads, forwarded or not, once older than that kind's own period", async () => {
  const now = new Date();
  const expired = await add("finance-application", daysAgo(now, 91));
  const forwardedAndExpired = await add("finance-application", daysAgo(now, 200));
  await store.markForwarded(forwardedAndExpired.id, daysAgo(now, 199));
  const keptApplication = await add("finance-application", daysAgo(now, 89));
  const oldSignUp = await add("newsletter", daysAgo(now, 731), "jo");
  const keptSignUp = await add("newsletter", daysAgo(now, 400), "sam");
  const oldFeedback = await add("feedback", daysAgo(now, 400));
  const oldEnquiry = await add("enquiry", daysAgo(now, 91));
  const oldTestDrive = await add("test-drive", daysAgo(now, 31));
  const keptCallBack = await add("call-back", daysAgo(now, 60));
  const logs = capturedLogger();

  expect(await new LeadRetention(store, SETTINGS, logs.logger).sweep(now)).toBe(6);
  for (const gone of [expired, forwardedAndExpired, oldSignUp, oldFeedback, oldEnquiry, oldTestDrive])
    expect(await store.get(gone.id)).toBeUndefined();
  for (const kept of [keptApplication, keptSignUp, keptCallBack]) expect(await store.get(kept.id)).toBeDefined();
  const lines = logs
    .text()
    .trim()
    .split("\n")
    .map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toEqual([
    expect.objectContaining({
      kind: "finance-application",
      deleted: 2,
      retentionDays: 90,
      msg: "Deleted leads past their retention period",
    }),
    expect.objectContaining({ kind: "enquiry", deleted: 1, retentionDays: 90 }),
    expect.objectContaining({ kind: "test-drive", deleted: 1, retentionDays: 30 }),
    expect.objectContaining({ kind: "feedback", deleted: 1, retentionDays: 365 }),
    expect.objectContaining({ kind: "newsletter", deleted: 1, retentionDays: 730 }),
  ]);
  // The address may sign up again: its old key went with its lead.
  expect(await add("newsletter", now, "jo")).toMatchObject({ created: true });
});

it("sweeps at start without being asked", async () => {
  const { id } = await add("feedback", daysAgo(new Date(), 31));
  const retention = new LeadRetention(store, { ...SETTINGS, FEEDBACK_RETENTION_DAYS: 30 }, capturedLogger().logger);
  retention.start();
  await retention.stop();
  expect(await store.get(id)).toBeUndefined();
});
