import type { Page } from "@playwright/test";
import { rangeLabel } from "../../domain/filter-labels";
import { FILTER_NAMES, FILTER_ON, FILTERS, filterAppliesTo, formatRange, type RangeFilterName } from "../../domain/filters";
import { BROWSING_PAUSE_MS } from "../../frontend/components/search/browsed-change";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";
import { swipe } from "./touch";

/**
 * Around the results: the filters (a sidebar on a wide screen, the filter bar and its dialog
 * on a phone), the chips of those in use, the order and page size, and the page numbers. On
 * phone and desktop.
 */

const cards = (page: Page) => page.locator("#results .vehicle-card");
/** The sidebar shows from 64rem (frontend/styles/app.css); narrower screens have the filter bar. */
const wide = (page: Page) => page.viewportSize()!.width >= 1024;
const sidebar = (page: Page) => page.getByRole("region", { name: /^Filter (cars|vans|trucks)$/ });
const filterBar = (page: Page) => page.getByRole("navigation", { name: "Filters" });

/** The filters as this screen offers them: the sidebar, or the dialog the filter bar opens. */
async function filterPanel(page: Page) {
  if (wide(page)) return sidebar(page);
  await filterBar(page).getByRole("button", { name: "Filter and sort" }).click();
  return page.getByRole("dialog", { name: "Filter and sort" });
}

test("a wide screen has the filters in a sidebar beside the results, a phone behind the filter bar", async ({ page }) => {
  await page.goto("/car-search");
  await hydrated(page);
  if (wide(page)) {
    await expect(sidebar(page)).toBeVisible();
    await expect(sidebar(page).getByRole("heading", { level: 2, name: "Filter cars" })).toBeVisible();
    await expect(filterBar(page)).toBeHidden();
    for (const label of [
      "Make",
      "Model",
      "Condition",
      "Min price",
      "Max price",
      "Min year",
      "Max year",
      "Min mileage",
      "Max mileage",
      "Gearbox",
      "Body Type",
      "Fuel Type",
    ]) {
      await expect(sidebar(page).getByLabel(label, { exact: true })).toBeVisible();
    }
    const side = (await sidebar(page).boundingBox())!;
    const results = (await page.locator("#results").boundingBox())!;
    expect(side.x + side.width).toBeLessThanOrEqual(results.x);
    expect(side.y).toBeLessThan(results.y + results.height);
    // Still in sight far down the results.
    await cards(page).nth(20).scrollIntoViewIfNeeded();
    await expect(sidebar(page).getByLabel("Make", { exact: true })).toBeInViewport();
  } else {
    await expect(sidebar(page)).toBeHidden();
    await filterBar(page).getByRole("button", { name: "Filter and sort" }).click();
    await expect(page.getByRole("dialog", { name: "Filter and sort" }).getByLabel("Make", { exact: true })).toBeVisible();
  }
});

test("an address naming a filter leads to it: in the sidebar on a wide screen, in the dialog on a phone", async ({ page }) => {
  await page.goto("/car-search#filter-price");
  await hydrated(page);
  if (wide(page)) {
    await expect(sidebar(page).getByLabel("Min price")).toBeFocused();
    await expect(page.getByRole("dialog")).toBeHidden();
  } else {
    await expect(page.getByRole("dialog", { name: "Filter and sort" }).getByLabel("Min price")).toBeFocused();
  }
});

test("an address naming the filters leads to the sidebar's first field on a wide screen, the dialog on a phone", async ({ page }) => {
  await page.goto("/car-search#filters");
  await hydrated(page);
  if (wide(page)) {
    await expect(sidebar(page).getByLabel("Make", { exact: true })).toBeFocused();
    await expect(page.getByRole("dialog")).toBeHidden();
  } else {
    await expect(page.getByRole("dialog", { name: "Filter and sort" })).toBeVisible();
  }
});

test("a filter chosen in the panel applies in place: the address, the results and a chip, with no new history", async ({ page }) => {
  await page.goto("/car-search");
  await hydrated(page);
  const historyLength = await page.evaluate(() => history.length);
  const panel = await filterPanel(page);
  const gearbox = panel.getByLabel("Gearbox");
  const choice = (await gearbox.locator("option").nth(1).getAttribute("value"))!;
  await gearbox.selectOption(choice);
  await expect(page).toHaveURL(new RegExp(`/car-search\\?gearbox=${choice}$`));
  await expect(page.getByRole("link", { name: `Remove Gearbox: ${choice}` })).toBeVisible();
  await expect(page.getByRole("region", { name: "Results", exact: true })).toHaveAttribute("aria-busy", "false");
  expect(await page.evaluate(() => history.length)).toBe(historyLength);
});

test("arrowing through the make select searches once, for the make it stops at, without a jump to the top", async ({ page }) => {
  await page.goto("/car-search");
  await hydrated(page);
  const panel = await filterPanel(page);
  const make = panel.getByLabel("Make", { exact: true });
  const fourthMake = (await make.locator("option").nth(4).getAttribute("value"))!;
  const searches: URL[] = [];
  page.on("request", (request) => {
    const url = new URL(request.url());
    if (url.pathname === "/car-search.data") searches.push(url);
  });
  if (wide(page)) await cards(page).nth(12).scrollIntoViewIfNeeded();
  await make.focus();
  const scrolled = await page.evaluate(() => window.scrollY > 0);
  // When each key reached the page: a machine too busy to press them within the pause makes a search per pause.
  await make.evaluate((select) =>
    select.addEventListener("keydown", (event) => (select.dataset.keyTimes = `${select.dataset.keyTimes ?? ""} ${event.timeStamp}`.trim())),
  );
  for (let i = 0; i < 4; i++) await make.press("ArrowDown");
  await expect(make).toHaveValue(fourthMake);
  await expect(page).toHaveURL(new RegExp(`/car-search\\?make=${encodeURIComponent(fourthMake).replace(/%20/g, "\\+")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${fourthMake} cars for sale`);
  await expect(page.getByRole("region", { name: "Results", exact: true })).toHaveAttribute("aria-busy", "false");
  const times = (await make.getAttribute("data-key-times"))!.split(" ").map(Number);
  const gaps = times.slice(1).map((time, i) => time - times[i]!);
  const pauses = gaps.filter((gap) => gap >= BROWSING_PAUSE_MS).length;
  expect(pauses, `gaps between the key presses: ${gaps.join(", ")} ms`).toBeLessThan(3);
  // A gap of the pause or more may still make no search: the pause is timed from when the page handled the key, which a busy machine delays.
  const searched = searches.map((url) => url.searchParams.get("make"));
  expect(searched.length, `searched ${searched.join(", ")}; gaps between the key presses: ${gaps.join(", ")} ms`).toBeLessThanOrEqual(
    1 + pauses,
  );
  expect(searches.at(-1)?.searchParams.get("make")).toBe(fourthMake);
  // Not sent back to the top (fewer results may shorten the page, and so the scroll).
  expect(await page.evaluate(() => window.scrollY > 0)).toBe(scrolled);
  await expect(make).toBeFocused();
  await expect(make).toBeInViewport();
});

test("every filter in use and the words show as a removable chip above the results", async ({ page }) => {
  // Every filter a van search offers, each set, with keywords: nothing matches, and each is a chip.
  const params = new URLSearchParams({ q: "long wheelbase" });
  for (const name of FILTER_NAMES.filter((name) => filterAppliesTo(name, "van"))) {
    const filter = FILTERS[name];
    params.set(name, filter.kind === "range" ? formatRange(filter.bands[1]!) : filter.kind === "recent" ? FILTER_ON : "Some value");
  }
  await page.goto(`/van-search?${params}`);
  const chips = page.getByRole("list", { name: "Filters in use" });
  await expect(chips.getByRole("link", { name: "Remove the words long wheelbase" })).toBeVisible();
  for (const name of FILTER_NAMES.filter((name) => filterAppliesTo(name, "van"))) {
    const filter = FILTERS[name];
    const value = filter.kind === "range" ? rangeLabel(name as RangeFilterName, filter.bands[1]!) : "Some value";
    const chipName = filter.kind === "recent" ? `Remove ${filter.label}` : `Remove ${filter.label}: ${value}`;
    await expect(chips.getByRole("link", { name: chipName, exact: true })).toBeVisible();
  }
  const chipsBox = (await chips.boundingBox())!;
  expect(chipsBox.y + chipsBox.height).toBeLessThanOrEqual((await page.locator("#results").boundingBox())!.y);

  await chips.getByRole("link", { name: "Remove the words long wheelbase" }).click();
  await expect(page).not.toHaveURL(/[?&]q=/);
  await expect(chips.getByRole("link", { name: "Remove the words long wheelbase" })).toHaveCount(0);
});

test("on a wide screen Tab goes from the keyword search into the sidebar's filters, then on to the results", async ({ page }) => {
  await page.goto("/car-search?fuelType=Petrol");
  await hydrated(page);
  if (!wide(page)) {
    await expect(sidebar(page)).toBeHidden();
    return;
  }
  await page.getByRole("search", { name: "Search cars by keyword" }).getByRole("button", { name: "Search" }).focus();
  await page.keyboard.press("Tab");
  await expect(sidebar(page).getByRole("button", { name: "Clear all" })).toBeFocused();
  await page.keyboard.press("Tab");
  await expect(sidebar(page).getByLabel("Make", { exact: true })).toBeFocused();
});

test("page numbers lead to each page, with first, previous, next and last", async ({ page }) => {
  await page.goto("/car-search");
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages.getByText("1", { exact: true })).toHaveAttribute("aria-current", "page");
  await pages.getByRole("link", { name: "Page 3" }).click();
  await expect(page).toHaveURL(/\/car-search\?page=3$/);
  await expect(pages.getByText(/^Page 3 of/)).toBeVisible();
  await expect(pages.getByRole("link", { name: "First" })).toHaveAttribute("href", "/car-search");
  await expect(pages.getByRole("link", { name: "Previous" })).toHaveAttribute("href", "/car-search?page=2");
  await pages.getByRole("link", { name: "Last" }).click();
  await expect(pages.getByRole("link", { name: "Next" })).toHaveCount(0);
});

test("the order and the number per page are chosen above the results on a wide screen, in Filter and sort on a phone", async ({ page }) => {
  await page.goto("/car-search");
  await hydrated(page);
  const above = page.getByRole("form", { name: "Order and page size" });
  if (wide(page)) {
    await above.getByLabel("Per page").selectOption("48");
    await expect(page).toHaveURL(/\/car-search\?pageSize=48$/);
    await expect(cards(page)).toHaveCount(48);
    await above.getByLabel("Sort results").selectOption("price_asc");
    await expect(page).toHaveURL(/\/car-search\?sort=price_asc&pageSize=48$/);
    await expect(above.getByLabel("Sort results")).toHaveValue("price_asc");
    return;
  }
  await expect(above).toBeHidden();
  const panel = await filterPanel(page);
  await panel.getByLabel("Results per page").selectOption("48");
  await expect(page).toHaveURL(/\/car-search\?pageSize=48$/);
  await expect(cards(page)).toHaveCount(48);
  await panel.getByLabel("Sort by").selectOption("price_asc");
  await expect(page).toHaveURL(/\/car-search\?sort=price_asc&pageSize=48$/);
});

test.describe("on a phone's screen, with three filters and a keyword", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  const address = "/car-search?q=estate&fuelType=Diesel&gearbox=Automatic&price=-30000";

  test("the first result is on the first screen: the chips on one row that a finger scrolls, nothing else above the results", async ({
    page,
  }) => {
    await page.goto(address);
    await hydrated(page);
    const first = cards(page).first();
    await expect(first.getByRole("heading")).toBeInViewport();
    const title = (await first.getByRole("heading").boundingBox())!;
    expect(title.y + title.height).toBeLessThanOrEqual(844);
    await expect(page.getByRole("form", { name: "Order and page size" })).toBeHidden();

    const chips = page.getByRole("list", { name: "Filters in use" });
    const tops = await chips.getByRole("listitem").evaluateAll((items) => items.map((item) => item.getBoundingClientRect().top));
    expect(tops).toHaveLength(5);
    expect(new Set(tops).size, "the chips are on one row").toBe(1);
    const clear = chips.getByRole("link", { name: "Clear all filters" });
    await expect(clear).not.toBeInViewport({ ratio: 1 });
    const row = (await chips.boundingBox())!;
    const across = () => swipe(page, { x: 370, y: row.y + row.height / 2 }, { x: 20, y: row.y + row.height / 2 });
    await across();
    await expect.poll(() => chips.evaluate((list) => list.scrollLeft)).toBeGreaterThan(100);
    // How far one swipe carries depends on its speed as the browser reads it: another, if need be, reaches the end.
    await expect(async () => {
      if (!(await clear.evaluate((link) => link.getBoundingClientRect().right <= window.innerWidth))) await across();
      await expect(clear).toBeInViewport({ ratio: 1, timeout: 1000 });
    }).toPass({ timeout: 15_000 });
    expect(await page.evaluate(() => window.scrollX)).toBe(0);
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the order and page size are chosen in Filter and sort, sent with its button", async ({ page }) => {
      await page.goto(address);
      await filterBar(page).getByRole("link", { name: "Filter and sort" }).click();
      const panel = page.locator("#filters");
      await panel.getByLabel("Results per page").selectOption("48");
      await panel.getByLabel("Sort by").selectOption("mileage");
      await panel.getByRole("button", { name: /^Search/ }).click();
      const sent = new URL(page.url()).searchParams;
      expect(Object.fromEntries(sent)).toMatchObject({ q: "estate", fuelType: "Diesel", sort: "mileage", pageSize: "48" });
    });
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the sidebar is in the server's page and is sent with its Apply button, keeping the words, order and page size", async ({
    page,
  }) => {
    await page.goto("/car-search?q=manual&sort=mileage&pageSize=48");
    if (!wide(page)) {
      await expect(sidebar(page)).toBeHidden();
      return;
    }
    const make = sidebar(page).getByLabel("Make", { exact: true });
    const firstMake = (await make.locator("option").nth(1).getAttribute("value"))!;
    await make.selectOption(firstMake);
    await sidebar(page).getByLabel("Max price").selectOption({ index: 1 });
    await sidebar(page).getByRole("button", { name: "Apply filters" }).click();
    // Every field is sent; the server sends the browser on to the address without the empty ones.
    await expect(page).toHaveURL(/\/car-search\?[^#]*price=/);
    const sent = new URL(page.url()).searchParams;
    expect([...sent.keys()].sort()).toEqual(["make", "pageSize", "price", "q", "sort"]);
    expect(sent.get("make")).toBe(firstMake);
    expect(sent.get("q")).toBe("manual");
    expect(sent.get("sort")).toBe("mileage");
    expect(sent.get("pageSize")).toBe("48");
    await expect(sidebar(page).getByLabel("Make", { exact: true })).toHaveValue(firstMake);
  });

  test("the order and page size are sent with their Show button on a wide screen, keeping the words and filters", async ({ page }) => {
    await page.goto("/car-search?q=manual&fuelType=Petrol");
    const above = page.getByRole("form", { name: "Order and page size" });
    if (!wide(page)) {
      await expect(above).toBeHidden();
      return;
    }
    await above.getByLabel("Per page").selectOption("96");
    await above.getByLabel("Sort results").selectOption("mileage");
    await above.getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\/car-search\?q=manual&fuelType=Petrol&sort=mileage&pageSize=96$/);
  });
});
