import { mkdtemp, rm } from "node:fs/promises";
import type { Page } from "@playwright/test";
import { tmpdir } from "node:os";
import path from "node:path";
import { generateDemoStock } from "../../backend/demo-stock/generate-demo-stock";
import { FileVehicleStore } from "../../backend/store/file-vehicle-store";
import { spawnBuiltSite, stopSite, type SiteProcess } from "../support/built-site";
import { freePort } from "../support/free-port";
import { addStaffAccounts, STAFF_PASSWORD, staffEmail } from "../support/staff-accounts";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";
import { shownStatus } from "./shown-status";
import { expectAccessible } from "./staff-support";

/**
 * The stock manager's day in the stock table, at a desk, on a site of its own (its prices,
 * reservations and sales would otherwise move what other walks count): finding "NJ21",
 * sorting by days in stock, cutting five prices by £250 and seeing the badges buyers see,
 * reserving a vehicle, and undoing a sale marked by mistake. Every new page scanned with axe.
 */

test.describe.configure({ timeout: 180_000 });

const NJ21 = ["NJ21 SKA", "NJ21 SKB", "NJ21 SKC", "NJ21 SKD", "NJ21 SKE", "NJ21 SKF"];

let dataDir: string;
let site: SiteProcess;

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "dealer-site-stock-table-"));
  // Demo stock, six of its cars given NJ21 plates and listed on different days.
  const stock = [...generateDemoStock({ count: 120, referenceDate: new Date() })];
  const cars = stock.filter(({ vehicle, media }) => vehicle.vehicleType === "car" && media.images.length > 0).slice(0, NJ21.length);
  cars.forEach((record, i) => {
    record.vehicle.registration = NJ21[i];
    record.createdAt = new Date(Date.now() - (10 + i * 7) * 24 * 60 * 60_000).toISOString();
  });
  const store = await FileVehicleStore.open(dataDir);
  await store.applyChange({ records: stock.map((record) => ({ id: record._id, record })), mode: "upsert" });
  await store.close();
  await addStaffAccounts(dataDir, ["stock"]);
  site = await spawnBuiltSite({ dataDir, port: await freePort(), timeoutMs: 30_000 });
});

test.afterAll(async () => {
  if (site) await stopSite(site);
  await rm(dataDir, { recursive: true, force: true });
});

async function signIn(page: Page) {
  await page.goto(`${site.url}/staff/sign-in`);
  await hydrated(page, "form button");
  await page.getByLabel("E-mail address").fill(staffEmail("stock"));
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Import stock" })).toBeVisible();
}

test("with a full page of rows, the bulk price panel is in sight at the screen's foot, counts the ticked rows, and is styled", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await signIn(page);
  await page.goto(`${site.url}/staff/stock`);
  await hydrated(page, "form button");
  const panel = page.getByRole("group", { name: "Change the prices of the ticked vehicles" });
  const inSight = async () => {
    const box = (await panel.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(900);
  };
  await inSight();
  await expect(panel.getByRole("status")).toHaveText("No vehicles ticked");
  const boxes = page.getByRole("region", { name: "Vehicles in stock" }).getByRole("checkbox");
  await expect(boxes).toHaveCount(50);
  for (const row of [0, 1, 24]) await boxes.nth(row).check();
  await expect(panel.getByRole("status")).toHaveText("3 vehicles ticked");
  await boxes.nth(1).uncheck();
  await expect(panel.getByRole("status")).toHaveText("2 vehicles ticked");
  await boxes.nth(45).scrollIntoViewIfNeeded();
  await inSight();
  // Styled as the staff area's other forms: a 44 px target with a border, not the browser's bare control.
  for (const control of [panel.getByLabel("Change", { exact: true }), panel.getByLabel("Amount")]) {
    const style = await control.evaluate((element) => {
      const { minHeight, borderTopLeftRadius, borderTopWidth } = getComputedStyle(element);
      return { minHeight, borderTopLeftRadius, borderTopWidth };
    });
    expect(style).toEqual({ minHeight: "44px", borderTopLeftRadius: "6px", borderTopWidth: "1px" });
  }
  await expectAccessible(page, "the stock table with rows ticked");
});

test("a stock manager finds NJ21, sorts by days in stock, cuts five prices, reserves one and undoes a sale", async ({ page }) => {
  await signIn(page);
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Stock", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Stock" })).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: /\d vehicles?(,|$)/ })).toHaveText("120 vehicles, page 1 of 3");
  await expectAccessible(page, "the stock table");

  // Any part of a registration finds it.
  await hydrated(page, "form button");
  await page.getByLabel("Registration, make, model or id").fill("NJ21");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page).toHaveURL(/[?&]q=NJ21/);
  await expect(page.getByRole("status").filter({ hasText: /\d vehicles?(,|$)/ })).toHaveText("6 vehicles");

  // Sorted by days in stock, longest first; the header says so to a screen reader.
  await page.getByRole("link", { name: "Days in stock" }).click();
  await expect(page).toHaveURL(/[?&]sort=days/);
  await expect(page.getByRole("columnheader", { name: /Days in stock/ })).toHaveAttribute("aria-sort", "descending");
  const table = page.getByRole("region", { name: "Vehicles in stock" });
  await expect(table.getByRole("row").nth(1)).toContainText("NJ21 SKF");
  await expect(table.getByRole("row").nth(6)).toContainText("NJ21 SKA");
  await expectAccessible(page, "the stock table, searched and sorted");

  // Five of them cut by £250 at once.
  for (const registration of NJ21.slice(1)) await page.getByRole("checkbox", { name: `Select ${registration}` }).check();
  await page.getByLabel("Change", { exact: true }).selectOption("reduce-by");
  await page.getByLabel("Amount").fill("250");
  await page.getByRole("button", { name: "Change prices" }).click();
  await expect(page.getByRole("status").filter({ hasText: "changed" })).toHaveText("5 prices changed.");

  // Buyers see each cut as a badge, within seconds.
  await expect(async () => {
    await page.goto(`${site.url}/car-search?reduced=1`);
    await expect(page.getByText("Price reduced by £250")).toHaveCount(5, { timeout: 1000 });
  }).toPass({ timeout: 5000 });

  // The sixth is reserved: a deposit taken.
  await page.goto(`${site.url}/staff/stock?q=NJ21+SKA`);
  // The first row's link (the header's links sort).
  await page.getByRole("region", { name: "Vehicles in stock" }).getByRole("row").nth(1).getByRole("link").click();
  await expect(page.getByRole("heading", { level: 2, name: "Reserve" })).toBeVisible();
  const consolePage = page.url();
  const id = decodeURIComponent(consolePage.split("/").pop()!);
  await page.getByRole("button", { name: "Reserve", exact: true }).click();
  await expect(shownStatus(page)).toContainText("Reserved: buyers still find it");
  await expectAccessible(page, "a vehicle in the console, reserved");
  await page.goto(`${site.url}/vehicles/${id}`);
  await expect(page.locator(".vehicle-page__summary").getByText("Reserved", { exact: true })).toBeVisible();

  // Marked sold by mistake, then put back.
  await page.goto(consolePage);
  await page.getByLabel(/This vehicle is sold/).check();
  await page.getByRole("button", { name: "Mark sold" }).click();
  await expect(shownStatus(page)).toContainText("is marked sold");
  expect((await page.request.get(`${site.url}/api/vehicles/${id}`)).status()).toBe(404);
  await page.getByRole("link", { name: "Undo: put it back in stock" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Undo sold" })).toBeVisible();
  await expectAccessible(page, "a sold vehicle's page");
  await page.getByRole("button", { name: "Put back in stock" }).click();
  await expect(shownStatus(page)).toHaveText("Back in stock and the search, as it was listed.");
  await expect(page.getByRole("heading", { level: 2, name: "Reserved" })).toBeVisible();
  expect((await page.request.get(`${site.url}/api/vehicles/${id}`)).status()).toBe(200);
});
