import { describe, expect, it } from "vitest";
import { NEW_WORK, type StoredLead } from "../../backend/leads/lead-store";
import type { OpenedLead } from "../../backend/staff/lead-inbox";
import { leadDetail } from "./lead-detail.server";
import { leadListItem, staffNames, type ListContext } from "./lead-views.server";

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
    licence: true,
    vehicleId: "fiesta-2019",
    vehicle,
  },
  forwardAttempts: 0,
  work: NEW_WORK,
};

const page = { dealerName: "Mersey Motors", staffName: "Alex Seller" };
const opened = (change: Partial<OpenedLead> = {}): OpenedLead => ({ lead, sameContact: [], forwarding: true, ...change });
const detailOf = (change: Partial<OpenedLead> = {}) => leadDetail(opened(change), [{ id: "staff-1", name: "Alex Seller" }], page);

describe("a lead's staff page", () => {
  it("says every value in words, with the phone and e-mail address as links, and the vehicle in its own section", () => {
    const { fields } = detailOf();
    expect(fields).toEqual([
      { label: "Name", value: "Jo Bloggs" },
      { label: "E-mail address", value: "jo@example.com", href: "mailto:jo@example.com" },
      { label: "Phone", value: "07700 900124", href: "tel:07700900124" },
      { label: "Day and time", value: "Monday 23 November, 10:00" },
      { label: "Full UK licence", value: "yes" },
    ]);
  });

  it("shows a finance applicant's previous addresses one to a line, with the time at each", () => {
    const application: StoredLead = {
      ...lead,
      kind: "finance-application",
      data: {
        firstName: "Jo",
        residenceYears: 1,
        previousAddresses: [
          { address1: "2 Dock Road", city: "Leeds", postcode: "LS1 1AA", residenceYears: 1, residenceMonths: 6 },
          { address1: "Flat 3", address2: "9 Mill Lane", city: "York", postcode: "YO1 7HH" },
        ],
      },
    };
    expect(detailOf({ lead: application }).fields).toEqual([
      { label: "First name", value: "Jo" },
      { label: "Years at the address", value: "1 year" },
      { label: "Previous address", value: "2 Dock Road, Leeds, LS1 1AA, for 1 year and 6 months" },
      { label: "Address before that", value: "Flat 3, 9 Mill Lane, York, YO1 7HH" },
    ]);
  });

  it("shows the vehicle as a card: its price then, and now its price, or that it sold or went", () => {
    const record = { media: { images: [{ href: "/media/fiesta.jpg" }] }, adverts: { retailAdverts: { totalPrice: { amountGBP: 9500 } } } };
    const forSale = detailOf({ vehicleNow: { id: "fiesta-2019", status: "for sale", record } as unknown as OpenedLead["vehicleNow"] });
    expect(forSale.vehicle).toMatchObject({
      name: "Ford Fiesta (MA19 ABC)",
      photo: "/media/fiesta.jpg",
      priceThen: "£10,000",
      now: "£9,500",
      href: "/vehicles/fiesta-2019",
    });
    expect(detailOf({ vehicleNow: { id: "fiesta-2019", status: "unknown" } }).vehicle).toMatchObject({ now: "No longer in stock" });
    expect(detailOf({ vehicleNow: { id: "fiesta-2019", status: "unknown" } }).vehicle).not.toHaveProperty("href", expect.anything());
    const sold = { id: "fiesta-2019", status: "sold", sold: {} } as unknown as OpenedLead["vehicleNow"];
    expect(detailOf({ vehicleNow: sold }).vehicle).toMatchObject({ now: "Sold", href: "/vehicles/fiesta-2019" });
  });

  it("tells the truth about forwarding: not forwarded at all without a lead address, and no retry then", () => {
    expect(detailOf({ forwarding: false }).forwarding).toEqual({
      text: "Not forwarded: no lead address is set, so it is kept here for staff.",
      waiting: false,
    });
    const waiting = { ...lead, nextAttemptAt: new Date("2026-11-20T10:00:05Z") };
    expect(detailOf({ lead: waiting }).forwarding).toEqual({ text: "Waiting to be sent: due 20 Nov 2026, 10:00.", waiting: true });
  });

  it("offers replies that open the member's mail program with the buyer's address, a subject and a body", () => {
    const replies = detailOf().replies;
    expect(replies.map(({ label }) => label)).toEqual(["Thanks for your enquiry", "When can we call you?", "Test drive confirmed"]);
    const confirmed = new URL(replies[2]!.href);
    expect(confirmed.protocol).toBe("mailto:");
    expect(confirmed.pathname).toBe("jo@example.com");
    expect(confirmed.searchParams.get("subject")).toBe("Your test drive is confirmed (reference K7F3-9QXA)");
    expect(confirmed.searchParams.get("body")).toContain("confirmed for Monday 23 November at 10:00");
    expect(confirmed.searchParams.get("body")).toMatch(/Alex Seller\nMersey Motors$/);
    expect(replies[2]!.href).not.toContain("+");
    expect(detailOf({ lead: { ...lead, data: { name: "Sam", phone: "07700900125" } } }).replies).toEqual([]);
  });

  it("gives the follow-up and its history in words, and lists the person's other leads", () => {
    const followUpAt = new Date("2026-11-30T10:00:00Z");
    const history = [{ at: new Date("2026-11-20T11:00:00Z"), byId: "staff-1", change: "follow-up" as const, to: followUpAt.toISOString() }];
    const worked = { ...lead, work: { ...NEW_WORK, followUpAt, history } };
    const other = { ...lead, id: "lead-2", reference: "H2M4-7RTP", kind: "enquiry" as const };
    const detail = detailOf({ lead: worked, sameContact: [other] });
    expect(detail.followUp).toEqual({ text: "Monday 30 November, 10:00", date: "2026-11-30", time: "10:00" });
    expect(detail.history.map(({ text }) => text)).toEqual(["Alex Seller set a follow-up for Monday 30 November, 10:00"]);
    expect(detail.sameContact).toEqual([
      expect.objectContaining({ id: "lead-2", reference: "H2M4-7RTP", kindLabel: "Vehicle enquiry", status: "new" }),
    ]);
  });
});

describe("a lead in the inbox", () => {
  const context: ListContext = {
    now: new Date("2026-11-20T12:30:00Z"),
    replyTargetHours: 2,
    nameOf: staffNames([{ id: "staff-1", name: "Alex" }]),
  };

  it("says how long it has waited, late once still new after the reply target, who has it and when to follow up", () => {
    expect(leadListItem(lead, context)).toMatchObject({ age: { text: "2 h", late: true } });
    expect(leadListItem({ ...lead, work: { ...NEW_WORK, status: "contacted" } }, context).age).toEqual({ text: "2 h", late: false });
    expect(leadListItem(lead, { ...context, replyTargetHours: 3 }).age.late).toBe(false);
    expect(leadListItem(lead, { ...context, now: new Date("2026-11-20T10:12:00Z") }).age.text).toBe("12 min");
    expect(leadListItem(lead, { ...context, now: new Date("2026-11-23T10:00:00Z") }).age.text).toBe("3 d");
    const worked = { ...lead, work: { ...NEW_WORK, assigneeId: "staff-1", followUpAt: new Date("2026-11-20T12:00:00Z") } };
    expect(leadListItem(worked, context)).toMatchObject({
      assignee: "Alex",
      followUp: { text: "Today, 12:00", overdue: true },
    });
    const tomorrow = { ...lead, work: { ...NEW_WORK, followUpAt: new Date("2026-11-21T09:30:00Z") } };
    expect(leadListItem(tomorrow, context).followUp).toMatchObject({ text: "Tomorrow, 09:30", overdue: false });
    expect(leadListItem(lead, context)).not.toHaveProperty("assignee");
  });
});

describe("a likely duplicate", () => {
  const earlier = { id: "lead-0", reference: "H2M4-7RTP", receivedAt: new Date("2026-11-20T09:57:00Z") };
  it("is badged in the inbox and names the earlier lead and how much earlier on its page", () => {
    const repeat = { ...lead, likelyDuplicateOf: earlier };
    const context = { now: new Date(), replyTargetHours: 2, nameOf: staffNames([]) };
    expect(leadListItem(repeat, context).likelyDuplicateOf).toBe("H2M4-7RTP");
    expect(leadListItem(lead, context)).not.toHaveProperty("likelyDuplicateOf");
    expect(detailOf({ lead: repeat }).likelyDuplicateOf).toEqual({
      id: "lead-0",
      reference: "H2M4-7RTP",
      earlier: "sent 3 minutes earlier",
    });
    const hoursLater = { ...lead, likelyDuplicateOf: { ...earlier, receivedAt: new Date("2026-11-20T05:00:00Z") } };
    expect(detailOf({ lead: hoursLater }).likelyDuplicateOf?.earlier).toBe("sent 5 hours earlier");
    expect(detailOf().likelyDuplicateOf).toBeUndefined();
  });
});
