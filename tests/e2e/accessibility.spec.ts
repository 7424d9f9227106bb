import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { CATEGORY_PAGES, CONTENT_PAGES } from "../../domain/site-pages";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";

/**
 * WCAG 2.2 AA, as axe-core can check it, on every page of the site and in every state a
 * visitor opens (menus, the filter panel, each step of the finance application, form
 * errors). Any violation fails, whatever axe rates its impact, so nothing builds up.
 */
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

// A scan takes up to ten seconds on a busy two-core machine, and some tests make seven.
test.describe.configure({ timeout: 120_000 });

async function expectNoViolations(page: Page, state: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  const found = violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help}\n${violation.nodes
        .slice(0, 5)
        .map((node) => `    ${node.target.join(" ")}: ${node.failureSummary?.split("\n").slice(1).join("; ")}`)
        .join("\n")}`,
  );
  expect(found, `accessibility violations on ${state}`).toEqual([]);
}

const vehicleId = async (page: Page, type = "car") =>
  ((await (await page.request.get(`/api/vehicles/search/${type}?pageSize=1`)).json()) as { _id: string }[])[0]!._id;

const PAGES = [
  "/",
  "/vehicles",
  "/car-search",
  "/car-search?q=estate&fuelType=Diesel&gearbox=Automatic&price=-30000",
  "/van-search?bodyType=Panel+Van",
  "/truck-search?sort=price_asc",
  "/offers",
  "/newsletter",
  "/feedback",
  "/part-exchange",
  ...CATEGORY_PAGES.map((path) => `/${path}`),
  ...CONTENT_PAGES.map((path) => `/${path}`),
];

for (const address of PAGES) {
  test(`${address} passes`, async ({ page }) => {
    const response = await page.goto(address, { waitUntil: "networkidle" });
    expect(response?.status()).toBe(200);
    await expectNoViolations(page, address);
  });
}

test("the scan itself finds what it should", async ({ page }) => {
  await page.goto("/about", { waitUntil: "networkidle" });
  await hydrated(page);
  await page.evaluate(() => {
    const picture = document.createElement("img");
    picture.src = "/favicon.svg";
    document.querySelector("main")!.append(picture);
  });
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(violations.map((violation) => violation.id)).toContain("image-alt");
});

test("a vehicle page, its no-script finance page and a search with no results pass", async ({ page }) => {
  const id = await vehicleId(page, "van");
  await page.goto(`/vehicles/${id}`, { waitUntil: "networkidle" });
  await expectNoViolations(page, "a vehicle page");
  await page.goto(`/vehicles/${id}/finance`, { waitUntil: "networkidle" });
  await expectNoViolations(page, "the finance page");
  await page.goto("/car-search?price=-1", { waitUntil: "networkidle" });
  await expectNoViolations(page, "a search with no results");
});

test.describe("a vehicle page on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("passes with the contact bar at the foot of the screen, and with the photos open full screen", async ({ page }) => {
    await page.goto(`/vehicles/${await vehicleId(page)}`, { waitUntil: "networkidle" });
    await hydrated(page);
    await expect(page.getByRole("navigation", { name: "Contact the dealer about this vehicle" })).toBeVisible();
    await expectNoViolations(page, "a vehicle page on a phone");
    await page.getByRole("button", { name: "View full screen" }).click();
    await expect(page.getByRole("dialog", { name: /full screen$/ })).toBeVisible();
    await expectNoViolations(page, "the photos full screen");
  });
});

test.describe("pages that do not exist", () => {
  test.use({ expectedConsoleErrors: /status of 404/ });

  test("the 404 page passes", async ({ page }) => {
    await page.goto("/no/such/page", { waitUntil: "networkidle" });
    await expectNoViolations(page, "the 404 page");
  });
});

test("saved vehicles, a shared list and a comparison pass, with the compare bar open", async ({ page }) => {
  const ids = ((await (await page.request.get("/api/vehicles/search/car?pageSize=3")).json()) as { _id: string }[]).map(
    (record) => record._id,
  );
  await page.goto("/saved", { waitUntil: "networkidle" });
  await expect(page.getByText("No saved vehicles yet.")).toBeVisible();
  await expectNoViolations(page, "an empty saved list");
  await page.evaluate((ids) => {
    localStorage.setItem("dealer:saved-vehicles", JSON.stringify([...ids, "sold-long-ago-1"]));
    localStorage.setItem("dealer:compared-vehicles", JSON.stringify(ids.slice(0, 2)));
  }, ids);
  await page.goto("/saved", { waitUntil: "networkidle" });
  await expect(page.getByText("No longer for sale.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Vehicles to compare" })).toBeVisible();
  await expectNoViolations(page, "a saved list with the compare bar");
  await page.goto(`/saved?ids=${ids.join(",")}`, { waitUntil: "networkidle" });
  await expectNoViolations(page, "a shared saved list");
  await page.goto(`/compare?ids=${ids.join(",")}`, { waitUntil: "networkidle" });
  await expectNoViolations(page, "a comparison of three vehicles");
  await page.goto("/compare", { waitUntil: "networkidle" });
  await expect(page.getByRole("table")).toBeVisible();
  await expectNoViolations(page, "the comparison of the vehicles chosen in this browser");
});

test("the filters pass, with a make chosen: the sidebar on a wide screen, the open panel on a phone", async ({ page }) => {
  await page.goto("/car-search", { waitUntil: "networkidle" });
  let filters = page.getByRole("region", { name: "Filter cars" });
  if (page.viewportSize()!.width < 1024) {
    await page.getByRole("button", { name: "Filter and sort" }).click();
    filters = page.getByRole("dialog", { name: "Filter and sort" });
  }
  await expect(filters).toBeVisible();
  await expectNoViolations(page, "the filters");
  await filters.getByLabel("Make", { exact: true }).selectOption({ index: 1 });
  await expect(filters.getByLabel("Model")).toBeEnabled();
  await expectNoViolations(page, "the filters with a make");
  // Ranges picked by their ends (two selects grouped under the label) and the condition, chosen, with their chips.
  await page.goto("/car-search?condition=Used&price=10000-15000&year=2018-&mileage=-60000", { waitUntil: "networkidle" });
  if (page.viewportSize()!.width < 1024) await page.getByRole("button", { name: "Filter and sort" }).click();
  await expect(filters.getByRole("group", { name: "Price" })).toBeVisible();
  await expect(filters.getByLabel("Max price")).toHaveValue("15000");
  await expectNoViolations(page, "the filters with ranges and a condition chosen");
});

test("each step of the finance application passes, errors included", async ({ page }) => {
  await page.goto(`/vehicles/${await vehicleId(page)}`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Apply for finance" }).click();
  const dialog = page.getByRole("dialog");
  for (let step = 1; step <= 7; step++) {
    await expect(dialog.getByText(`Step ${step} of 7`)).toBeVisible();
    // Next with nothing filled in shows the step's errors, which must be accessible too.
    await dialog.getByRole("button", { name: step === 7 ? "Submit" : "Next" }).click();
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoViolations(page, `step ${step} of the application, with errors`);
    await fillStep(page, step);
    if (step < 7) await dialog.getByRole("button", { name: "Next" }).click();
  }
});

test("a vehicle page passes with each of its forms open, errors included, and each form's own page", async ({ page }) => {
  const id = await vehicleId(page);
  await page.goto(`/vehicles/${id}`, { waitUntil: "networkidle" });
  for (const name of ["Enquire about this vehicle", "Book a test drive", "Request a call back"]) {
    await page.getByRole("button", { name }).click();
    const dialog = page.getByRole("dialog", { name });
    await expect(dialog).toBeVisible();
    await expectNoViolations(page, `the ${name} dialog`);
    await dialog.getByLabel("Full name").fill("");
    await dialog.getByRole("button", { name: /^(Send enquiry|Request test drive|Call me back)$/ }).click();
    await expect(dialog.locator('[aria-invalid="true"]').first()).toBeVisible();
    await expectNoViolations(page, `the ${name} dialog, with errors`);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  }
  await page.getByRole("form", { name: "Work out your payments" }).getByLabel("Deposit (£)").fill("1000");
  await expectNoViolations(page, "a vehicle page with the calculator used");
  for (const form of ["enquire", "test-drive", "call-back"]) {
    await page.goto(`/vehicles/${id}/${form}`, { waitUntil: "networkidle" });
    await expectNoViolations(page, `/vehicles/{id}/${form}`);
  }
});

test("the menus and the feedback dialog pass when open", async ({ page }) => {
  await page.goto("/", { waitUntil: "networkidle" });
  const menuButton = page.getByRole("button", { name: "Menu" });
  if (await menuButton.isVisible()) {
    await menuButton.click();
    await expect(page.getByRole("dialog", { name: "Menu" })).toBeVisible();
    await expectNoViolations(page, "the phone menu");
    await page.keyboard.press("Escape");
  } else {
    await page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Vans" }).click();
    await expectNoViolations(page, "an open header menu");
    await page.keyboard.press("Escape");
  }
  await page.getByRole("button", { name: "Feedback" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
  await expectNoViolations(page, "the feedback dialog");
});

/** Fills one step of the application with good answers. */
async function fillStep(page: Page, step: number) {
  const dialog = page.getByRole("dialog");
  const answers: Record<number, () => Promise<void>> = {
    1: () => dialog.getByLabel("Full UK").check(),
    2: async () => {
      await dialog.getByLabel("First name").fill("Jo");
      await dialog.getByLabel("Surname").fill("Bloggs");
      await dialog.getByLabel("Phone number").fill("07700 900123");
      await dialog.getByLabel("Email address").fill("jo.bloggs@example.com");
      await dialog.getByLabel("Date of birth").fill("1988-05-17");
    },
    3: () => dialog.getByLabel("Married").check(),
    4: () => dialog.getByLabel("Homeowner").check(),
    5: async () => {
      await dialog.getByLabel("Address line 1", { exact: true }).fill("1 Test Street");
      await dialog.getByLabel("Town or city", { exact: true }).fill("Liverpool");
      await dialog.getByLabel("Postcode", { exact: true }).fill("l1 8jq");
      // Under three years here: the address before it is asked for, and checked.
      await dialog.getByLabel("Years at this address").fill("1");
      await dialog.getByLabel("Previous address line 1").fill("2 Dock Road");
      await dialog.getByLabel("Previous postcode").fill("nowhere");
      await dialog.getByRole("button", { name: "Next" }).click();
      await expect(dialog.getByLabel("Previous postcode")).toHaveAttribute("aria-invalid", "true");
      await expectNoViolations(page, "step 5 of the application, with a previous address and its errors");
      await dialog.getByLabel("Previous town or city").fill("Leeds");
      await dialog.getByLabel("Previous postcode").fill("LS11 5AA");
    },
    6: () => dialog.getByLabel("Full-Time Employment").check(),
    7: async () => undefined,
  };
  await answers[step]!();
}

/** The focused element draws a visible outline (the site's :focus-visible ring). */
async function expectVisibleFocus(page: Page) {
  const outline = await page.evaluate(() => {
    const focused = document.activeElement as HTMLElement;
    const style = getComputedStyle(focused);
    return { style: style.outlineStyle, width: parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe("none");
  expect(outline.width).toBeGreaterThanOrEqual(2);
}

test("the skip link, menus and accordions work from the keyboard with a visible focus", async ({ page }) => {
  await page.goto("/", { waitUntil: "networkidle" });
  await page.keyboard.press("Tab");
  const skip = page.getByRole("link", { name: "Skip to content" });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await expectVisibleFocus(page);

  const menuButton = page.getByRole("button", { name: "Menu" });
  if (await menuButton.isVisible()) {
    await menuButton.focus();
    await expectVisibleFocus(page);
    await page.keyboard.press("Enter");
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();
    await expect(menuButton).toBeFocused();
  } else {
    const vans = page.getByRole("navigation", { name: "Main" }).locator("summary", { hasText: "Vans" });
    await vans.focus();
    await expectVisibleFocus(page);
    await page.keyboard.press("Enter");
    await expect(page.getByRole("link", { name: "Used vans" })).toBeVisible();
    await page.keyboard.press("Tab");
    await expect(page.getByRole("link", { name: "Search all vans" })).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("link", { name: "Used vans" })).toBeHidden();
    await expect(vans).toBeFocused();
  }

  const question = page.locator(".faq summary").first();
  await question.focus();
  await expectVisibleFocus(page);
  await page.keyboard.press("Enter");
  await expect(page.locator(".faq details").first()).toHaveAttribute("open");
  await page.keyboard.press("Space");
  await expect(page.locator(".faq details").first()).not.toHaveAttribute("open");
});

test.describe("controls that open dialogs, on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the filter bar and the menu are buttons that say they open a dialog, pressed with Space or Enter", async ({ page }) => {
    await page.goto("/car-search");
    await hydrated(page, ".filter-bar a");
    const bar = page.getByRole("navigation", { name: "Filters" });
    const dialog = page.getByRole("dialog", { name: "Filter and sort" });
    const names = ["Make and model", "Price", "Year", "Mileage", "Gearbox", "Body type", "Filter and sort"];
    for (const [i, name] of names.entries()) {
      const button = bar.getByRole("button", { name, exact: true });
      await expect(button).toHaveAttribute("aria-haspopup", "dialog");
      await expect(button).toHaveAttribute("aria-controls", "filters");
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await button.focus();
      await page.keyboard.press(i % 2 === 0 ? "Space" : "Enter");
      await expect(dialog).toBeVisible();
      await expect(button).toHaveAttribute("aria-expanded", "true");
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(button).toHaveAttribute("aria-expanded", "false");
      await expect(button).toBeFocused();
    }
    // Space pressed the button rather than scrolling the page.
    expect(await page.evaluate(() => window.scrollY)).toBe(0);

    const menuButton = page.getByRole("banner").getByRole("button", { name: "Menu", exact: true });
    await expect(menuButton).toHaveAttribute("aria-haspopup", "dialog");
    await expect(menuButton).toHaveAttribute("aria-controls", "menu");
    await menuButton.focus();
    await page.keyboard.press("Space");
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menuButton).toHaveAttribute("aria-expanded", "true");
    await menu.getByRole("button", { name: "Close the menu" }).press("Enter");
    await expect(menu).toBeHidden();
    await expect(menuButton).toHaveAttribute("aria-expanded", "false");
  });
});
