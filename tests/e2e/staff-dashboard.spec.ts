import { readFile } from "node:fs/promises";
import { test } from "@playwright/test";
import { expect } from "./console-guard";
import { accountsFor, expectAccessible, signIn } from "./staff-support";
import { staffEmail } from "../support/staff-accounts";

/**
 * The staff dashboard as people open it, on a phone and a desktop: its charts drawn as images
 * with names, each chart's figures as a table and as a CSV, the dates chosen in the address,
 * each role seeing its own charts only, and nothing axe finds wrong.
 */

const CHARTS = {
  sales: ["Leads per day, by kind", "Time to first reply"],
  both: ["Makes", "Models", "Price bands"],
  stock: ["Stock by days in stock", "Days to sell", "Price reductions, and leads before and after", "Searches that found nothing"],
};

test("an admin reads every chart, its table and its CSV, and the dashboard is accessible", async ({ page }, testInfo) => {
  const [vehicle] = (await (await page.request.get("/api/vehicles?pageSize=1")).json()) as { _id: string }[];
  const enquiry = await page.request.post("/api/enquiry", {
    data: { name: "Dana Buyer", email: "dana@example.com", contactMethod: "email", message: "Is it available?", vehicleId: vehicle!._id },
  });
  expect(enquiry.status()).toBe(201);
  expect((await page.request.get("/api/search/car?make=Zedcar")).status()).toBeLessThan(500);

  const prefix = await accountsFor(testInfo, ["admin"]);
  await signIn(page, staffEmail("admin", prefix));
  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Dashboard" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Dashboard" })).toBeVisible();

  for (const title of [...CHARTS.sales, ...CHARTS.both, ...CHARTS.stock]) {
    await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  }
  const images = page.getByRole("img");
  expect(await images.count()).toBeGreaterThanOrEqual(7);
  await expect(page.getByRole("img", { name: "Leads per day, by kind" })).toBeVisible();
  const leadsChart = page.getByRole("img", { name: "Leads per day, by kind" });
  await expect(leadsChart).toHaveAccessibleDescription(/\d+ leads? in 30 days: (.+, )?\d+ vehicle enquiry/);

  const leadsSection = page.getByRole("region", { name: "Leads per day, by kind", exact: true });
  await leadsSection.getByText("Table: Leads per day, by kind").click();
  const table = leadsSection.getByRole("table", { name: "Leads per day, by kind" });
  await expect(table).toBeVisible();
  await expect(table.getByRole("columnheader", { name: "Vehicle enquiry" })).toBeVisible();

  const downloading = page.waitForEvent("download");
  await leadsSection.getByRole("link", { name: "Download leads per day, by kind as CSV" }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^leads-per-day-\d{4}-\d{2}-\d{2}-to-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toMatch(/^Day,.*Vehicle enquiry.*,All leads$/);
  const total = csv
    .trim()
    .split("\r\n")
    .slice(1)
    .reduce((sum, row) => sum + Number(row.split(",").at(-1)), 0);
  expect(total).toBeGreaterThanOrEqual(1);

  const searches = page.getByRole("region", { name: "Searches that found nothing", exact: true });
  await searches.getByText("Table: Searches that found nothing").click();
  await expect(
    searches.getByRole("cell", { name: /cars: Zedcar/ }).or(searches.getByRole("rowheader", { name: /cars: Zedcar/ })),
  ).toBeVisible();

  await expectAccessible(page, "the dashboard with two tables open");
});

test("the dates are chosen in the address, and a date that is not one is named", async ({ page }, testInfo) => {
  const prefix = await accountsFor(testInfo, ["admin"]);
  await signIn(page, staffEmail("admin", prefix));
  await page.goto("/staff/dashboard");
  await page.getByRole("link", { name: "Last 7 days" }).click();
  await expect(page).toHaveURL(/from=\d{4}-\d{2}-\d{2}&to=\d{4}-\d{2}-\d{2}/);
  await expect(page.getByRole("img", { name: "Leads per day, by kind" })).toHaveAccessibleDescription(/in 7 days/);
  await page.goto("/staff/dashboard?from=yesterday");
  await expect(page.getByRole("alert")).toContainText("The from date must be a date like");
});

test("sales see the leads' charts and stock managers the stock's", async ({ page }, testInfo) => {
  const prefix = await accountsFor(testInfo, ["sales", "stock"]);
  await signIn(page, staffEmail("sales", prefix));
  await page.goto("/staff/dashboard");
  for (const title of [...CHARTS.sales, ...CHARTS.both]) await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  for (const title of CHARTS.stock) await expect(page.getByRole("heading", { level: 2, name: title })).toHaveCount(0);
  expect((await page.request.get("/staff/dashboard/csv/stock-age")).status()).toBe(403);

  await page.context().clearCookies();
  await signIn(page, staffEmail("stock", prefix), "Import stock");
  await page.goto("/staff/dashboard");
  for (const title of [...CHARTS.stock, ...CHARTS.both]) await expect(page.getByRole("heading", { level: 2, name: title })).toBeVisible();
  for (const title of CHARTS.sales) await expect(page.getByRole("heading", { level: 2, name: title })).toHaveCount(0);
  await expectAccessible(page, "the dashboard as a stock manager sees it");
});
