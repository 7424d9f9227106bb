import { describe, expect, it } from "vitest";
import { NEW_WORK, type StoredLead } from "../../backend/leads/lead-store";
import { leadDetail } from "./lead-detail.server";
import { leadListItem } from "./lead-views.server";

const vehicle = { id: "fiesta-2019", inStock: true, make: "Ford", model: "Fiesta", registration: "MA19 ABC", priceGBP: 10000 };

/** A test-drive booking as the store keeps it: the vehicle beside the fields, and inside what was sent. */
const lead: StoredLead = {
  id: "lead-1",
  kind: "test-drive",
  reference: "K7F3-9QXA",
  receivedAt: new Date("2026-11-20T10:00:00Z"),
  vehicle,
  data: {
    name: "Jo Bloggs",
    email: "jo@example.com",
    phone: "07700900124",
    day: "2026-11-23",
    time: "10:00",
    vehicleId: "fiesta-2019",
    vehicle,
  },
  forwardAttempts: 0,
  work: NEW_WORK,
};

describe("a lead's staff page", () => {
  it("shows the vehicle in its own section, never as a field of raw JSON", () => {
    const detail = leadDetail({ lead, vehicleNow: undefined }, []);
    expect(detail.fields.map((field) => field.label)).not.toContain("Vehicle");
    expect(detail.fields.some((field) => field.value.startsWith("{"))).toBe(false);
    expect(detail.vehicle).toMatchObject({ id: "fiesta-2019", priceThen: 10000, inStockNow: false });
    expect(detail.fields.map((field) => field.label)).toEqual(["Name", "E-mail address", "Phone", "Day", "Time"]);
  });
});

describe("a likely duplicate", () => {
  const earlier = { id: "lead-0", reference: "H2M4-7RTP", receivedAt: new Date("2026-11-20T09:57:00Z") };
  it("is badged in the inbox and names the earlier lead and how much earlier on its page", () => {
    const repeat = { ...lead, likelyDuplicateOf: earlier };
    expect(leadListItem(repeat).likelyDuplicateOf).toBe("H2M4-7RTP");
    expect(leadListItem(lead)).not.toHaveProperty("likelyDuplicateOf");
    expect(leadDetail({ lead: repeat, vehicleNow: undefined }, []).likelyDuplicateOf).toEqual({
      id: "lead-0",
      reference: "H2M4-7RTP",
      earlier: "sent 3 minutes earlier",
    });
    const hoursLater = { ...lead, likelyDuplicateOf: { ...earlier, receivedAt: new Date("2026-11-20T05:00:00Z") } };
    expect(leadDetail({ lead: hoursLater, vehicleNow: undefined }, []).likelyDuplicateOf?.earlier).toBe("sent 5 hours earlier");
    expect(leadDetail({ lead, vehicleNow: undefined }, []).likelyDuplicateOf).toBeUndefined();
  });
});
