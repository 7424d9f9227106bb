import { describe, expect, it } from "vitest";
import { loadDealer } from "../dealer-config";
import {
  assigneeNotice,
  buyerConfirmation,
  buyerOf,
  dealerNotice,
  foldedLeadsNotice,
  leadEntry,
  passwordLinkMail,
  receivedWhen,
  telHref,
  vehicleText,
  waitingDigest,
} from "./mail-notices";
import type { ArrivedLead } from "../leads/lead-store";
import { escapeHtml } from "./mail-layout";

const dealer = await loadDealer("dealer.json");
const context = { dealer, siteOrigin: "https://www.dockside-motors.example" };
const vehicle = {
  id: "fiesta-2019",
  inStock: true,
  make: "Ford",
  model: "Fiesta",
  registration: "MA19 ABC",
  mileage: 32000,
  priceGBP: 10000,
};
/** A buyer whose every field is personal, and whose name would break HTML unescaped. */
const data = {
  firstName: "<b>Siobhán</b>",
  surname: "O'Neill & Sons",
  email: "siobhan@example.com",
  phone: "07700 900123",
  dob: "1990-04-23",
  address1: "7 Secret Street",
  postcode: "L1 8JQ",
  employer: "Mersey Ferries",
  netIncome: "2450",
  message: "Call me after six",
};
const lead: ArrivedLead = {
  id: "0b7c7f5e-2f58-4f1c-9d7e-3a1f7b1c2d3e",
  kind: "finance-application",
  reference: "K7F3-9QXA",
  receivedAt: new Date("2026-11-27T09:15:00Z"),
  vehicle,
  data,
};
/** What a finance application holds beyond the name and the ways to reach the buyer: in no e-mail. */
const FINANCE_DETAILS = ["1990-04-23", "7 Secret Street", "L1 8JQ", "Mersey Ferries", "2450", "Call me after six"];
const PERSONAL = [
  "siobhan@example.com",
  "07700 900123",
  "1990-04-23",
  "7 Secret Street",
  "L1 8JQ",
  "Mersey Ferries",
  "2450",
  "Call me after six",
];
const footer = [
  "Dockside Motor Company, 14 Wapping Quay, Liverpool, L3 4BP. 0151 496 0000",
  "Dockside Motor Company Ltd is a credit broker, not a lender, and is authorised and regulated by the Financial Conduct Authority (firm reference number 654321).",
];

describe("the dealer's notice", () => {
  const notice = dealerNotice(context, lead);

  it("goes to the sales address with the kind, reference, vehicle, the buyer's name, phone and e-mail and the link, and no finance details", () => {
    expect(notice).toMatchObject({ id: `lead-${lead.id}-dealer`, to: "sales@dockside-motors.example", replyTo: "siobhan@example.com" });
    expect(notice.subject).toBe("New finance application K7F3-9QXA: Ford Fiesta, MA19 ABC");
    expect(notice.text).toContain(
      "Kind: Finance application\nReference: K7F3-9QXA\nVehicle: Ford Fiesta, MA19 ABC\nFrom: <b>Siobhán</b> O'Neill & Sons\n" +
        "Phone: 07700 900123\nE-mail: siobhan@example.com",
    );
    expect(notice.html).toContain('<a href="tel:+447700900123" style="color:#0b57d0;text-decoration:underline">07700 900123</a>');
    expect(notice.html).toContain('<a href="mailto:siobhan@example.com"');
    expect(notice.text).toContain(`Open the lead: https://www.dockside-motors.example/staff/leads/${lead.id}`);
    expect(notice.text).toContain("Received: Friday 27 November, 09:15");
    for (const detail of FINANCE_DETAILS) {
      expect(notice.text).not.toContain(detail);
      expect(notice.html).not.toContain(detail);
    }
  });

  it("goes to the lead e-mail of the branch the vehicle stood at, and to the dealer's own without a branch it still has", async () => {
    const group = { dealer: await loadDealer("dealer-group.json"), siteOrigin: context.siteOrigin };
    const bolton = group.dealer.branches!.find(({ code }) => code === "bolton")!;
    expect(dealerNotice(group, { ...lead, vehicle: { ...vehicle, branch: "bolton" } }).to).toBe(bolton.leadEmail);
    expect(dealerNotice(group, { ...lead, vehicle: { ...vehicle, branch: "closed-down" } }).to).toBe(group.dealer.email);
    expect(dealerNotice(group, lead).to).toBe(group.dealer.email);
    const { vehicle: _, ...noVehicle } = lead;
    expect(dealerNotice(group, noVehicle).to).toBe(group.dealer.email);
  });

  it("has no Reply-To when the buyer gave no e-mail address", () => {
    const byPhone = dealerNotice(context, { ...lead, kind: "call-back", data: { name: "Jo", phone: "07700900123" } });
    expect(byPhone.replyTo).toBeUndefined();
    expect(byPhone.text).toContain("Phone: 07700900123");
    expect(byPhone.text).not.toContain("E-mail:");
  });

  it("escapes what the buyer typed in its HTML", () => {
    expect(notice.html).toContain("&lt;b&gt;Siobhán&lt;/b&gt; O&#39;Neill &amp; Sons");
    expect(notice.html).not.toContain("<b>Siobhán");
  });

  it("reads on a phone and carries the dealer's name, address and FCA statement in both forms", () => {
    expect(notice.html).toContain('<meta name="viewport" content="width=device-width, initial-scale=1">');
    expect(notice.html).toContain("max-width:600px");
    for (const line of footer) {
      expect(notice.text).toContain(line);
      expect(notice.html).toContain(escapeHtml(line));
    }
  });
});

describe("the buyer's confirmation", () => {
  const photo = { path: "/media/photos/abc123/640.jpg", width: 640 };
  const confirmation = buyerConfirmation(context, lead, "siobhan@example.com", photo);

  it("gives the reference, what happens next, the dealer's phone and the opening hours, and repeats nothing the buyer typed", () => {
    expect(confirmation).toMatchObject({ id: `lead-${lead.id}-buyer`, to: "siobhan@example.com" });
    expect(confirmation.replyTo).toBeUndefined();
    expect(confirmation.subject).toBe("Your finance application to Dockside Motor Company: reference K7F3-9QXA");
    expect(confirmation.text).toContain("Your reference: K7F3-9QXA");
    expect(confirmation.text).toContain("What happens next: we will be in touch within one business day.");
    expect(confirmation.text).toContain("Phone: 0151 496 0000");
    expect(confirmation.html).toContain('<a href="tel:+441514960000" style="color:#0b57d0;text-decoration:underline">0151 496 0000</a>');
    expect(confirmation.text).toContain("We are open Monday to Friday, 9am to 5pm.");
    for (const line of footer) expect(confirmation.text).toContain(line);
    for (const personal of [...PERSONAL, "Siobhán", "O'Neill"]) {
      expect(confirmation.text).not.toContain(personal);
      expect(confirmation.html).not.toContain(personal);
    }
  });

  it("shows the vehicle's photo and price, linking to its page", () => {
    const page = "https://www.dockside-motors.example/vehicles/fiesta-2019";
    expect(confirmation.text).toContain("Vehicle: Ford Fiesta, MA19 ABC\nPrice: £10,000");
    expect(confirmation.text).toContain(`See the vehicle: ${page}`);
    expect(confirmation.html).toContain(
      `<a href="${page}"><img src="https://www.dockside-motors.example/media/photos/abc123/640.jpg" alt="Ford Fiesta, MA19 ABC" width="640"`,
    );
    expect(confirmation.html).toContain(`<a href="${page}" style="color:#0b57d0;text-decoration:underline">Ford Fiesta, MA19 ABC</a>`);
    const withoutPhoto = buyerConfirmation(context, lead, "siobhan@example.com");
    expect(withoutPhoto.html).not.toContain("<img");
    expect(withoutPhoto.text).toContain(`See the vehicle: ${page}`);
  });

  it("says when the vehicle has been sold since, with no photo, price or link", () => {
    const sold = buyerConfirmation(context, { ...lead, vehicle: { ...vehicle, inStock: false } }, "siobhan@example.com", photo);
    expect(sold.text).toContain("This vehicle has been sold since you opened its page");
    expect(sold.text).toContain("Vehicle: Ford Fiesta, MA19 ABC");
    expect(sold.text).not.toContain("£10,000");
    expect(sold.html).not.toContain("/vehicles/");
    expect(sold.html).not.toContain("<img");
  });
});

it("names a vehicle without saying the model twice when the derivative repeats it", () => {
  const named = (model: string, derivative?: string, make = "Mercedes-Benz") =>
    vehicleText({ id: "x", inStock: true, make, model, derivative });
  expect(named("CLA", "CLA 220d AMG Line Premium 4dr")).toBe("Mercedes-Benz CLA 220d AMG Line Premium 4dr");
  expect(named("A Class", "a class A180 Sport")).toBe("Mercedes-Benz A Class A180 Sport");
  expect(named("Range Rover", "Range Rover Sport 3.0 D300", "Land Rover")).toBe("Land Rover Range Rover Sport 3.0 D300");
  expect(named("Fiesta", "1.0 EcoBoost Titanium", "Ford")).toBe("Ford Fiesta 1.0 EcoBoost Titanium");
  expect(named("Up", "Up Up! 1.0", "Volkswagen")).toBe("Volkswagen Up Up! 1.0");
  const subject = dealerNotice(context, {
    ...lead,
    vehicle: { ...vehicle, make: "Mercedes-Benz", model: "CLA", derivative: "CLA 220d AMG Line" },
  }).subject;
  expect(subject).toBe("New finance application K7F3-9QXA: Mercedes-Benz CLA 220d AMG Line, MA19 ABC");
});

it("dials a UK number from abroad, and another country's as given", () => {
  expect(telHref("0151 496 0000")).toBe("tel:+441514960000");
  expect(telHref("+44 (0)7700 900123")).toBe("tel:+447700900123");
  expect(telHref("+353 1 234 5678")).toBe("tel:+35312345678");
});

it("the notice of leads folded from one address lists them, says why, and counts those it does not list", () => {
  const entries = [leadEntry(context, lead, receivedWhen(lead))];
  const notice = foldedLeadsNotice(context, "victim@example.com", 3, entries, 1);
  expect(notice.to).toBe("sales@dockside-motors.example");
  expect(notice.replyTo).toBeUndefined();
  expect(notice.subject).toBe("1 more lead from one e-mail address today");
  expect(notice.text).toContain("an e-mail address that has had its 3 confirmations for today");
  expect(notice.text).toContain("E-mail: victim@example.com");
  expect(notice.text).toContain(
    `- Finance application, K7F3-9QXA, Ford Fiesta, MA19 ABC, received Friday 27 November, 09:15\n  https://www.dockside-motors.example/staff/leads/${lead.id}`,
  );
  expect(notice.text).not.toContain("Siobhán");
  expect(notice.text).not.toContain("listed in the inbox");
  const many = foldedLeadsNotice(context, "victim@example.com", 3, entries, 120);
  expect(many.subject).toBe("120 more leads from one e-mail address today");
  expect(many.text).toContain("And 119 more, listed in the inbox.");
  expect(many.text).toContain("https://www.dockside-motors.example/staff?q=victim%40example.com");
});

it("the assignee's notice is named by the change, so a lead given to them again is told again", () => {
  const first = assigneeNotice(context, lead, "jo@dockside-motors.example", 3);
  expect(first).toMatchObject({ id: `lead-${lead.id}-assigned-3`, to: "jo@dockside-motors.example" });
  expect(first.subject).toBe("Assigned to you: finance application K7F3-9QXA");
  expect(assigneeNotice(context, lead, "jo@dockside-motors.example", 7).id).not.toBe(first.id);
});

it("the digest lists each waiting lead with its link, and no names", () => {
  const digest = waitingDigest(context, "2026-11-27", [lead, { ...lead, id: "second", reference: "AVH5-SPXK", kind: "call-back" }], [], 4);
  expect(digest).toMatchObject({ id: "digest-2026-11-27", to: "sales@dockside-motors.example" });
  expect(digest.subject).toBe("2 leads waiting more than 4 hours for a reply");
  expect(digest.text).toContain(
    `- Finance application, K7F3-9QXA, Ford Fiesta, MA19 ABC, received Friday 27 November, 09:15\n  https://www.dockside-motors.example/staff/leads/${lead.id}`,
  );
  expect(digest.text).toContain("Call-back request, AVH5-SPXK");
  expect(digest.text).not.toContain("Siobhán");
  expect(digest.text).not.toContain("Follow-ups due");
});

it("the digest reminds of follow-ups due, with the time each was set for, and goes on a day only follow-ups are due", () => {
  const followUpAt = new Date("2026-11-27T14:30:00Z");
  const digest = waitingDigest(context, "2026-11-27", [], [{ lead, followUpAt }], 4);
  expect(digest.subject).toBe("1 follow-up due today");
  expect(digest.text).toContain("Follow-ups due today or already past, earliest first:");
  expect(digest.text).toContain(
    `- Finance application, K7F3-9QXA, Ford Fiesta, MA19 ABC, follow up Friday 27 November, 14:30\n  https://www.dockside-motors.example/staff/leads/${lead.id}`,
  );
  expect(digest.text).not.toContain("waiting for a reply");
  expect(digest.text).not.toContain("Siobhán");
});

it("the password link works once, for the hours it is given", () => {
  const mail = passwordLinkMail(
    context,
    "staff-link-1",
    "jo@dockside-motors.example",
    "https://www.dockside-motors.example/staff/set-password?token=abc&x=1",
    48,
  );
  expect(mail.text).toContain("It works once, for 48 hours.");
  expect(mail.html).toContain('href="https://www.dockside-motors.example/staff/set-password?token=abc&amp;x=1"');
});

it("finds the buyer as the lead's kind names them, and leaves out an address mail cannot go to", () => {
  expect(buyerOf({ kind: "enquiry", data: { name: " Jo Bloggs ", email: "jo@example.com", phone: " 07700900123 " } })).toEqual({
    name: "Jo Bloggs",
    email: "jo@example.com",
    phone: "07700900123",
  });
  expect(buyerOf({ kind: "finance-application", data: { firstName: "Jo", surname: "Bloggs" } })).toEqual({ name: "Jo Bloggs" });
  expect(buyerOf({ kind: "enquiry", data: { name: "Jo", email: "not an address" } })).toEqual({ name: "Jo" });
  expect(buyerOf({ kind: "enquiry", data: "nonsense" })).toEqual({});
});
