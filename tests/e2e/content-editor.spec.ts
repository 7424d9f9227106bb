import type { Page } from "@playwright/test";
import { addDays, openingStatus, scheduleOf, showroomMoment } from "../../domain/opening-hours";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { addStaffAccounts, STAFF_PASSWORD, staffEmail } from "../support/staff-accounts";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";
import { expectAccessible } from "./staff-support";

/**
 * The dealer's editor at work, on a site of the test's own (what it publishes shows on every
 * page, which the other browser tests must not see): the home page's hero, a question on the
 * used vans page, a notice, Saturday's opening hours and the pages that follow them, a
 * preview on a phone, and an older version restored.
 */
let site: BuiltSite;
const base = () => `http://127.0.0.1:${site.port}`;

// Each test signs in, publishes and reads several pages back: longer than one page's test.
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  site = await startBuiltSite({ RENDER_THREADS: "1", PAGE_CACHE_MB: "16" });
  await addStaffAccounts(site.dataDir, ["editor", "sales"]);
});
test.afterAll(async () => {
  await site?.stop();
});

async function signInAs(page: Page, role: "editor" | "sales") {
  await page.goto(`${base()}/staff/sign-in`);
  await hydrated(page, "form button");
  await page.getByLabel("E-mail address").fill(staffEmail(role));
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page).not.toHaveURL(/sign-in/);
}

/** An editor's form for one document, opened from the list of what can be edited. */
async function openEditor(page: Page, link: string) {
  await page.goto(`${base()}/staff/content`);
  await page.getByRole("link", { name: link, exact: true }).click();
  await hydrated(page, "form button");
}

async function publish(page: Page) {
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByRole("status")).toHaveText("Published: buyers see it now.");
}

test("an editor changes the home hero, previews it on a phone, and restores the old one", async ({ page }) => {
  await signInAs(page, "editor");
  await expect(page.getByRole("heading", { level: 1, name: "Site content" })).toBeVisible();
  await expectAccessible(page, "the list of what can be edited");

  await openEditor(page, "Home page");
  await expectAccessible(page, "the home page's editor");
  const hero = page.getByRole("group", { name: "Top of the page" });
  await hero.getByLabel("Heading", { exact: true }).fill("Spring into a new van");
  await page.getByRole("button", { name: "Save draft" }).click();
  await expect(page.getByRole("status")).toHaveText("Draft saved. Buyers still see the published version.");

  // Not public yet; the preview shows it at a phone's width.
  await expect(page.request.get(`${base()}/`).then((response) => response.text())).resolves.not.toContain("Spring into a new van");
  await page.getByRole("link", { name: "Preview the latest version on a phone and a desktop" }).click();
  const phone = page.frameLocator('iframe[title="The page on a phone"]');
  await expect(phone.getByRole("heading", { level: 1 })).toHaveText("Spring into a new van");
  await expect(phone.getByText("Preview: not yet seen by buyers")).toBeVisible();
  expect(
    await page.locator('iframe[title="The page on a phone"]').evaluate((frame) => frame.getBoundingClientRect().width),
  ).toBeLessThanOrEqual(390);

  await openEditor(page, "Home page");
  await publish(page);
  await page.goto(`${base()}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Spring into a new van");

  await openEditor(page, "Home page");
  await page.getByRole("button", { name: "Restore version 1" }).click();
  await expect(page.getByRole("status")).toHaveText("Restored, and published now.");
  await expect(page.getByText(/Version 4, Editor Person, .*: Live \(restored from version 1\)/)).toBeVisible();
  await page.goto(`${base()}/`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Find your next car, van or truck");
});

test("an editor adds a question to the used vans page", async ({ page }) => {
  await signInAs(page, "editor");
  await openEditor(page, "/vans/used");
  const faq = page.getByRole("group", { name: "Questions and answers" });
  const added = faq.getByRole("group", { name: "New question" });
  await added.getByLabel("Question", { exact: true }).fill("Do you take vans with high mileage in part exchange?");
  await added.getByLabel("Answer", { exact: true }).fill("Yes. **Any mileage**: [ask for a valuation](/part-exchange).");
  await publish(page);

  await page.goto(`${base()}/vans/used`);
  const question = page.getByText("Do you take vans with high mileage in part exchange?");
  await question.click();
  await expect(page.getByRole("link", { name: "ask for a valuation" })).toBeVisible();
  await expect(page.locator(".faq strong", { hasText: "Any mileage" })).toBeVisible();
  await expectAccessible(page, "the used vans page with its new question");
});

test("an editor sets a notice, and every page shows it", async ({ page }) => {
  await signInAs(page, "editor");
  await openEditor(page, "Site notice");
  // Shown from yesterday, so the test sees it now; the Boxing Day notice is the same with 24th to 27th December.
  const today = showroomMoment(new Date()).date;
  await page.getByLabel("Notice", { exact: true }).fill("Closed on Boxing Day");
  await page.getByLabel("Link", { exact: true }).fill("/contact");
  await page.getByLabel("Link words").fill("Our opening hours");
  await page.getByLabel("Show from").fill(`${addDays(today, -1)}T00:00`);
  await page.getByLabel("Show until").fill(`${addDays(today, 3)}T00:00`);
  await publish(page);
  for (const address of ["/", "/cars/used", "/about"]) {
    await page.goto(`${base()}${address}`);
    await expect(page.getByRole("complementary", { name: "Notice" })).toContainText("Closed on Boxing Day Our opening hours");
  }
  await expectAccessible(page, "a page with the notice");
});

test("an editor changes the opening hours and phone, and the contact page, header and vehicle pages follow", async ({ page }) => {
  await signInAs(page, "editor");
  await openEditor(page, "Contact details and opening hours");
  // Today alone is made a closed day, so the vehicle page's "open now" must change whatever the time.
  const today = showroomMoment(new Date()).date;
  const hours = [
    { days: "Monday to Friday", hours: "9am to 5pm" },
    { days: "Saturday", hours: "9am to 1pm" },
  ];
  await page.getByRole("group", { name: "New days" }).getByLabel("Days", { exact: true }).fill("Saturday");
  await page.getByRole("group", { name: "New days" }).getByLabel("Hours", { exact: true }).fill("9am to 1pm");
  await page.getByLabel("Closed on").fill(today);
  await page.getByLabel("Phone", { exact: true }).fill("0151 496 0999");
  await publish(page);

  await page.goto(`${base()}/contact`);
  const openingHours = page.locator(".opening-hours");
  await expect(openingHours).toContainText("Saturday");
  await expect(openingHours).toContainText("9am to 1pm");
  await expect(page.getByRole("main")).toContainText("0151 496 0999");
  await expect(page.getByRole("link", { name: "Call us on 0151 496 0999" })).toBeVisible();

  const [vehicle] = (await (await page.request.get(`${base()}/api/vehicles?pageSize=1`)).json()) as { _id: string }[];
  await page.goto(`${base()}/vehicles/${vehicle!._id}`);
  const expected = openingStatus(scheduleOf({ openingHours: hours, closedOn: [today] }), new Date());
  await expect(page.locator(".where-and-when__open")).toHaveText(`${expected}.`);
  expect(expected).toMatch(/^Closed now/);
});

test.describe("a salesperson", () => {
  test.use({ expectedConsoleErrors: /status of 403/ });

  test("is not offered the editor, and the server refuses it", async ({ page }) => {
    await signInAs(page, "sales");
    await expect(page.getByRole("link", { name: "Site content" })).toHaveCount(0);
    const response = await page.goto(`${base()}/staff/content/home`);
    expect(response?.status()).toBe(403);
  });
});
