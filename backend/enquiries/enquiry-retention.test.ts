import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, expect, it } from "vitest";
import { capturedLogger } from "../../tests/support/captured-logger";
import { EnquiryRetention } from "./enquiry-retention";
import { openFileEnquiryStores, type EnquiryStores } from "./enquiry-stores";

const DAY = 24 * 60 * 60_000;
let directory: string;
let stores: EnquiryStores;

beforeEach(async () => {
  directory = await mkdtemp(path.join(tmpdir(), "enquiry-retention-"));
  stores = await openFileEnquiryStores(directory, capturedLogger().logger);
});
afterEach(async () => {
  await stores.close();
  await rm(directory, { recursive: true, force: true });
});

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY);
const signUp = { email: "jo@example.com", consent: { wording: "Yes", givenAt: "2030-01-01T00:00:00.000Z" } };
const feedback = { message: "Quick search" };

it("deletes each kind's records once older than that kind's own period", async () => {
  const now = new Date();
  const oldSignUp = await stores.newsletter.add({ enquiry: signUp, receivedAt: daysAgo(now, 731), key: "jo" });
  const keptSignUp = await stores.newsletter.add({ enquiry: signUp, receivedAt: daysAgo(now, 400), key: "sam" });
  const oldFeedback = await stores.feedback.add({ enquiry: feedback, receivedAt: daysAgo(now, 400) });
  const keptFeedback = await stores.feedback.add({ enquiry: feedback, receivedAt: daysAgo(now, 300) });
  const logs = capturedLogger();
  const retention = new EnquiryRetention(
    [
      { name: "newsletter sign-ups", store: stores.newsletter, retentionDays: 730 },
      { name: "feedback", store: stores.feedback, retentionDays: 365 },
    ],
    logs.logger,
  );

  expect(await retention.sweep(now)).toBe(2);
  expect(await stores.newsletter.get(oldSignUp.id)).toBeUndefined();
  expect(await stores.feedback.get(oldFeedback.id)).toBeUndefined();
  expect(await stores.newsletter.get(keptSignUp.id)).toBeDefined();
  expect(await stores.feedback.get(keptFeedback.id)).toBeDefined();
  const lines = logs.text().trim().split("\n").map((line) => JSON.parse(line) as Record<string, unknown>);
  expect(lines).toMatchObject([
    { deleted: 1, retentionDays: 730, msg: "Deleted newsletter sign-ups past their retention period" },
    { deleted: 1, retentionDays: 365, msg: "Deleted feedback past their retention period" },
  ]);
  // The address may sign up again: its old key went with its record.
  expect(await stores.newsletter.add({ enquiry: signUp, receivedAt: now, key: "jo" })).toMatchObject({ created: true });
});

it("sweeps at start without being asked", async () => {
  const { id } = await stores.feedback.add({ enquiry: feedback, receivedAt: daysAgo(new Date(), 31) });
  const retention = new EnquiryRetention([{ name: "feedback", store: stores.feedback, retentionDays: 30 }], capturedLogger().logger);
  retention.start();
  await retention.stop();
  expect(await stores.feedback.get(id)).toBeUndefined();
});
