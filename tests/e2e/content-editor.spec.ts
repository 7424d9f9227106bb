import type { Page } from "@playwright/test";
import sharp from "sharp";
import { addDays, openingStatus, scheduleOf, showroomInstant, showroomMoment } from "../../domain/opening-hours";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { addStaffAccounts, STAFF_PASSWORD, staffEmail } from "../support/staff-accounts";
import { testClock, type TestClock } from "../support/test-clock";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";
import { expectAccessible } from "./staff-support";

/**
 * The dealer's editor at work, on a site of the test's own (what it publishes shows on every
 * page, which the other browser tests must not see): the home page's hero, a question on the
 * used vans page, an offer with a photo that starts tomorrow, an article with a photo, a
 * notice from the 24th to the 27th of December, Saturday's opening hours and the pages that
 * follow them, redirects, a preview on a phone and a desktop, and an older version restored.
 * The site's clock is the test's (support/test-clock.ts), so tomorrow and Christmas are
 * visited rather than waited for.
 */
let site: BuiltSite;
let clock: TestClock;
const base = () => `http://127.0.0.1:${site.port}`;

// Each test signs in, publishes and reads several pages back: longer than one page's test.
test.describe.configure({ mode: "serial", timeout: 120_000 });

test.beforeAll(async () => {
  clock = await testClock();
  site = await startBuiltSite({ RENDER_THREADS: "1", PAGE_CACHE_MB: "16", ...clock.env });
  await addStaffAccounts(site.dataDir, ["editor", "sales"]);
});
test.afterAll(async () => {
  await site?.stop();
  await clock?.remove();
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

/** The site's clock and the browser's both at `moment`: the site shows what is due then, and the page hydrates on the same day. */
async function visitAt(page: Page, moment: Date) {
  await clock.set(moment);
  await page.clock.setFixedTime(moment);
}

/** Asks the page again until `check` holds: the site makes its content again within a second of a moment coming due. */
async function reloadUntil(page: Page, address: string, check: () => Promise<void>) {
  await expect(async () => {
    await page.goto(`${base()}${address}`);
    await check();
  }).toPass({ timeout: 15_000 });
}

/** A photo uploaded to the photo library, as an editor does from "Photos for the site". */
async function uploadPhoto(page: Page, name: string, colour: string) {
  await page.goto(`${base()}/staff/content`);
  await page.getByRole("link", { name: "Photos for the site" }).click();
  await hydrated(page, "form button");
  const buffer = await sharp({ create: { width: 1200, height: 800, channels: 3, background: colour } })
    .jpeg()
    .toBuffer();
  await page.getByLabel(/^Photos to upload/).setInputFiles({ name, mimeType: "image/jpeg", buffer });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("1 photo added.");
}

/** Whether an image has been fetched and drawn: a photo that is in the page but never loads is no photo. */
const loaded = (image: ReturnType<Page["locator"]>) =>
  expect.poll(() => image.evaluate((element: HTMLImageElement) => element.complete && element.naturalWidth > 0)).toBe(true);

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
  // The desktop's is laid out at a desktop's width, and scaled to fit the screen it is seen on.
  const desktop = page.locator('iframe[title="The page on a desktop"]');
  await expect(page.frameLocator('iframe[title="The page on a desktop"]').getByRole("heading", { level: 1 })).toHaveText(
    "Spring into a new van",
  );
  await expect.poll(() => desktop.evaluate((frame: HTMLIFrameElement) => frame.contentWindow!.innerWidth)).toBe(1280);
  const viewportWidth = page.viewportSize()!.width;
  await expect.poll(() => desktop.evaluate((frame) => frame.getBoundingClientRect().right)).toBeLessThanOrEqual(viewportWidth);
  await expectAccessible(page, "the preview");

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

test("an editor adds an offer with a photo that starts tomorrow, and it shows from then", async ({ page }) => {
  await signInAs(page, "editor");
  await uploadPhoto(page, "vans-lined-up.jpg", "#1f4f9e");
  await openEditor(page, "Home page");
  const tomorrow = addDays(showroomMoment(new Date()).date, 1);
  const offer = page.getByRole("group", { name: "Special offers" }).getByRole("group", { name: "New offer" });
  await offer.getByLabel("Title", { exact: true }).fill("Spring van event");
  await offer.getByLabel("Text", { exact: true }).fill("Ten vans at last year's prices.");
  await offer.getByLabel("Link", { exact: true }).fill("/van-search");
  await offer.getByLabel("Photo from the photo library").selectOption({ label: "vans-lined-up.jpg" });
  await offer.getByLabel("What the photo shows").fill("Vans lined up outside the showroom");
  await offer.getByLabel("Show from (optional)").fill(`${tomorrow}T09:00`);
  await publish(page);
  await page.goto(`${base()}/`);
  await expect(page.getByText("Spring van event")).toHaveCount(0);

  try {
    await visitAt(page, showroomInstant(tomorrow, 9 * 60 + 1));
    await reloadUntil(page, "/", () => expect(page.getByRole("link", { name: /Spring van event/ })).toBeVisible({ timeout: 1000 }));
    const photo = page.getByRole("img", { name: "Vans lined up outside the showroom" });
    await photo.scrollIntoViewIfNeeded();
    await loaded(photo);
    await expectAccessible(page, "the home page with the new offer");
  } finally {
    await clock.set();
  }
});

test("an editor writes an article with a photo and publishes it", async ({ page }) => {
  await signInAs(page, "editor");
  await uploadPhoto(page, "workshop.jpg", "#2e6b3c");
  await page.goto(`${base()}/staff/content`);
  await page.getByRole("link", { name: "Write an article" }).click();
  await hydrated(page, "form button");
  await page.getByLabel("Title", { exact: true }).fill("Our new workshop");
  await page.getByLabel("Address", { exact: true }).fill("our-new-workshop");
  await page.getByLabel("Summary", { exact: true }).fill("Six new bays for vans and trucks, open six days a week.");
  await page.getByLabel("Photo from the photo library").selectOption({ label: "workshop.jpg" });
  await page.getByLabel("What the photo shows").fill("The workshop's six bays");
  await page.getByLabel("Text", { exact: true }).fill("## Book a service\n\nAny van, **any** age: [call us](/contact).");
  await publish(page);

  await page.goto(`${base()}/articles`);
  await page.getByRole("link", { name: "Our new workshop" }).click();
  await expect(page).toHaveURL(`${base()}/articles/our-new-workshop`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our new workshop");
  await expect(page.getByRole("heading", { level: 2, name: "Book a service" })).toBeVisible();
  await loaded(page.getByRole("img", { name: "The workshop's six bays" }));
  await expectAccessible(page, "the new article");
});

test("an editor sets a notice from the 24th to the 27th of December, and every page shows it on those days alone", async ({ page }) => {
  await signInAs(page, "editor");
  await openEditor(page, "Site notice");
  // The next Christmas to come, so the notice is not showing yet when it is published.
  const today = showroomMoment(new Date()).date;
  const year = Number(today.slice(0, 4)) + (today >= `${today.slice(0, 4)}-12-24` ? 1 : 0);
  await page.getByLabel("Notice", { exact: true }).fill("Closed on Boxing Day");
  await page.getByLabel("Link", { exact: true }).fill("/contact");
  await page.getByLabel("Link words").fill("Our opening hours");
  await page.getByLabel("Show from").fill(`${year}-12-24T00:00`);
  await page.getByLabel("Show until").fill(`${year}-12-28T00:00`);
  await publish(page);
  const notice = page.getByRole("complementary", { name: "Notice" });

  try {
    await visitAt(page, showroomInstant(`${year}-12-23`, 23 * 60 + 59));
    await page.goto(`${base()}/about`);
    await hydrated(page);
    await expect(notice).toHaveCount(0);

    // Midnight passes while the page is open: the next page opened from it shows the notice.
    await visitAt(page, showroomInstant(`${year}-12-24`, 1));
    await expect.poll(async () => (await page.request.get(`${base()}/`)).text(), { timeout: 15_000 }).toContain("Closed on Boxing Day");
    await page.locator(".site-header__logo").click();
    await expect(page).toHaveURL(`${base()}/`);
    await expect(notice).toContainText("Closed on Boxing Day Our opening hours");

    await visitAt(page, showroomInstant(`${year}-12-27`, 23 * 60 + 59));
    for (const address of ["/", "/cars/used", "/about"]) {
      await page.goto(`${base()}${address}`);
      await expect(notice).toContainText("Closed on Boxing Day Our opening hours");
    }
    await expectAccessible(page, "a page with the notice");

    await visitAt(page, showroomInstant(`${year}-12-28`, 1));
    await reloadUntil(page, "/", () => expect(notice).toHaveCount(0, { timeout: 1000 }));
  } finally {
    await clock.set();
  }
});

test("an editor changes the opening hours and phone, and the contact page, header, footer and vehicle pages follow", async ({ page }) => {
  await signInAs(page, "editor");
  await openEditor(page, "Contact details and opening hours");
  // Today alone is made a closed day, so the vehicle page's "open now" must change whatever the time.
  const today = showroomMoment(new Date()).date;
  const hours = [
    { days: "Monday to Friday", hours: "9am to 5pm" },
    { days: "Saturday", hours: "9am to 1pm" },
  ];
  // The dealer's own details come first; the Branches list below repeats them for each branch.
  const newDays = page.getByRole("group", { name: "New days" }).first();
  await newDays.getByLabel("Days", { exact: true }).fill("Saturday");
  await newDays.getByLabel("Hours", { exact: true }).fill("9am to 1pm");
  await page.getByLabel("Closed on").first().fill(today);
  await page.getByLabel("Phone", { exact: true }).first().fill("0151 496 0999");
  await publish(page);

  await page.goto(`${base()}/contact`);
  const openingHours = page.locator(".opening-hours");
  await expect(openingHours).toContainText("Saturday");
  await expect(openingHours).toContainText("9am to 1pm");
  await expect(page.getByRole("main")).toContainText("0151 496 0999");
  await expect(page.getByRole("link", { name: "Call us on 0151 496 0999" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toContainText("Opening hours Monday to Friday, 9am to 5pm; Saturday, 9am to 1pm.");

  const [vehicle] = (await (await page.request.get(`${base()}/api/vehicles?pageSize=1`)).json()) as { _id: string }[];
  await page.goto(`${base()}/vehicles/${vehicle!._id}`);
  const expected = openingStatus(scheduleOf({ openingHours: hours, closedOn: [today] }), new Date());
  await expect(page.locator(".where-and-when__open")).toHaveText(`${expected}.`);
  expect(expected).toMatch(/^Closed now/);
});

test.describe("redirects", () => {
  test.use({ expectedConsoleErrors: /status of 400/ });

  test("an editor adds one, is refused one that hides a page or loops, and buyers are sent on for good", async ({ page }) => {
    await signInAs(page, "editor");
    await openEditor(page, "Redirects");
    const entry = (name: string) => page.getByRole("group", { name, exact: true });
    await entry("New redirect").getByLabel("From").fill("/contact");
    await entry("New redirect").getByLabel("To").fill("/about");
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(entry("Redirect 1").getByText("is a page of the site: a redirect may not hide it")).toBeVisible();

    await entry("Redirect 1").getByLabel("From").fill("/winter-offers");
    await entry("Redirect 1").getByLabel("To").fill("/spring-sale");
    await entry("New redirect").getByLabel("From").fill("/spring-sale");
    await entry("New redirect").getByLabel("To").fill("/winter-offers");
    await page.getByRole("button", { name: "Publish now" }).click();
    await expect(entry("Redirect 2").getByText("leads back to where it started: a loop")).toBeVisible();

    await entry("Redirect 2").getByLabel("To").fill("/offers");
    await publish(page);
    const moved = await page.request.get(`${base()}/winter-offers`, { maxRedirects: 0 });
    expect([moved.status(), moved.headers().location]).toEqual([301, "/spring-sale"]);
    await page.goto(`${base()}/winter-offers`);
    await expect(page).toHaveURL(`${base()}/offers`);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });
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
