import { describe, expect, it } from "vitest";
import { loadDealer } from "../dealer-config";
import {
  assigneeNotice,
  buyerConfirmation,
  buyerOf,
  dealerNotice,
  passwordLinkMail,
  waitingDigest,
  type ArrivedLead,
} from "./mail-notices";
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

  it("goes to the sales address with the kind, reference, vehicle, the buyer's name and the link, and no other personal data", () => {
    expect(notice).toMatchObject({ id: `lead-${lead.id}-dealer`, to: "sales@dockside-motors.example" });
    expect(notice.subject).toBe("New finance application K7F3-9QXA: Ford Fiesta, MA19 ABC");
    expect(notice.text).toContain(
      "Kind: Finance application\nReference: K7F3-9QXA\nVehicle: Ford Fiesta, MA19 ABC\nFrom: <b>Siobhán</b> O'Neill & Sons",
    );
    expect(notice.text).toContain(`Open the lead: https://www.dockside-motors.example/staff/leads/${lead.id}`);
    expect(notice.text).toContain("Received: Friday 27 November, 09:15");
    for (const personal of PERSONAL) {
      expect(notice.text).not.toContain(personal);
      expect(notice.html).not.toContain(personal);
    }
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
  const confirmation = buyerConfirmation(context, lead, "siobhan@example.com");

  it("gives the reference, what happens next and the opening hours, and repeats nothing the buyer typed", () => {
    expect(confirmation).toMatchObject({ id: `lead-${lead.id}-buyer`, to: "siobhan@example.com" });
    expect(confirmation.subject).toBe("Your finance application to Dockside Motor Company: reference K7F3-9QXA");
    expect(confirmation.text).toContain("Your reference: K7F3-9QXA");
    expect(confirmation.text).toContain("What happens next: we will be in touch within one business day.");
    expect(confirmation.text).toContain("We are open Monday to Friday, 9am to 5pm.");
    for (const line of footer) expect(confirmation.text).toContain(line);
    for (const personal of [...PERSONAL, "Siobhán", "O'Neill"]) {
      expect(confirmation.text).not.toContain(personal);
      expect(confirmation.html).not.toContain(personal);
    }
  });

  it("says when the vehicle has been sold since", () => {
    const sold = buyerConfirmation(context, { ...lead, vehicle: { ...vehicle, inStock: false } }, "siobhan@example.com");
    expect(sold.text).toContain("This vehicle has been sold since you opened its page");
  });
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

it("finds the buyer's name and address however the kind names them, and ignores an address that is not one", () => {
  expect(buyerOf({ name: " Jo Bloggs ", email: "jo@example.com" })).toEqual({ name: "Jo Bloggs", email: "jo@example.com" });
  expect(buyerOf({ firstName: "Jo", surname: "Bloggs" })).toEqual({ name: "Jo Bloggs" });
  expect(buyerOf({ name: "Jo", email: "not an address" })).toEqual({ name: "Jo" });
  expect(buyerOf("nonsense")).toEqual({});
});
