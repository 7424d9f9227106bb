import type { Locator, Page } from "@playwright/test";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";

/**
 * A van buyer shortlists by load space: roof height, payload and load length on the
 * van search, on a phone of 390×844 (the filter dialog) and a desktop (the sidebar), with and
 * without JavaScript; the van opened from the results states what was asked for.
 */

test.beforeEach(async ({ page, isMobile }) => {
  if (isMobile) await page.setViewportSize({ width: 390, height: 844 });
});

const wide = (page: Page) => page.viewportSize()!.width >= 1024;
const chips = (page: Page) => page.getByRole("list", { name: "Filters in use" });
const resultCount = async (page: Page) => Number((await page.locator(".search-page__heading .lede").textContent())!.replace(/\D/g, ""));

/** The figure a van's page gives for one of its facts ("Payload" → "1,100 kg"). */
const fact = (page: Page, term: string) => page.locator(`dt:text-is("${term}") + dd`).first();
const number = (text: string) => Number(text.replace(/[^\d]/g, ""));

async function filters(page: Page, withJavaScript: boolean): Promise<Locator> {
  if (wide(page)) return page.getByRole("region", { name: "Filter vans" });
  const bar = page.getByRole("navigation", { name: "Filters" });
  if (withJavaScript) {
    await bar.getByRole("button", { name: "Filter and sort" }).click();
    return page.getByRole("dialog", { name: "Filter and sort" });
  }
  await bar.getByRole("link", { name: "Price" }).click();
  return page.locator("#filters");
}

async function searchFromPanel(page: Page) {
  if (!wide(page))
    await page
      .locator("#filters")
      .getByRole("button", { name: /^Search [\d,]+ vans?$/ })
      .click();
}

test("with JavaScript, a high roof and a payload of 1,000 to 1,250 kg narrow the vans, the chips say so, and a van found states both", async ({
  page,
}) => {
  await page.goto("/van-search");
  await hydrated(page);
  const total = await resultCount(page);
  const panel = await filters(page, true);
  await expect(panel.getByLabel("Roof Height").locator("option").first()).toHaveText("Any");
  await panel.getByLabel("Roof Height").selectOption("High");
  await expect(page).toHaveURL(/\/van-search\?roofHeight=High$/);
  await expect.poll(() => resultCount(page)).toBeLessThan(total);
  await panel.getByLabel("Payload").selectOption("1000-1250");
  await expect(page).toHaveURL(/\/van-search\?roofHeight=High&payload=1000-1250$/);
  await searchFromPanel(page);
  await expect(chips(page).getByRole("link", { name: "Remove Roof Height: High" })).toBeVisible();
  await expect(chips(page).getByRole("link", { name: "Remove Payload: 1,000 kg to 1,250 kg" })).toBeVisible();
  await expect(page.locator("#results")).toHaveAttribute("aria-busy", "false");
  expect(await resultCount(page)).toBeGreaterThan(0);

  await page.locator("#results .vehicle-card a").first().click();
  await expect(page).toHaveURL(/\/vehicles\//);
  await expect(fact(page, "Roof height")).toHaveText("High");
  const payload = number((await fact(page, "Payload").textContent())!);
  expect(payload).toBeGreaterThanOrEqual(1000);
  expect(payload).toBeLessThanOrEqual(1250);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a load length is sent with the form as the contract's range, the chip reads so, and a van found is that long", async ({ page }) => {
    await page.goto("/van-search");
    const total = await resultCount(page);
    const panel = await filters(page, false);
    await panel.getByLabel("Load Length").selectOption("3000-3500");
    await panel.getByRole("button", { name: wide(page) ? "Apply filters" : /^Search/ }).click();
    await expect(page).toHaveURL(/\/van-search\?loadLength=3000-3500$/);
    const found = await resultCount(page);
    expect(found).toBeGreaterThan(0);
    expect(found).toBeLessThan(total);
    await expect(chips(page).getByRole("link", { name: "Remove Load Length: 3,000 mm to 3,500 mm" })).toBeVisible();

    await page.locator("#results .vehicle-card a").first().click();
    const length = number((await fact(page, "Load length").textContent())!);
    expect(length).toBeGreaterThanOrEqual(3000);
    expect(length).toBeLessThanOrEqual(3500);
  });
});
