import type { Page } from "@playwright/test";
import { expect, test } from "./console-guard";

/**
 * CONC 3.5.5R: a page that quotes a monthly price also shows the representative example,
 * with every figure, at least as prominently as the prices, and the broker's statement.
 */

const REPRESENTATIVE_FIGURES = [
  "20.5% APR representative (fixed)",
  "£12,000",
  "5 years (60 monthly payments)",
  "£0",
  "£309.93",
  "£10",
  "£6,605.80",
  "£18,605.80",
  "Rates from 8.9% APR",
];

async function expectDisclosed(page: Page, address: string) {
  const prices = page.locator(".vehicle-card__monthly");
  expect(await prices.count(), `monthly prices on ${address}`).toBeGreaterThan(0);
  const example = page.getByRole("group", { name: "Representative example" });
  await expect(example, address).toHaveCount(1);
  for (const figure of REPRESENTATIVE_FIGURES) await expect(example, address).toContainText(figure);
  const broker = page.locator(".broker-statement");
  await expect(broker, address).toHaveCount(1);
  await expect(broker).toContainText("is a credit broker, not a lender");
  await expect(broker).toContainText("UK residents aged 18 and over");
  await expect(broker).toContainText("firm reference number 654321");

  const fontSize = (text: import("@playwright/test").Locator) => text.evaluate((element) => parseFloat(getComputedStyle(element).fontSize));
  const cardPrice = await fontSize(prices.first().locator("strong"));
  expect(await fontSize(example.locator(".representative-example__apr"))).toBeGreaterThanOrEqual(cardPrice);
  expect(await fontSize(example.getByText("£309.93"))).toBeGreaterThanOrEqual(cardPrice);
}

for (const address of [
  "/",
  "/car-search",
  "/van-search?bodyType=Panel+Van",
  "/truck-search?sort=price_asc",
  "/vehicles?page=2",
  "/offers",
]) {
  test(`${address} shows the representative example with its monthly prices`, async ({ page }) => {
    await page.goto(address);
    await expectDisclosed(page, address);
  });
}

test("the car leasing page calls its monthly prices hire purchase, with the representative example", async ({ page }) => {
  const { make } = (await (await page.request.get("/api/vehicles/distinct/car")).json()) as { make: string[] };
  const address = `/cars/leasing?make=${encodeURIComponent(make[0]!)}`;
  await page.goto(address);
  await expect(page.getByRole("heading", { level: 2, name: `Hire purchase prices for ${make[0]}` })).toBeVisible();
  await expect(page.getByText("These are not lease rentals. They are hire purchase payments on our representative terms")).toBeVisible();
  await expect(page.locator(".finance-disclosure")).toContainText("Each monthly price is a hire purchase payment");
  await expectDisclosed(page, address);
});

test("a search with no results quotes no monthly price and needs no example", async ({ page }) => {
  await page.goto("/car-search?price=-1");
  await expect(page.getByRole("heading", { name: "No cars match all of those filters" })).toBeVisible();
  await expect(page.locator(".vehicle-card__monthly")).toHaveCount(0);
  await expect(page.getByRole("group", { name: "Representative example" })).toHaveCount(0);
});
