import type { Page } from "@playwright/test";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";

/** The search screen as a phone visitor uses it. */
test.use({ viewport: { width: 412, height: 915 }, isMobile: true, hasTouch: true });

const resultCount = async (page: Page) => Number((await page.locator(".search-page__heading .lede").textContent())!.replace(/\D/g, ""));
const searchButton = (page: Page) => page.getByRole("dialog").getByRole("button", { name: /^Search [\d,]+ (car|cars)$/ });

/**
 * A slow connection the test controls: the search page's data requests wait until the
 * returned function lets them go. A request the page has given up on meanwhile is dropped.
 */
async function holdSearches(page: Page, pathname: string): Promise<() => void> {
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(`**${pathname}.data*`, async (route) => {
    await released;
    await route.continue().catch(() => {});
  });
  return letGo;
}

test("each filter shortcut opens the panel at its filter", async ({ page }) => {
  await page.goto("/car-search");
  const shortcuts: [string, string][] = [
    ["Make and model", "Make"],
    // A range's shortcut leads to its minimum, the first of its pair.
    ["Price", "Min price"],
    ["Year", "Min year"],
    ["Mileage", "Min mileage"],
    ["Gearbox", "Gearbox"],
    ["Body type", "Body Type"],
  ];
  for (const [shortcut, field] of shortcuts) {
    await page.getByRole("navigation", { name: "Filters" }).getByRole("button", { name: shortcut }).click();
    const dialog = page.getByRole("dialog", { name: "Filter and sort" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel(field, { exact: true })).toBeFocused();
    await expect(dialog.getByLabel(field, { exact: true })).toBeInViewport();
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
    // Focus goes back to the shortcut that opened the panel.
    await expect(page.getByRole("button", { name: shortcut })).toBeFocused();
  }
  await page.getByRole("button", { name: "Filter and sort" }).click();
  await expect(page.getByRole("dialog")).toBeVisible();
});

for (const viewport of [
  { width: 412, height: 915 },
  { width: 390, height: 844 },
  { width: 360, height: 780 },
  { width: 320, height: 640 },
]) {
  test.describe(`the filter bar on a ${viewport.width}px phone`, () => {
    test.use({ viewport });

    test("shows every shortcut whole, without scrolling sideways, and stays at the top as the results scroll", async ({ page }) => {
      await page.goto("/car-search");
      const bar = page.getByRole("navigation", { name: "Filters" });
      const filterAndSort = bar.getByRole("button", { name: "Filter and sort" });
      await expect(bar.getByRole("button")).toHaveText([
        "Make and model",
        "Price",
        "Year",
        "Mileage",
        "Gearbox",
        "Body type",
        "Filter and sort",
      ]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      for (const control of await bar.getByRole("button").all()) await expect(control).toBeInViewport({ ratio: 1 });
      // Two lines of them at most where a phone is 360 px or wider, so the bar leaves room for the results.
      const barHeight = (await bar.boundingBox())!.height;
      expect(barHeight).toBeLessThan(viewport.width >= 360 ? 110 : 160);

      await page.locator(".vehicle-card").nth(12).scrollIntoViewIfNeeded();
      expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(viewport.height);
      await expect(filterAndSort).toBeInViewport({ ratio: 1 });
      expect((await bar.boundingBox())!.y).toBe(0);
      await filterAndSort.click();
      await expect(page.getByRole("dialog", { name: "Filter and sort" })).toBeVisible();
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("never covers what a link scrolls to", async ({ page }) => {
        // Closing the filter panel is then a link down to the results.
        await page.goto("/car-search#filter-price");
        await page.locator("#filters").getByRole("link", { name: "Close filters" }).click();
        await expect(page).toHaveURL(/#results$/);
        expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
        const barBottom = await page.getByRole("navigation", { name: "Filters" }).evaluate((bar) => bar.getBoundingClientRect().bottom);
        const resultsTop = await page.locator("#results").evaluate((results) => results.getBoundingClientRect().top);
        expect(resultsTop).toBeGreaterThanOrEqual(barBottom);
      });
    });
  });
}

test("choosing a make then a model updates the address and the count without adding history", async ({ page }) => {
  await page.goto("/car-search");
  const historyLength = await page.evaluate(() => history.length);
  const total = await resultCount(page);
  await page.getByRole("button", { name: "Make and model" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Model")).toBeDisabled();

  const make = dialog.getByLabel("Make", { exact: true });
  const firstMake = (await make.locator("option").nth(1).getAttribute("value"))!;
  await make.selectOption(firstMake);
  await expect(page).toHaveURL(new RegExp(`make=${encodeURIComponent(firstMake).replace(/%20/g, "\\+")}$`));
  await expect(dialog.getByLabel("Model")).toBeEnabled();
  const madeCount = Number((await searchButton(page).textContent())!.replace(/\D/g, ""));
  expect(madeCount).toBeLessThan(total);

  const model = dialog.getByLabel("Model");
  const firstModel = (await model.locator("option").nth(1).getAttribute("value"))!;
  await model.selectOption(firstModel);
  await expect(page).toHaveURL(/&model=/);
  await expect(searchButton(page)).not.toHaveText(`Search ${madeCount} cars`);
  expect(await page.evaluate(() => history.length)).toBe(historyLength);

  await searchButton(page).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${firstMake} ${firstModel} for sale`);
  for (const title of await page.locator(".vehicle-card__title").allTextContents()) expect(title).toBe(`${firstMake} ${firstModel}`);

  // A new make clears the model.
  await page.getByRole("button", { name: "Make and model" }).click();
  await make.selectOption({ index: 2 });
  await expect(page).not.toHaveURL(/model=/);
});

test("an address naming a filter (a shortcut tapped before the page started) opens the panel, and it closes", async ({ page }) => {
  await page.goto("/car-search#filter-price");
  await hydrated(page);
  const dialog = page.getByRole("dialog", { name: "Filter and sort" });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel("Min price")).toBeFocused();
  const total = await resultCount(page);
  await dialog.getByLabel("Max price").selectOption({ index: 1 });
  await expect(page).toHaveURL(/[?&]price=/);
  await expect.poll(() => resultCount(page)).toBeLessThan(total);
  await dialog.getByRole("button", { name: "Close filters" }).click();
  await expect(dialog).toBeHidden();

  await page.goto("/car-search#filters");
  await hydrated(page);
  await expect(dialog).toBeVisible();
  await searchButton(page).click();
  await expect(dialog).toBeHidden();
});

test("sorting by price shows the cheapest first, in order", async ({ page }) => {
  await page.goto("/van-search");
  await page.getByRole("button", { name: "Filter and sort" }).click();
  await page.getByRole("dialog").getByLabel("Sort by").selectOption({ label: "Price low to high" });
  await expect(page).toHaveURL(/sort=price_asc/);
  await page
    .getByRole("dialog")
    .getByRole("button", { name: /^Search/ })
    .click();
  await expect(page.locator(".results")).not.toHaveAttribute("aria-busy", "true");
  const prices = (await page.locator(".vehicle-card__price").allTextContents()).map((text) =>
    Number(text.replace(/[^\d]/g, "").slice(0, -0 || undefined)),
  );
  expect(prices.length).toBeGreaterThan(1);
  expect(prices).toEqual([...prices].sort((a, b) => a - b));
});

test("Clear all empties every filter and keeps the order", async ({ page }) => {
  await page.goto("/car-search?price=-20000&fuelType=Petrol&sort=mileage");
  await page.getByRole("button", { name: "Filter and sort" }).click();
  await page.getByRole("dialog").getByRole("button", { name: "Clear all" }).click();
  await expect(page).toHaveURL(/\/car-search\?sort=mileage$/);
  await expect(page.getByRole("dialog").getByLabel("Max price")).toHaveValue("");
  await expect(page.getByRole("dialog").getByLabel("Fuel Type")).toHaveValue("");
});

test("a shared address seeds every control and the results", async ({ page }) => {
  await page.goto("/car-search?fuelType=Diesel&price=10000-15000&sort=year_desc");
  await expect(page.getByRole("link", { name: "Remove Fuel Type: Diesel" })).toBeVisible();
  await page.getByRole("button", { name: "Filter and sort" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByLabel("Fuel Type")).toHaveValue("Diesel");
  await expect(dialog.getByLabel("Min price")).toHaveValue("10000");
  await expect(dialog.getByLabel("Max price")).toHaveValue("15000");
  await expect(dialog.getByLabel("Sort by")).toHaveValue("year_desc");
  await expect(dialog.getByLabel("Max price").locator("option:checked")).toHaveText("£15,000");
  await expect(page.getByRole("link", { name: "Remove Price: £10,000 to £15,000" })).toHaveText(/^£10,000 to £15,000/);
});

test("the heading, the title and the chips spell a make and model as the stock does, not as the address", async ({ page }) => {
  await page.goto("/car-search?make=ford&model=FOCUS");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ford Focus for sale");
  await expect(page).toHaveTitle("Ford Focus for sale");
  await expect(page.getByRole("link", { name: "Remove Make: Ford" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Remove Model: Focus" })).toBeVisible();

  await page.goto("/van-search?make=mercedes-benz");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Mercedes-Benz vans for sale");
  await expect(page).toHaveTitle("Mercedes-Benz vans for sale");
});

test("removing a filter from the chips widens the search", async ({ page }) => {
  await page.goto("/car-search?make=NoSuchMake");
  await expect(page.getByRole("heading", { name: "No cars match all of those filters" })).toBeVisible();
  await page.getByRole("link", { name: "Remove Make: NoSuchMake" }).click();
  await expect(page).toHaveURL(/\/car-search$/);
  await expect(page.locator(".vehicle-card").first()).toBeVisible();
});

test("on a slow connection each change shows at once and builds on the last, and the results stay busy until the newest arrive", async ({
  page,
}) => {
  await page.goto("/car-search");
  await hydrated(page, ".filter-bar a");
  const release = await holdSearches(page, "/car-search");
  await page.getByRole("button", { name: "Filter and sort" }).click();
  const dialog = page.getByRole("dialog");
  const results = page.getByRole("region", { name: "Results" });

  const total = await resultCount(page);
  await dialog.getByLabel("Make", { exact: true }).selectOption("Ford");
  await expect(dialog.getByLabel("Make", { exact: true })).toHaveValue("Ford");
  await expect(results).toHaveAttribute("aria-busy", "true");
  // The count on the button is not yet known, so it offers no stale one.
  await expect(dialog.getByRole("button", { name: "Show cars" })).toBeVisible();
  // The models on hand belong to no make; Ford's come with its results.
  await expect(dialog.getByLabel("Model")).toBeDisabled();
  await dialog.getByLabel("Gearbox").selectOption("Manual");
  await dialog.getByLabel("Fuel Type").selectOption("Petrol");
  await expect(dialog.getByLabel("Make", { exact: true })).toHaveValue("Ford");
  await expect(dialog.getByLabel("Gearbox")).toHaveValue("Manual");
  await expect(dialog.getByLabel("Fuel Type")).toHaveValue("Petrol");
  // Nothing has arrived yet: the old results are still the ones on show, and marked busy.
  await expect(page).toHaveURL(/\/car-search$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cars for sale");
  await expect(results).toHaveAttribute("aria-busy", "true");

  release();
  await expect(page).toHaveURL(/\/car-search\?make=Ford&gearbox=Manual&fuelType=Petrol$/);
  await expect(results).toHaveAttribute("aria-busy", "false");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ford cars for sale");
  await expect(dialog.getByLabel("Model")).toBeEnabled();
  await expect(dialog.getByLabel("Model").locator("option")).not.toHaveCount(1);
  for (const title of await page.locator(".vehicle-card__title").allTextContents()) expect(title).toMatch(/^Ford /);
  expect(Number((await searchButton(page).textContent())!.replace(/\D/g, ""))).toBeLessThan(total);
});

test.describe("a search with no results", () => {
  /** Each shortcut in the filter bar, with the field its link leads to. */
  const shortcutTargets = async (page: Page) => {
    // Links without JavaScript, buttons with it: the same elements either way.
    const links = page.locator(".filter-bar__list a:not(.chip--strong)");
    return Promise.all((await links.all()).map(async (link) => ({ link, target: page.locator((await link.getAttribute("href"))!) })));
  };

  test("offers only shortcuts that lead to a filter, and they open it", async ({ page }) => {
    await page.goto("/van-search?make=Maxus");
    await expect(page.getByRole("heading", { name: "No vans match all of those filters" })).toBeVisible();
    const bar = page.getByRole("navigation", { name: "Filters" });
    await expect(bar.locator("a")).toHaveText(["Make and model", "Filter and sort"]);

    await page.goto("/car-search?price=-1");
    await hydrated(page, ".filter-bar a");
    await expect(page.getByRole("heading", { name: "No cars match all of those filters" })).toBeVisible();
    await expect(bar.locator("a")).toHaveText(["Make and model", "Price", "Filter and sort"]);
    for (const { link, target } of await shortcutTargets(page)) {
      await expect(target).toHaveCount(1);
      await link.click();
      // A range's pair: its first select, the minimum.
      await expect(target.getByRole("combobox").first()).toBeFocused();
      await page.keyboard.press("Escape");
    }
    // The way to widen the search is still there.
    await expect(page.getByRole("link", { name: "Show all cars" })).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("each shortcut opens the panel at its filter, and the search can be widened from it", async ({ page }) => {
      await page.goto("/car-search?make=Ford&price=-1");
      const targets = await shortcutTargets(page);
      expect(targets.length).toBeGreaterThan(1);
      for (const { link, target } of targets) {
        await link.click();
        await expect(target).toBeVisible();
        await expect(target).toBeInViewport();
        await page.getByRole("link", { name: "Close filters" }).click();
        await expect(target).toBeHidden();
      }
      await page.getByRole("navigation", { name: "Filters" }).getByRole("link", { name: "Price" }).click();
      await page.locator("#filter-price-max").selectOption("");
      await page
        .locator("#filters")
        .getByRole("button", { name: /^Search/ })
        .click();
      await expect(page).toHaveURL(/\/car-search\?make=Ford$/);
      await expect(page.locator(".vehicle-card").first()).toBeVisible();
    });
  });
});

test.describe("a failed fetch", () => {
  test.use({ expectedConsoleErrors: /Failed to load resource|Failed to fetch|NetworkError/ });

  test("keeps the old results and offers a retry", async ({ page }) => {
    await page.goto("/car-search");
    const before = await page.locator(".vehicle-card__title").first().textContent();
    await page.route("**/car-search.data*", (route) => route.abort());
    await page.getByRole("button", { name: "Filter and sort" }).click();
    await page.getByRole("dialog").getByLabel("Sort by").selectOption("price_desc");
    await page
      .getByRole("dialog")
      .getByRole("button", { name: /^Search/ })
      .click();
    await expect(page.getByRole("alert")).toContainText("We couldn't update the results just now");
    await expect(page.locator(".vehicle-card__title").first()).toHaveText(before!);

    await page.unroute("**/car-search.data*");
    await page.getByRole("button", { name: "Try again" }).click();
    await expect(page.getByRole("alert")).toBeHidden();
  });

  for (const status of [500, 503]) {
    test(`a ${status} from the server or a proxy keeps the old results and the filters, and Try again asks for the same address`, async ({
      page,
    }) => {
      await page.goto("/car-search?fuelType=Petrol");
      await hydrated(page, ".filter-bar a");
      const before = await page.locator(".vehicle-card__title").allTextContents();
      await page.route("**/car-search.data*", (route) =>
        route.fulfill({ status, contentType: "text/html", body: "<html><body><h1>Service unavailable</h1></body></html>" }),
      );
      await page.getByRole("button", { name: "Filter and sort" }).click();
      await page.getByRole("dialog").getByLabel("Sort by").selectOption("price_desc");
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /^Search/ })
        .click();

      await expect(page.getByRole("alert")).toContainText("We couldn't update the results just now");
      await expect(page.locator(".vehicle-card__title")).toHaveText(before);
      await expect(page.getByRole("link", { name: "Remove Fuel Type: Petrol" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Something went wrong" })).toHaveCount(0);

      await page.unroute("**/car-search.data*");
      const retry = page.waitForRequest((request) => {
        const url = new URL(request.url());
        return (
          url.pathname === "/car-search.data" &&
          url.searchParams.get("fuelType") === "Petrol" &&
          url.searchParams.get("sort") === "price_desc"
        );
      });
      await page.getByRole("button", { name: "Try again" }).click();
      await retry;
      await expect(page.getByRole("alert")).toBeHidden();
      const prices = (await page.locator(".vehicle-card__price").allTextContents()).map((text) => Number(text.replace(/\D/g, "")));
      expect(prices.length).toBeGreaterThan(1);
      expect(prices).toEqual([...prices].sort((a, b) => b - a));
    });
  }
});

test.describe("an address with a filter that cannot be read", () => {
  test("shows the search without it and says so calmly, whether opened or reached by a change", async ({ page }) => {
    const response = await page.goto("/car-search?make=Ford&price=cheap");
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Ford cars for sale");
    await expect(page.getByText("We couldn't read the price in the address you followed")).toBeVisible();
    await expect(page.locator(".vehicle-card").first()).toBeVisible();

    await page.goto("/car-search");
    await hydrated(page, ".filter-bar a");
    await page.route("**/car-search.data*", (route) => {
      const url = new URL(route.request().url());
      url.searchParams.set("price", "cheap");
      return route.continue({ url: url.href });
    });
    await page.getByRole("button", { name: "Filter and sort" }).click();
    await page.getByRole("dialog").getByLabel("Sort by").selectOption("price_desc");
    await expect(page.getByText("We couldn't read the price in the address you followed")).toBeVisible();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Cars for sale");
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("results are in the page and the filters submit as a form", async ({ page }) => {
    await page.goto("/truck-search");
    await expect(page.locator(".vehicle-card").first()).toBeVisible();
    await page.getByRole("link", { name: "Filter and sort" }).click();
    await expect(page.locator("#filters")).toBeVisible();
    const make = page.locator("#filter-make-select");
    const firstMake = (await make.locator("option").nth(1).getAttribute("value"))!;
    await make.selectOption(firstMake);
    await page
      .locator("#filters")
      .getByRole("button", { name: /^Search/ })
      .click();
    // Every field is submitted; the server sends the browser on to the address without the empty ones.
    await expect(page).toHaveURL(`/truck-search?${new URLSearchParams({ make: firstMake })}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${firstMake} trucks for sale`);
  });

  test("an address with empty fields or the default sort is redirected to its tidy form, keeping the page", async ({ page }) => {
    const answer = await page.request.get("/car-search?sort=relevance&make=Ford&model=&price=5000-10000&year=&page=2&utm_source=mail", {
      maxRedirects: 0,
    });
    expect(answer.status()).toBe(302);
    expect(answer.headers().location).toBe("/car-search?make=Ford&price=5000-10000&page=2&utm_source=mail");

    await page.goto("/van-search?sort=relevance&make=&model=");
    await expect(page).toHaveURL(/\/van-search$/);
    await page.goto("/car-search?sort=price_asc&fuelType=&bodyType=");
    await expect(page).toHaveURL(/\/car-search\?sort=price_asc$/);
    await expect(page.getByLabel("Sort by")).toHaveValue("price_asc");
  });
});

test("a buyer's postcode orders Distance nearest first and puts the miles on every card", async ({ page }) => {
  await page.goto("/car-search");
  await hydrated(page);
  await page.getByRole("button", { name: "Filter and sort" }).click();
  await page.getByRole("dialog").getByLabel("Sort by").selectOption({ label: "Distance" });
  await expect(page).toHaveURL("/car-search?sort=distance");
  await searchButton(page).click();
  await expect(page.getByRole("status").filter({ hasText: "give your postcode" })).toBeVisible();

  const distance = page.getByRole("form", { name: "Distance from you" });
  await distance.getByLabel("Postcode").fill("wn1 1aa");
  await distance.getByRole("button", { name: "Find the nearest" }).click();
  await expect(page).toHaveURL("/car-search?postcode=WN1+1AA&sort=distance");
  await expect(page.locator(".results")).not.toHaveAttribute("aria-busy", "true");
  const cards = page.locator(".vehicle-card");
  await expect(cards.first()).toBeVisible();
  const places = await cards.locator(".vehicle-card__distance").allTextContents();
  expect(places).toHaveLength(await cards.count());
  // Wigan to the dealer's Liverpool showroom, as the crow flies.
  for (const place of places) expect(place).toMatch(/^1[5-9] miles from you$/);
  await expect(page.getByText("Contains OS data © Crown copyright")).toBeVisible();
});
