import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";

/**
 * Price, year and mileage picked as a minimum and a maximum, a monthly budget as a ceiling,
 * and the condition filter, on a phone of 390×844 (the filter bar and its dialog) and a desktop (the sidebar),
 * with and without JavaScript.
 */

test.beforeEach(async ({ page, isMobile }) => {
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
});

/** The sidebar shows from 64rem (frontend/styles/app.css); narrower screens have the filter bar. */
const wide = (page: Page) => page.viewportSize()!.width >= 1024;
const sidebar = (page: Page) => page.getByRole("region", { name: /^Filter (cars|vans|trucks)$/ });
const chips = (page: Page) => page.getByRole("list", { name: "Filters in use" });
const resultCount = async (page: Page) => Number((await page.locator(".search-page__heading .lede").textContent())!.replace(/\D/g, ""));
const monthlyPrices = async (page: Page) =>
  (await page.locator("#results .vehicle-card__monthly strong").allTextContents()).map((text) => Number(text.replace(/[^\d.]/g, "")));
const prices = async (page: Page) =>
  (await page.locator("#results .vehicle-card__price").allTextContents()).map((text) => Number(text.replace(/[^\d]/g, "")));

/** The filters where this screen has them, at price: a tap on the filter bar's Price on a phone, the sidebar as it stands on a desktop. */
async function priceFilters(page: Page): Promise<Locator> {
  if (wide(page)) return sidebar(page);
  await page.getByRole("navigation", { name: "Filters" }).getByRole("button", { name: "Price" }).click();
  const panel = page.getByRole("dialog", { name: "Filter and sort" });
  await expect(panel.getByRole("group", { name: "Price" })).toBeInViewport();
  return panel;
}

test.describe("with JavaScript", () => {
  test("up to £15,000 is two taps, the max price select and £15,000; the results follow and the chip reads so", async ({ page }) => {
    await page.goto("/car-search");
    await hydrated(page);
    const total = await resultCount(page);
    const filters = await priceFilters(page);
    const price = filters.getByRole("group", { name: "Price" });
    await expect(price.getByLabel("Min price")).toHaveValue("");
    await expect(price.getByLabel("Max price").locator("option").first()).toHaveText("Any");

    await price.getByLabel("Max price").selectOption({ label: "£15,000" });
    await expect(page).toHaveURL(/\/car-search\?price=-15000$/);
    await expect.poll(() => resultCount(page)).toBeLessThan(total);
    if (!wide(page))
      await page
        .locator("#filters")
        .getByRole("button", { name: /^Search [\d,]+ cars?$/ })
        .click();
    await expect(chips(page).getByRole("link", { name: "Remove Price: Up to £15,000" })).toHaveText(/^Up to £15,000/);
    await expect(page.locator("#results")).toHaveAttribute("aria-busy", "false");
    for (const amount of await prices(page)) expect(amount).toBeLessThanOrEqual(15000);

    // The other end too: "£10,000 to £15,000", then the maximum opened again: "From £10,000".
    const panel = wide(page) ? sidebar(page) : await priceFilters(page);
    await panel.getByLabel("Min price").selectOption("10000");
    await expect(page).toHaveURL(/price=10000-15000$/);
    await panel.getByLabel("Max price").selectOption("");
    await expect(page).toHaveURL(/price=10000-$/);
    if (!wide(page))
      await page
        .locator("#filters")
        .getByRole("button", { name: /^Search [\d,]+ cars?$/ })
        .click();
    await expect(chips(page).getByRole("link", { name: "Remove Price: From £10,000" })).toBeVisible();
    for (const amount of await prices(page)) expect(amount).toBeGreaterThanOrEqual(10000);
  });

  test("the condition filter narrows the results: New and Used together make the whole", async ({ page }) => {
    await page.goto("/car-search");
    await hydrated(page);
    const total = await resultCount(page);
    const filters = wide(page) ? sidebar(page) : await openPanel(page);
    const condition = filters.getByLabel("Condition", { exact: true });
    await expect(condition.locator("option")).toHaveText([/^Any$/, /^New \(\d+\)$/, /^Used \(\d+\)$/]);

    await condition.selectOption("New");
    await expect(page).toHaveURL(/\/car-search\?condition=New$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New cars for sale");
    const fresh = await resultCount(page);
    await condition.selectOption("Used");
    await expect(page).toHaveURL(/\/car-search\?condition=Used$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Used cars for sale");
    const used = await resultCount(page);
    expect(fresh).toBeGreaterThan(0);
    expect(used).toBeLessThan(total);
    expect(fresh + used).toBe(total);
    if (!wide(page))
      await page
        .locator("#filters")
        .getByRole("button", { name: /^Search [\d,]+ cars?$/ })
        .click();
    await expect(chips(page).getByRole("link", { name: "Remove Condition: Used" })).toHaveText(/^Used/);
  });
});

test.describe("a monthly budget", () => {
  test("with JavaScript, up to £250 a month is one select; every card's monthly price is within it and the chip reads so", async ({
    page,
  }) => {
    await page.goto("/car-search");
    await hydrated(page);
    const total = await resultCount(page);
    const filters = wide(page) ? sidebar(page) : await openPanel(page);
    const budget = filters.getByLabel("Monthly Budget");
    await expect(budget.locator("option").first()).toHaveText("Any");
    await expect(budget.locator("option").nth(1)).toHaveText("Up to £100 a month");
    await budget.selectOption({ label: "Up to £250 a month" });
    await expect(page).toHaveURL(/\/car-search\?monthlyPrice=-250$/);
    await expect.poll(() => resultCount(page)).toBeLessThan(total);
    if (!wide(page))
      await page
        .locator("#filters")
        .getByRole("button", { name: /^Search [\d,]+ cars?$/ })
        .click();
    await expect(chips(page).getByRole("link", { name: "Remove Monthly Budget: Up to £250 a month" })).toHaveText(/^Up to £250 a month/);
    await expect(page.locator("#results")).toHaveAttribute("aria-busy", "false");
    const monthly = await monthlyPrices(page);
    expect(monthly.length).toBeGreaterThan(0);
    for (const amount of monthly) expect(amount).toBeLessThanOrEqual(250);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the budget is sent with the form as the one parameter, and the chip reads so", async ({ page }) => {
      await page.goto("/van-search");
      const filters = wide(page) ? sidebar(page) : await noScriptPanel(page);
      await filters.getByLabel("Monthly Budget").selectOption({ label: "Up to £300 a month" });
      await filters.getByRole("button", { name: wide(page) ? "Apply filters" : /^Search/ }).click();
      await expect(page).toHaveURL(/\/van-search\?monthlyPrice=-300$/);
      await expect(chips(page).getByRole("link", { name: "Remove Monthly Budget: Up to £300 a month" })).toBeVisible();
      const monthly = await monthlyPrices(page);
      expect(monthly.length).toBeGreaterThan(0);
      for (const amount of monthly) expect(amount).toBeLessThanOrEqual(300);
    });
  });
});

async function openPanel(page: Page): Promise<Locator> {
  await page.getByRole("navigation", { name: "Filters" }).getByRole("button", { name: "Filter and sort" }).click();
  return page.getByRole("dialog", { name: "Filter and sort" });
}

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("up to £15,000 is the max price select, £15,000 and the form's button; the address is the contract's and the chip reads so", async ({
    page,
  }) => {
    await page.goto("/car-search?sort=price_desc");
    const filters = wide(page) ? sidebar(page) : await noScriptPanel(page);
    await filters.getByLabel("Max price").selectOption({ label: "£15,000" });
    await filters.getByRole("button", { name: wide(page) ? "Apply filters" : /^Search/ }).click();
    // The form sends priceMin and priceMax; the server folds them into the one parameter.
    await expect(page).toHaveURL(/\/car-search\?[^#]*price=-15000/);
    expect(Object.fromEntries(new URL(page.url()).searchParams)).toEqual({ price: "-15000", sort: "price_desc" });
    await expect(chips(page).getByRole("link", { name: "Remove Price: Up to £15,000" })).toHaveText(/^Up to £15,000/);
    const amounts = await prices(page);
    expect(amounts.length).toBeGreaterThan(0);
    for (const amount of amounts) expect(amount).toBeLessThanOrEqual(15000);
  });

  test("the condition and a year and mileage range are sent with the form", async ({ page }) => {
    await page.goto("/car-search");
    const total = await resultCount(page);
    const filters = wide(page) ? sidebar(page) : await noScriptPanel(page);
    await filters.getByLabel("Condition", { exact: true }).selectOption("Used");
    await filters.getByLabel("Min year").selectOption("2018");
    await filters.getByLabel("Max mileage").selectOption("60000");
    await filters.getByRole("button", { name: wide(page) ? "Apply filters" : /^Search/ }).click();
    await expect(page).toHaveURL(/\/car-search\?condition=Used&year=2018-&mileage=-60000$/);
    expect(await resultCount(page)).toBeLessThan(total);
    await expect(chips(page).getByRole("link", { name: "Remove Year: 2018 or newer" })).toHaveText(/^2018 or newer/);
    await expect(chips(page).getByRole("link", { name: "Remove Mileage: Up to 60,000 miles" })).toHaveText(/^Up to 60,000 miles/);
    await expect(chips(page).getByRole("link", { name: "Remove Condition: Used" })).toBeVisible();
  });

  test("a band link from anywhere still works, its ends shown in the selects", async ({ page }) => {
    await page.goto("/car-search?price=12495-20000");
    await expect(chips(page).getByRole("link", { name: "Remove Price: £12,495 to £20,000" })).toBeVisible();
    const filters = wide(page) ? sidebar(page) : await noScriptPanel(page);
    await expect(filters.getByLabel("Min price")).toHaveValue("12495");
    await expect(filters.getByLabel("Min price").locator("option:checked")).toHaveText("£12,495");
    await expect(filters.getByLabel("Max price")).toHaveValue("20000");
  });

  test("the New cars page searches new cars", async ({ page }) => {
    await page.goto("/cars/new");
    await page.getByRole("button", { name: "Search cars" }).click();
    await expect(page).toHaveURL(/\/car-search\?condition=New$/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("New cars for sale");
    const fresh = await resultCount(page);
    await page.goto("/car-search");
    expect(fresh).toBeLessThan(await resultCount(page));
    expect(fresh).toBeGreaterThan(0);
  });
});

/** The filter panel without JavaScript: the filter bar's Price link, which CSS opens the panel at. */
async function noScriptPanel(page: Page): Promise<Locator> {
  await page.getByRole("navigation", { name: "Filters" }).getByRole("link", { name: "Price" }).click();
  const panel = page.locator("#filters");
  await expect(panel.getByRole("group", { name: "Price" })).toBeVisible();
  return panel;
}
