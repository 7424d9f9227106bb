import type { Page, TestInfo } from "@playwright/test";
import type { LeadKindName } from "../../domain/lead-kinds";
import { NEWSLETTER_CONSENT } from "../../domain/enquiry-wording";
import { storedLead, storedLeadIds } from "../support/stored-leads";
import { expect, test } from "./console-guard";
import { shownStatus } from "./shown-status";

/**
 * The small forms, sent by a visitor and found stored: the newsletter box and the feedback
 * form through their own pages (/newsletter, /feedback, which use the same components the
 * other pages embed), and the part-exchange page; each with JavaScript and without.
 */

type Kind = Extract<LeadKindName, "newsletter" | "feedback" | "part-exchange">;
interface StoredRecord {
  id: string;
  reference: string;
  data: Record<string, unknown>;
}

/** The leads the e2e site has stored: its file store, under the DATA_DIR playwright.config.ts gave it. */
async function stored(kind: Kind): Promise<StoredRecord[]> {
  const dataDir = process.env.E2E_DATA_DIR!;
  const ids = await storedLeadIds(dataDir, kind).catch(() => [] as string[]);
  return Promise.all(ids.map(async (id) => (await storedLead(dataDir, id)) as unknown as StoredRecord));
}

async function storedWith(kind: Kind, field: string, value: string): Promise<StoredRecord[]> {
  return (await stored(kind)).filter(({ data }) => data[field] === value);
}

/** An address no other test (or project, or run) uses, so each test finds only its own records. */
function uniqueEmail(testInfo: TestInfo): string {
  return `visitor.${testInfo.project.name}.${testInfo.workerIndex}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** Opens a page once its scripts have loaded, so that with JavaScript a form is sent by script, not before it takes over. */
async function open(page: Page, address: string) {
  await page.goto(address, { waitUntil: "networkidle" });
}

async function signUp(page: Page, email: string) {
  await open(page, "/newsletter");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel(NEWSLETTER_CONSENT).check();
  await page.getByRole("button", { name: "Sign up" }).click();
}

async function fillPartExchange(page: Page, email: string) {
  await page.getByLabel("Registration").fill("ma19 abc");
  await page.getByLabel("Mileage").fill("42,000");
  await page.getByLabel("Make (optional)").fill("Ford");
  await page.getByLabel("Condition (optional)").fill("A scuff on the rear bumper");
  await page.getByLabel("Full name").fill("Jo Bloggs");
  await page.getByLabel("Email address").fill(email);
  await page.getByLabel("Phone number").fill("0151 496 0123");
  await page.getByLabel("Postcode").fill("l3 4bp");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("a part-exchange request with a phone number and no e-mail address is stored", async ({ page }) => {
      const phone = `07700 ${String(Math.floor(Math.random() * 1_000_000)).padStart(6, "0")}`;
      await open(page, "/part-exchange");
      await fillPartExchange(page, "");
      await page.getByLabel("Phone number").fill(phone);
      await page.getByRole("button", { name: "Get my valuation" }).click();
      await expect(shownStatus(page)).toContainText(/Your reference is [2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/);
      await expect.poll(() => storedWith("part-exchange", "phone", phone.replace(" ", ""))).toHaveLength(1);
      const [record] = await storedWith("part-exchange", "phone", phone.replace(" ", ""));
      expect(record!.data).toMatchObject({ registration: "MA19 ABC", name: "Jo Bloggs" });
      expect(record!.data).not.toHaveProperty("email");
    });
  });
}

test.describe("with JavaScript", () => {
  test("a newsletter sign-up is stored with its consent, and signing up again is harmless", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await signUp(page, email);
    await expect(shownStatus(page)).toContainText("Thanks, you're signed up.");
    // Sent in place: the visitor stays where they were.
    await expect(page).toHaveURL(/\/newsletter$/);
    await expect.poll(() => storedWith("newsletter", "email", email)).toHaveLength(1);
    const [record] = await storedWith("newsletter", "email", email);
    expect(record!.data).toMatchObject({ source: "/newsletter", consent: { wording: NEWSLETTER_CONSENT, givenAt: expect.any(String) } });

    await signUp(page, email.toUpperCase());
    await expect(shownStatus(page)).toContainText("Thanks, you're signed up.");
    expect(await storedWith("newsletter", "email", email)).toEqual([record]);
  });

  test("a bad e-mail address is explained beside the field, and nothing is stored", async ({ page }, testInfo) => {
    const email = `${uniqueEmail(testInfo).split("@")[0]}@`;
    await open(page, "/newsletter");
    await page.getByLabel("Email address").fill(email);
    await page.getByRole("button", { name: "Sign up" }).click();
    const field = page.getByLabel("Email address");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(/Enter an email address like name@example.com/);
    await expect(page.getByRole("alert")).toContainText("Tick the box to agree to receive our newsletter");
    await page.getByRole("alert").getByRole("link", { name: "Enter an email address like name@example.com" }).click();
    await expect(field).toBeFocused();
    await expect(field).toHaveValue(email);
    expect(await storedWith("newsletter", "email", email)).toEqual([]);
  });

  test("feedback sent about a page is stored with that page", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await open(page, "/feedback?from=/van-search");
    await page.getByLabel("Your feedback").fill("The van filters are quick on my phone.");
    await page.getByLabel("Your email address (optional)").fill("not an address");
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(page.getByLabel("Your email address (optional)")).toHaveAccessibleDescription(
      /Enter an email address like name@example.com/,
    );
    await page.getByLabel("Your email address (optional)").fill(email);
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(shownStatus(page)).toContainText("Thank you for your feedback.");
    await expect.poll(() => storedWith("feedback", "email", email)).toHaveLength(1);
    expect((await storedWith("feedback", "email", email))[0]!.data).toEqual({
      message: "The van filters are quick on my phone.",
      email,
      page: "/van-search",
    });
  });

  test("the footer's feedback button sends feedback about the page it is on, in a dialog", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await open(page, "/cars/used");
    await page.getByRole("button", { name: "Feedback" }).click();
    const dialog = page.getByRole("dialog");
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Your feedback")).toBeFocused();
    await dialog.getByRole("button", { name: "Send feedback" }).click();
    await expect(dialog.getByLabel("Your feedback")).toHaveAttribute("aria-invalid", "true");
    await dialog.getByLabel("Your feedback").fill("Could the used cars page show more photos?");
    await dialog.getByLabel("Your email address (optional)").fill(email);
    await dialog.getByRole("button", { name: "Send feedback" }).click();
    await expect(dialog.getByRole("status")).toContainText("Thank you for your feedback.");
    await expect(page).toHaveURL("/cars/used");
    await expect.poll(() => storedWith("feedback", "email", email)).toHaveLength(1);
    expect((await storedWith("feedback", "email", email))[0]!.data).toMatchObject({ page: "/cars/used" });
  });

  test("a category page's newsletter box signs up in place, recording the page", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await open(page, "/vans/used");
    await page.getByLabel("Email address").fill(email);
    await page.getByLabel(NEWSLETTER_CONSENT).check();
    await page.getByRole("button", { name: "Sign up" }).click();
    await expect(page.getByRole("status").filter({ hasText: "signed up" })).toContainText("Thanks, you're signed up.");
    await expect(page).toHaveURL("/vans/used");
    await expect.poll(() => storedWith("newsletter", "email", email)).toHaveLength(1);
    expect((await storedWith("newsletter", "email", email))[0]!.data).toMatchObject({ source: "/vans/used" });
  });

  test("a part-exchange request towards one of our vehicles is stored and the visitor gets a reference", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo);
    const [vehicle] = (await (await page.request.get("/api/vehicles/search/car?pageSize=1")).json()) as {
      _id: string;
      vehicle: { make: string };
    }[];
    await open(page, `/part-exchange?vehicle=${vehicle!._id}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Part exchange and valuation");
    await expect(page.getByRole("heading", { name: "What happens next" })).toBeVisible();
    await expect(page.getByText("You are part-exchanging towards the")).toContainText(vehicle!.vehicle.make);
    await fillPartExchange(page, email);
    await page.getByLabel("Postcode").fill("90210");
    await page.getByRole("button", { name: "Get my valuation" }).click();
    await expect(page.getByRole("alert")).toContainText("Enter a UK postcode, like L3 4BP");
    await expect(page.getByLabel("Postcode")).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByLabel("Registration")).toHaveValue("ma19 abc");
    await page.getByLabel("Postcode").fill("l3 4bp");
    await page.getByRole("button", { name: "Get my valuation" }).click();
    await expect(shownStatus(page)).toContainText(/Your reference is [2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/);
    await expect.poll(() => storedWith("part-exchange", "email", email)).toHaveLength(1);
    const [record] = await storedWith("part-exchange", "email", email);
    expect(record!.data).toMatchObject({
      registration: "MA19 ABC",
      mileage: 42000,
      make: "Ford",
      postcode: "L3 4BP",
      phone: "01514960123",
      interestedIn: vehicle!._id,
    });
    await expect(shownStatus(page)).toContainText(record!.reference);
  });
});

test.describe("without JavaScript", () => {
  // A form sent back with problems answers 400, which the browser notes in its console.
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: /status of 400/ });

  test("a newsletter sign-up is a plain form post, stored, with a confirmation page", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await signUp(page, email);
    await expect(page).toHaveURL(/\/newsletter\?signed-up/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("You're signed up");
    await expect(shownStatus(page)).toContainText("Thanks, you're signed up.");
    expect(await storedWith("newsletter", "email", email)).toHaveLength(1);
  });

  test("a bad e-mail address comes back with a message beside the field and a summary, keeping what was typed", async ({
    page,
  }, testInfo) => {
    const email = `${uniqueEmail(testInfo).split("@")[0]}@`;
    await signUp(page, email);
    const field = page.getByLabel("Email address");
    await expect(field).toHaveAttribute("aria-invalid", "true");
    await expect(field).toHaveAccessibleDescription(/Enter an email address like name@example.com/);
    await expect(field).toHaveValue(email);
    await expect(page.getByLabel(NEWSLETTER_CONSENT)).toBeChecked();
    await expect(page.getByRole("alert").getByRole("link", { name: "Enter an email address like name@example.com" })).toHaveAttribute(
      "href",
      `#${await field.getAttribute("id")}`,
    );
    expect(await storedWith("newsletter", "email", email)).toEqual([]);
  });

  test("feedback is a plain form post, stored with the page it is about, then back to that page", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await open(page, "/feedback?from=/car-search");
    await page.getByLabel("Your feedback").fill("Please add a filter for tow bars.");
    await page.getByLabel("Your email address (optional)").fill(email);
    await page.getByRole("button", { name: "Send feedback" }).click();
    await expect(shownStatus(page)).toContainText("Thank you for your feedback.");
    expect((await storedWith("feedback", "email", email))[0]?.data).toMatchObject({ page: "/car-search" });
    await page.getByRole("link", { name: "Back to the page you were on" }).click();
    await expect(page).toHaveURL(/\/car-search$/);
  });

  test("a part-exchange request comes back with what to fix, then is stored", async ({ page }, testInfo) => {
    const email = uniqueEmail(testInfo);
    await open(page, "/part-exchange");
    await fillPartExchange(page, email);
    await page.getByLabel("Mileage").fill("about forty thousand");
    await page.getByRole("button", { name: "Get my valuation" }).click();
    await expect(page.getByRole("alert")).toContainText("Enter the mileage as a whole number, like 42000");
    await expect(page.getByLabel("Mileage")).toHaveAccessibleDescription(/Enter the mileage as a whole number/);
    await expect(page.getByLabel("Full name")).toHaveValue("Jo Bloggs");
    expect(await storedWith("part-exchange", "email", email)).toEqual([]);

    await page.getByLabel("Mileage").fill("42000");
    await page.getByRole("button", { name: "Get my valuation" }).click();
    await expect(shownStatus(page)).toContainText(/Your reference is [2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/);
    expect((await storedWith("part-exchange", "email", email))[0]?.data).toMatchObject({ registration: "MA19 ABC", mileage: 42000 });
  });
});
