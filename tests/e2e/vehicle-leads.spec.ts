import type { Page, TestInfo } from "@playwright/test";
import type { LeadKindName } from "../../domain/lead-kinds";
import { hirePurchaseQuote } from "../../domain/finance";
import { formatPoundsAndPence } from "../../domain/format";
import { storedLead, storedLeadIds } from "../support/stored-leads";
import { expect, test } from "./console-guard";
import { shownStatus } from "./shown-status";

/**
 * A buyer on a phone asks about a vehicle every way the page offers (an enquiry, a test
 * drive, a call back), with JavaScript and without, and works out hire purchase in the
 * calculator; each lead is found stored with the vehicle as the stock lists it.
 */

type Kind = Extract<LeadKindName, "enquiry" | "test-drive" | "call-back">;
const BUTTONS: Record<Kind, string> = {
  enquiry: "Enquire about this vehicle",
  "test-drive": "Book a test drive",
  "call-back": "Request a call back",
};
const SUBMIT: Record<Kind, string> = { enquiry: "Send enquiry", "test-drive": "Request test drive", "call-back": "Call me back" };
const HOURS = "we are open Monday to Friday, 9am to 5pm";

interface Vehicle {
  _id: string;
  vehicle: { make: string; model: string; registration?: string };
  adverts: { retailAdverts: { totalPrice: { amountGBP: number }; vatStatus?: string } };
}

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

async function openAVehicle(page: Page): Promise<Vehicle> {
  const [vehicle] = (await (await page.request.get("/api/vehicles/search/car?pageSize=1")).json()) as Vehicle[];
  await page.goto(`/vehicles/${vehicle!._id}`, { waitUntil: "networkidle" });
  return vehicle!;
}

/** A name no other test uses, in letters only, as names must be. */
function uniqueName(testInfo: TestInfo): string {
  const letters = `${testInfo.project.name}${testInfo.workerIndex}${Date.now().toString(36)}`.replace(/[^a-z]/gi, "").slice(-8);
  return `Jo ${letters.charAt(0).toUpperCase()}${letters.slice(1).toLowerCase()}`;
}

async function storedFor(kind: Kind, name: string) {
  const dataDir = process.env.E2E_DATA_DIR!;
  const leads = await Promise.all((await storedLeadIds(dataDir, kind).catch(() => [] as string[])).map((id) => storedLead(dataDir, id)));
  return leads.filter((lead) => (lead.data as { name?: string }).name === name);
}

/** Fills a form's fields with good answers, but for a phone number that is not British. */
async function fill(scope: ReturnType<Page["locator"]>, kind: Kind, name: string) {
  await scope.getByLabel("Full name").fill(name);
  await scope.getByLabel(/^Phone number/).fill("+1 202 555 0100");
  if (kind === "enquiry") {
    await scope.getByLabel(/^Email address/).fill("jo@example.com");
    await scope.getByLabel("Phone", { exact: true }).check();
  }
  if (kind === "test-drive") {
    await scope.getByLabel("Email address").fill("jo@example.com");
    await scope.getByLabel("Day").selectOption({ index: 1 });
    await scope.getByLabel("Time").selectOption({ index: 2 });
    await scope.getByLabel(/^I hold a full driving licence/).check();
  }
  if (kind === "call-back") await scope.getByLabel("Afternoon").check();
}

async function expectStored(kind: Kind, name: string, vehicle: Vehicle) {
  await expect.poll(async () => (await storedFor(kind, name)).length).toBe(1);
  const [lead] = await storedFor(kind, name);
  expect(lead).toMatchObject({
    kind,
    vehicle: {
      id: vehicle._id,
      inStock: true,
      make: vehicle.vehicle.make,
      model: vehicle.vehicle.model,
      priceGBP: vehicle.adverts.retailAdverts.totalPrice.amountGBP,
    },
    data: { phone: "07700900123", vehicleId: vehicle._id },
  });
  return lead!;
}

for (const kind of Object.keys(BUTTONS) as Kind[]) {
  test(`with JavaScript, ${BUTTONS[kind].toLowerCase()} in a dialog: a problem beside its field, then stored with a reference`, async ({
    page,
  }, testInfo) => {
    const vehicle = await openAVehicle(page);
    const name = uniqueName(testInfo);
    await page.getByRole("button", { name: BUTTONS[kind] }).click();
    const dialog = page.getByRole("dialog", { name: BUTTONS[kind] });
    await expect(dialog).toBeVisible();
    if (kind === "enquiry") {
      await expect(dialog.getByLabel("Your message")).toHaveValue(
        `Is the ${[vehicle.vehicle.make, vehicle.vehicle.model, vehicle.vehicle.registration].filter(Boolean).join(" ")} still available?`,
      );
    }
    await fill(dialog, kind, name);
    await dialog.getByRole("button", { name: SUBMIT[kind] }).click();
    const phone = dialog.getByLabel(/^Phone number/);
    await expect(phone).toHaveAttribute("aria-invalid", "true");
    await expect(phone).toHaveAccessibleDescription(/Enter a UK phone number, like 07700 900123/);
    await expect(dialog.getByLabel("Full name")).toHaveValue(name);
    expect(await storedFor(kind, name)).toEqual([]);

    await phone.fill("07700 900123");
    await dialog.getByRole("button", { name: SUBMIT[kind] }).click();
    const confirmation = dialog.getByRole("status");
    await expect(confirmation).toContainText(/Your reference is [2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/);
    await expect(confirmation).toContainText(`within one business day; ${HOURS}.`);
    const lead = await expectStored(kind, name, vehicle);
    await expect(confirmation).toContainText(String(lead.reference));
    await expect(page).toHaveURL(new RegExp(`/vehicles/${vehicle._id}$`));
  });
}

test.describe("without JavaScript", () => {
  // A form sent back with problems answers 400, which the browser notes in its console.
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: /status of 400/ });

  for (const kind of Object.keys(BUTTONS) as Kind[]) {
    test(`${BUTTONS[kind].toLowerCase()} is a page of its own that keeps what was typed, then confirms with a reference`, async ({
      page,
    }, testInfo) => {
      const vehicle = await openAVehicle(page);
      const name = uniqueName(testInfo);
      await page.getByRole("button", { name: BUTTONS[kind] }).click();
      await expect(page).toHaveURL(new RegExp(`/vehicles/${vehicle._id}/(enquire|test-drive|call-back)$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(BUTTONS[kind]);
      await fill(page.locator("main"), kind, name);
      await page.getByRole("button", { name: SUBMIT[kind] }).click();
      await expect(page.getByRole("alert")).toContainText("Enter a UK phone number, like 07700 900123 or 0151 496 0123");
      await expect(page.getByLabel(/^Phone number/)).toHaveValue("+1 202 555 0100");
      await expect(page.getByLabel("Full name")).toHaveValue(name);

      await page.getByLabel(/^Phone number/).fill("07700 900123");
      await page.getByRole("button", { name: SUBMIT[kind] }).click();
      await expect(page).toHaveURL(/\?sent=[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$/);
      await expect(shownStatus(page)).toContainText(HOURS);
      const lead = await expectStored(kind, name, vehicle);
      await expect(shownStatus(page)).toContainText(String(lead.reference));
    });
  }

  test("the calculator is a form that opens the page again with the figures, and the application takes them", async ({ page }) => {
    const vehicle = await openAVehicle(page);
    const calculator = page.getByRole("form", { name: "Work out your payments" });
    await calculator.getByLabel("Deposit (£)").fill("1550");
    await calculator.getByLabel("36 months").check();
    await calculator.getByRole("button", { name: "Work out my payments" }).click();
    await expect(page).toHaveURL(/\?deposit=1550&term=36$/);
    await expect(calculator).toContainText("we have used £1,600");
    const { price, vatStatus } = {
      price: vehicle.adverts.retailAdverts.totalPrice.amountGBP,
      vatStatus: vehicle.adverts.retailAdverts.vatStatus,
    };
    const quote = hirePurchaseQuote({ price, vatStatus, deposit: 1600, termMonths: 36 });
    await expect(calculator.getByRole("definition").first()).toHaveText(formatPoundsAndPence(quote.monthlyPayment));
    await expect(calculator).toContainText(formatPoundsAndPence(quote.totalAmountPayable));

    await page.getByRole("button", { name: "Apply for finance" }).click();
    await expect(page).toHaveURL(new RegExp(`/vehicles/${vehicle._id}/finance\\?deposit=1600&term=36$`));
    await expect(page.getByText("Applying for hire purchase with a £1,600 deposit over 36 months")).toBeVisible();
  });
});

/** Fills a form as a buyer who gives a phone number and no e-mail address, leaving every choice where the form starts it. */
async function fillPhoneOnly(scope: ReturnType<Page["locator"]>, kind: Kind, name: string) {
  await scope.getByLabel("Full name").fill(name);
  await scope.getByLabel(/^Phone number/).fill("07700 900123");
  if (kind === "test-drive") {
    await scope.getByLabel("Day").selectOption({ index: 1 });
    await scope.getByLabel("Time").selectOption({ index: 2 });
    await scope.getByLabel(/^I hold a full driving licence/).check();
  }
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    for (const kind of Object.keys(BUTTONS) as Kind[]) {
      test(`${BUTTONS[kind].toLowerCase()} with a name and a phone number alone is taken, to be answered by phone`, async ({
        page,
      }, testInfo) => {
        const [vehicle] = (await (await page.request.get("/api/vehicles/search/car?pageSize=1")).json()) as Vehicle[];
        await page.goto(`/vehicles/${vehicle!._id}/${kind === "enquiry" ? "enquire" : kind}`, { waitUntil: "networkidle" });
        const name = uniqueName(testInfo);
        await fillPhoneOnly(page.locator("main"), kind, name);
        await page.getByRole("button", { name: SUBMIT[kind] }).click();
        await expect(shownStatus(page)).toContainText(/Your reference is [2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/);
        const lead = await expectStored(kind, name, vehicle!);
        expect(lead.data).not.toHaveProperty("email");
        if (kind === "enquiry") expect(lead.data).toMatchObject({ contactMethod: "phone" });
      });
    }
  });
}

test("the calculator follows the deposit and term as they change, to the penny, and the application opens with them", async ({ page }) => {
  const vehicle = await openAVehicle(page);
  const { amountGBP: price } = vehicle.adverts.retailAdverts.totalPrice;
  const { vatStatus } = vehicle.adverts.retailAdverts;
  const calculator = page.getByRole("form", { name: "Work out your payments" });
  const monthly = calculator.getByRole("definition").first();
  await expect(monthly).toHaveText(
    formatPoundsAndPence(hirePurchaseQuote({ price, vatStatus, deposit: 0, termMonths: 60 }).monthlyPayment),
  );

  await calculator.getByLabel("Deposit (£)").fill("2000");
  await calculator.getByLabel("48 months").check();
  const quote = hirePurchaseQuote({ price, vatStatus, deposit: 2000, termMonths: 48 });
  await expect(monthly).toHaveText(formatPoundsAndPence(quote.monthlyPayment));
  await expect(calculator).toContainText(`Total amount payable${formatPoundsAndPence(quote.totalAmountPayable)}`);
  await expect(calculator).toContainText(`Total cost of credit${formatPoundsAndPence(quote.totalCostOfCredit)}`);
  // The slider moves with the typed deposit, and the representative example stays as it is.
  await expect(calculator.getByRole("slider", { name: "Deposit" })).toHaveValue("2000");
  await expect(page.locator(".representative-example")).toContainText("£309.93");

  await page.getByRole("button", { name: "Apply for finance" }).click();
  await expect(page.getByRole("dialog")).toContainText("Applying for hire purchase with a £2,000 deposit over 48 months");
});

test("back to results returns to the search the visitor came from, with its filters and page", async ({ page }) => {
  await page.goto("/car-search?fuelType=Petrol&page=2", { waitUntil: "networkidle" });
  await page.locator(".vehicle-card a").first().click();
  await expect(page).toHaveURL(/\/vehicles\//);
  await page.getByRole("link", { name: "Back to results" }).click();
  await expect(page).toHaveURL(/\/car-search\?fuelType=Petrol&page=2$/);
});

test("on a phone, the key facts are within the first screen of a vehicle page, under its price", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openAVehicle(page);
  const facts = page.locator(".key-facts");
  await expect(facts).toContainText(/\d{4}/);
  await expect(facts).toContainText("miles");
  const box = (await facts.boundingBox())!;
  expect(box.y + box.height).toBeLessThanOrEqual(844);
  const price = (await page.locator(".vehicle-page__price").boundingBox())!;
  expect(box.y).toBeGreaterThan(price.y);
});

test("back to results returns to where the buyer had scrolled the results", async ({ page }) => {
  await page.goto("/car-search?fuelType=Petrol", { waitUntil: "networkidle" });
  const card = page.locator(".vehicle-card a").nth(8);
  await card.scrollIntoViewIfNeeded();
  const scrolled = await page.evaluate(() => window.scrollY);
  expect(scrolled).toBeGreaterThan(300);
  await card.click();
  await expect(page).toHaveURL(/\/vehicles\//);
  await page.getByRole("link", { name: "Back to results" }).click();
  await expect(page).toHaveURL(/\/car-search\?fuelType=Petrol$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(scrolled - 50);
  expect(await page.evaluate(() => window.scrollY)).toBeLessThan(scrolled + 50);
});

test("a vehicle page offers a call, a message naming the vehicle, a part exchange towards it, similar vehicles and a way to share it", async ({
  page,
}) => {
  const vehicle = await openAVehicle(page);
  await expect(page.getByRole("link", { name: "Call us", exact: true })).toHaveAttribute("href", "tel:01514960000");
  const message = new URL(
    (await page.getByRole("region", { name: "Ask about this vehicle" }).getByRole("link", { name: "Message us" }).getAttribute("href"))!,
  );
  expect(message.searchParams.get("text")).toContain(`${vehicle.vehicle.make} ${vehicle.vehicle.model}`);
  expect(message.searchParams.get("text")).toContain(`/vehicles/${vehicle._id}`);
  await expect(page.getByRole("link", { name: "Part-exchange your vehicle" })).toHaveAttribute(
    "href",
    `/part-exchange?vehicle=${vehicle._id}`,
  );
  await expect(page.getByText(/^(Open today until \dpm|Closed now, opens .+ \d+(am|pm))\.$/)).toBeVisible();
  await expect(page.getByRole("heading", { name: "Features and equipment" })).toBeVisible();
  await expect(page.getByText(/^ULEZ and Clean Air Zones:/)).toBeVisible();
  const similar = page.getByRole("region", { name: "Similar cars" }).locator(".vehicle-card");
  expect(await similar.count()).toBeGreaterThanOrEqual(4);
  await expect(similar.locator(`a[href="/vehicles/${vehicle._id}"]`)).toHaveCount(0);

  await page.getByRole("button", { name: "Share" }).click();
  await expect(page.locator(".share").getByRole("status")).toContainText(/Link copied|Copy this link/);
});
