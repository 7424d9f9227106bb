import type { Page } from "@playwright/test";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";

/** Above and below the results: the order and page size, and the page numbers. On phone and desktop. */

const cards = (page: Page) => page.locator("#results .vehicle-card");

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

test("the order and the number per page are chosen above the results", async ({ page }) => {
  await page.goto("/car-search");
  await hydrated(page);
  await page.getByLabel("Per page").selectOption("48");
  await expect(page).toHaveURL(/\/car-search\?pageSize=48$/);
  await expect(cards(page)).toHaveCount(48);
  await page.getByLabel("Sort results").selectOption("price_asc");
  await expect(page).toHaveURL(/\/car-search\?sort=price_asc&pageSize=48$/);
  await expect(page.getByLabel("Sort results")).toHaveValue("price_asc");
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the order and page size are sent with their Show button, keeping the words and filters", async ({ page }) => {
    await page.goto("/car-search?q=manual&fuelType=Petrol");
    await page.getByLabel("Per page").selectOption("96");
    await page.getByLabel("Sort results").selectOption("mileage");
    await page.getByRole("form", { name: "Order and page size" }).getByRole("button", { name: "Show" }).click();
    await expect(page).toHaveURL(/\/car-search\?q=manual&fuelType=Petrol&sort=mileage&pageSize=96$/);
  });
});
