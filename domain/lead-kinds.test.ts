import { describe, expect, it } from "vitest";
import {
  ERASED_KINDS_TEXT,
  LEAD_KIND_NAMES,
  LEAD_KINDS,
  SITE_PAGE_LEAD_KINDS,
  sitePageKindOf,
  sitePageOf,
  VEHICLE_PAGE_LEAD_KINDS,
  vehicleKindOfSlug,
  vehicleSlugOf,
  type LeadKindEntry,
} from "./lead-kinds";
import { scheduleOf } from "./opening-hours";

/** The one table of lead kinds: every kind has a schema that loads, a page of its own, and words of its own. */
const SCHEDULE = scheduleOf({ openingHours: [{ days: "Monday to Saturday", hours: "9am to 6pm" }] });
const entries = LEAD_KIND_NAMES.map((kind) => [kind, LEAD_KINDS[kind] as LeadKindEntry] as const);

describe("the lead kinds", () => {
  it("names each kind once, in the table's order", () => {
    expect(Object.keys(LEAD_KINDS)).toEqual([...LEAD_KIND_NAMES]);
  });

  it.each(entries)("fetches %s's schema, which turns away an empty submission naming a field", async (_kind, entry) => {
    const { schema, problemsOf } = await entry.check({ now: new Date("2026-03-02T10:00:00Z"), schedule: SCHEDULE });
    const parsed = schema.safeParse({});
    expect(parsed.success).toBe(false);
    expect(Object.keys(problemsOf(parsed.error!)).length).toBeGreaterThan(0);
  });

  it("gives every kind a page, and no two the same address", () => {
    expect([...SITE_PAGE_LEAD_KINDS, ...VEHICLE_PAGE_LEAD_KINDS].sort()).toEqual([...LEAD_KIND_NAMES].sort());
    const addresses = [
      ...SITE_PAGE_LEAD_KINDS.map((kind) => sitePageOf(kind).path),
      ...VEHICLE_PAGE_LEAD_KINDS.map((kind) => `/vehicles/{id}/${vehicleSlugOf(kind)}`),
    ];
    expect(new Set(addresses).size).toBe(addresses.length);
    for (const kind of SITE_PAGE_LEAD_KINDS) expect(sitePageKindOf(sitePageOf(kind).path)).toBe(kind);
    for (const kind of VEHICLE_PAGE_LEAD_KINDS) expect(vehicleKindOfSlug(vehicleSlugOf(kind))).toBe(kind);
    expect(vehicleKindOfSlug("enquire")).toBe("enquiry");
  });

  it("gives every kind its own label, API error code and retention setting", () => {
    for (const part of [
      (entry: LeadKindEntry) => entry.label,
      (entry: LeadKindEntry) => entry.api.invalidCode,
      (entry: LeadKindEntry) => entry.retention.setting,
    ]) {
      const values = entries.map(([, entry]) => part(entry));
      expect(new Set(values).size).toBe(values.length);
    }
  });

  it("marks only the test drive as booking a time, and only the newsletter's repeats as unmarked", () => {
    expect(entries.filter(([, entry]) => entry.booksTime).map(([kind]) => kind)).toEqual(["test-drive"]);
    expect(entries.filter(([, entry]) => !entry.api.replayedHeader).map(([kind]) => kind)).toEqual(["newsletter"]);
  });

  it("words what an erasure deletes from the table, every kind named", () => {
    expect(ERASED_KINDS_TEXT).toBe(
      "finance applications, part-exchange requests, vehicle enquiries, test-drive bookings, call-back requests, feedback and the newsletter sign-up",
    );
  });
});
