import { expect, test } from "./console-guard";

test("the vehicle list is rendered on the server and hydrates without errors", async ({ page }) => {
  const response = await page.goto("/vehicles");
  expect(response?.status()).toBe(200);
  // The first HTML already holds the stock, before any script runs.
  const html = await response!.text();
  expect(html).toContain("vehicles for sale");
  expect(html).toMatch(/href="\/vehicles\/[A-Za-z0-9_-]+"/);

  await expect(page.getByRole("heading", { level: 1, name: "All stock" })).toBeVisible();
  await expect(page.getByText("300 vehicles for sale")).toBeVisible();
  await expect(page.locator(".vehicle-grid > li")).toHaveCount(24);
  await expect(page.locator(".vehicle-card__price").first()).toHaveText(/^£\d{1,3}(,\d{3})*/);
});

test("a visitor pages through stock and opens a vehicle", async ({ page }) => {
  await page.goto("/vehicles");
  const firstOnPageOne = await page.locator(".vehicle-card__title a").first().textContent();
  await page.getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/\/vehicles\?page=2$/);
  await expect(page.getByText("Page 2 of 13")).toBeVisible();
  expect(await page.locator(".vehicle-card__title a").first().textContent()).not.toBe(firstOnPageOne);

  const link = page.locator(".vehicle-card__title a").first();
  const name = (await link.textContent())!.trim();
  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  await expect(page.getByRole("heading", { name: "Specification" })).toBeVisible();
});

test.describe("pages that do not exist", () => {
  test.use({ expectedConsoleErrors: /status of 404/ });

  test("an unknown vehicle and an unknown page answer 404 with a way back", async ({ page }) => {
    const vehicle = await page.goto("/vehicles/no-such-vehicle");
    expect(vehicle?.status()).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Vehicle not found.");

    const unknown = await page.goto("/no/such/page");
    expect(unknown?.status()).toBe(404);
    await page.getByRole("link", { name: "Search cars" }).click();
    await expect(page).toHaveURL(/\/car-search$/);
  });
});
