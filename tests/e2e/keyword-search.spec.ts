import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";

/** Keyword search: the search screen's field and the header's, their suggestions, and a search nothing matches. On phone and desktop. */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
test.describe.configure({ timeout: 120_000 });

async function expectNoViolations(page: Page, state: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(" ")).join(", ")}`),
    state,
  ).toEqual([]);
}

/** A car in the demo stock, to search for by its make and model. */
async function aCar(page: Page) {
  const [record] = (await (await page.request.get("/api/vehicles/search/car?pageSize=1")).json()) as {
    vehicle: { make: string; model: string };
  }[];
  return record!.vehicle;
}

const resultCount = async (page: Page) => Number((await page.locator(".search-page__heading .lede").textContent())!.replace(/\D/g, ""));

test("the search screen's field suggests makes and models, worked from the keyboard", async ({ page }) => {
  const { make } = await aCar(page);
  await page.goto("/car-search");
  await hydrated(page);
  const field = page.getByRole("combobox", { name: "Search cars" });
  await field.fill(make.slice(0, 4).toLowerCase());
  const list = page.getByRole("listbox", { name: /suggestions/i });
  await expect(list.getByRole("option").first()).toHaveText(new RegExp(`^${make}`));
  await expect(field).toHaveAttribute("aria-expanded", "true");
  await expectNoViolations(page, "the search screen with suggestions open");
  await field.press("ArrowDown");
  await expect(field).toHaveAttribute("aria-activedescendant", "search-q-option-0");
  await expect(list.getByRole("option").first()).toHaveAttribute("aria-selected", "true");
  await field.press("Enter");
  await expect(page).toHaveURL(new RegExp(`/car-search\\?make=${encodeURIComponent(make).replace(/%20/g, "\\+")}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${make} cars for sale`);
});

test("a keyword search keeps the filters in use, shows the words as a chip and lets them go", async ({ page }) => {
  const { make, model } = await aCar(page);
  await page.goto("/car-search?sort=price_asc");
  await hydrated(page);
  const field = page.getByRole("combobox", { name: "Search cars" });
  const words = `${make} ${model}`.toLowerCase();
  await field.fill(words);
  await page.getByRole("search", { name: "Search cars by keyword" }).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\?q=[^&]+&sort=price_asc$/);
  await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
  const chip = page.getByRole("link", { name: `Remove the words ${words}` });
  await expect(chip).toBeVisible();
  await chip.click();
  await expect(page).toHaveURL(/\/car-search\?sort=price_asc$/);
});

test("a search nothing matches says so and offers to drop the words or each filter", async ({ page }) => {
  await page.goto("/car-search?q=zzqxv&fuelType=Petrol");
  await expect(page.getByRole("heading", { name: "No cars match “zzqxv” with those filters" })).toBeVisible();
  await expectNoViolations(page, "a search with no results");
  await page.getByRole("link", { name: "Without the words “zzqxv”" }).click();
  await expect(page).toHaveURL(/\/car-search\?fuelType=Petrol$/);
  await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
});

test("the header's search looks through all stock and opens the type with the most matches", async ({ page, isMobile }) => {
  const [van] = (await (await page.request.get("/api/vehicles/search/van?pageSize=1")).json()) as { vehicle: { model: string } }[];
  await page.goto("/");
  await hydrated(page);
  const field = page.getByRole("combobox", { name: "Search all our stock" });
  if (isMobile) {
    await expect(field).toBeHidden();
    await page.getByRole("button", { name: "Search", exact: true }).first().click();
    await expect(field).toBeFocused();
  }
  await expect(field).toBeVisible();
  await field.fill(van!.vehicle.model.toLowerCase());
  await expect(page.getByRole("listbox").getByRole("option").first()).toContainText("vans");
  await expectNoViolations(page, "the header's search with suggestions open");
  await page.getByRole("search", { name: "Search all stock" }).getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/\/van-search\?q=/);
  await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the keyword forms are plain GET forms", async ({ page }) => {
    const { make } = await aCar(page);
    await page.goto("/car-search?sort=mileage");
    await page
      .getByRole("searchbox", { name: "Search cars" })
      .or(page.getByRole("combobox", { name: "Search cars" }))
      .fill(make);
    await page.getByRole("search", { name: "Search cars by keyword" }).getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(new RegExp(`/car-search\\?q=${encodeURIComponent(make).replace(/%20/g, "\\+")}&sort=mileage$`));
    await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
  });
});

test("the home page's search form takes keywords too", async ({ page }) => {
  const { model } = await aCar(page);
  await page.goto("/");
  await hydrated(page);
  const field = page.getByRole("combobox", { name: "Keywords (optional)" });
  await field.fill(model);
  // The suggestions, once they open, lie over the button on a phone: a visitor closes them first.
  await expect(page.getByRole("listbox", { name: /suggestions/i })).toBeVisible();
  await field.press("Escape");
  await expect(field).toHaveAttribute("aria-expanded", "false");
  await page.getByRole("button", { name: "Search cars" }).click();
  await expect(page).toHaveURL(new RegExp(`/car-search\\?q=${encodeURIComponent(model).replace(/%20/g, "\\+")}$`));
  await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
});

/** A van model no car shares, so that its name asked of cars finds nothing there. */
async function aVanModelOnlyVansHave(page: Page): Promise<string> {
  const vans = (await (await page.request.get("/api/vehicles/search/van?pageSize=20")).json()) as { vehicle: { model: string } }[];
  for (const { vehicle } of vans) {
    const cars = (await (await page.request.get(`/api/search/car?q=${encodeURIComponent(vehicle.model)}&pageSize=1`)).json()) as {
      total: number;
    };
    if (cars.total === 0) return vehicle.model;
  }
  throw new Error("Every van model in the first 20 is also a car's");
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(javaScriptEnabled ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled });

    test("the home page's keywords land on the type they match, though Cars was chosen", async ({ page }) => {
      const model = await aVanModelOnlyVansHave(page);
      await page.goto("/");
      if (javaScriptEnabled) await hydrated(page);
      const field = page
        .getByRole("combobox", { name: "Keywords (optional)" })
        .or(page.getByRole("textbox", { name: "Keywords (optional)" }));
      await field.fill(model);
      // No car matches, so no suggestions open over the button.
      await page.getByRole("button", { name: "Search cars" }).click();
      await expect(page).toHaveURL(new RegExp(`/van-search\\?q=`));
      await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
    });
  });
}

test("a keyword search says how many of another type match the words, and opens them", async ({ page }) => {
  const model = await aVanModelOnlyVansHave(page);
  await page.goto(`/car-search?q=${encodeURIComponent(model)}`);
  const also = page.locator(".also-matching");
  await expect(also).toContainText(new RegExp(`Also \\d[\\d,]* vans? match “${model}”`, "i"));
  await also.getByRole("link").first().click();
  await expect(page).toHaveURL(/\/van-search\?q=/);
  await expect.poll(() => resultCount(page)).toBeGreaterThan(0);
});
