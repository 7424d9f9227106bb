import path from "node:path";
import type { Page } from "@playwright/test";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";

/**
 * A buyer on a phone searching a dealer group by distance, with JavaScript and without, and
 * the group's branch pages. The group demo is a site of its own, started with its one
 * documented setting (`DEALER_CONFIG=dealer-group.json`); the shared browser-test site is
 * the default demo's single branch.
 */

test.describe.configure({ timeout: 120_000 });

/** Chester: about 18 miles from the Warrington branch, 23 from Wigan and 31 from Bolton, so "within 25 miles" leaves Bolton out. */
const CHESTER = "CH2 1AA";

let group: BuiltSite;
let groupUrl: string;

test.beforeAll(async () => {
  group = await startBuiltSite({ DEALER_CONFIG: path.resolve(import.meta.dirname, "..", "..", "dealer-group.json") });
  groupUrl = `http://127.0.0.1:${group.port}`;
});

test.afterAll(async () => {
  await group?.stop();
});

const resultCount = async (page: Page) => Number((await page.locator(".search-page__heading .lede").textContent())!.replace(/\D/g, ""));

/**
 * The miles on each card of the results, in the order shown; a card without them fails the
 * test. Only the results' cards: after a search from the home page its own cards can still be
 * on screen for a moment once the address has changed.
 */
async function milesOnCards(page: Page): Promise<number[]> {
  const cards = page.locator("#results .vehicle-card");
  await expect(cards.first()).toBeVisible();
  const places = await cards.locator(".vehicle-card__distance").allTextContents();
  expect(places).toHaveLength(await cards.count());
  return places.map((place) => {
    expect(place).toMatch(/^\d+ miles from you$/);
    return Number(place.replace(/\D/g, ""));
  });
}

/**
 * The page is the search asked for. The form without JavaScript puts the fields it carries
 * first, so the order of the parameters is not compared.
 */
async function expectSearch(page: Page, pathname: string, params: Record<string, string>): Promise<void> {
  await expect.poll(() => new URL(page.url()).pathname).toBe(pathname);
  await expect.poll(() => Object.fromEntries(new URL(page.url()).searchParams)).toEqual(params);
}

/** Types a postcode into the home page's search and searches cars, as a buyer does. */
async function searchFromHome(page: Page, postcode: string, javaScript: boolean): Promise<void> {
  await page.goto(`${groupUrl}/`);
  if (javaScript) await hydrated(page);
  await page.getByLabel("Your postcode (optional)").fill(postcode);
  await page.getByRole("button", { name: "Search cars" }).click();
}

for (const javaScript of [true, false]) {
  test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
    test.use({ javaScriptEnabled: javaScript });

    test("a postcode on the home page gives the nearest first, with the miles on every card", async ({ page }) => {
      await searchFromHome(page, CHESTER.toLowerCase(), javaScript);
      await expectSearch(page, "/car-search", { postcode: CHESTER, sort: "distance" });
      const miles = await milesOnCards(page);
      expect(miles).toEqual([...miles].sort((a, b) => a - b));
      // More than one branch on the page, so the order is the distance's doing.
      expect(new Set(miles).size).toBeGreaterThan(1);
      await expect(page.getByText("Contains OS data © Crown copyright")).toBeVisible();
    });

    test("choosing within 25 miles narrows the results to those no further", async ({ page }) => {
      await page.goto(`${groupUrl}/car-search?postcode=CH2+1AA&sort=distance`);
      if (javaScript) await hydrated(page);
      const everywhere = await resultCount(page);
      expect(Math.max(...(await milesOnCards(page)))).toBeGreaterThan(25);

      const distance = page.getByRole("form", { name: "Distance from you" });
      await distance.getByLabel("Distance", { exact: true }).selectOption({ label: "Within 25 miles" });
      await distance.getByRole("button", { name: "Update" }).click();
      await expectSearch(page, "/car-search", { postcode: CHESTER, withinMiles: "25", sort: "distance" });
      await expect(page.locator(".results")).not.toHaveAttribute("aria-busy", "true");
      await expect.poll(() => resultCount(page)).toBeLessThan(everywhere);
      const near = await milesOnCards(page);
      expect(near).toHaveLength(Math.min(await resultCount(page), 24));
      for (const miles of near) expect(miles).toBeLessThanOrEqual(25);
      await expect(distance.getByLabel("Distance", { exact: true })).toHaveValue("25");
    });

    test("a postcode the site cannot place says so, naming it, and still shows the cars", async ({ page }) => {
      // Well formed, but no outward code ZZ99 has a centre in the data.
      await searchFromHome(page, "ZZ99 9ZZ", javaScript);
      await expectSearch(page, "/car-search", { postcode: "ZZ99 9ZZ", sort: "distance" });
      await expect(page.getByRole("alert")).toContainText("We cannot find the postcode ZZ99 9ZZ");
      await expect(page.getByRole("form", { name: "Distance from you" }).getByLabel("Postcode")).toHaveAttribute("aria-invalid", "true");
      await expect(page.locator(".vehicle-card").first()).toBeVisible();
      await expect(page.locator(".vehicle-card__distance")).toHaveCount(0);
    });

    test("a postcode that is not one says so, naming what was typed", async ({ page }) => {
      await searchFromHome(page, "hello", javaScript);
      await expectSearch(page, "/car-search", { postcode: "hello", sort: "distance" });
      await expect(page.getByRole("alert")).toContainText("“hello” is not a UK postcode");
      await expect(page.locator(".vehicle-card").first()).toBeVisible();
      await expect(page.locator(".vehicle-card__distance")).toHaveCount(0);
    });
  });
}

test.describe("the group demo's branches", () => {
  const BRANCHES = [
    { code: "wigan", name: "Wigan", address: "Unit 4, Saddle Junction, Wigan, WN3 5AB", phone: "01632 960100" },
    { code: "bolton", name: "Bolton", address: "220 Chorley New Road, Bolton, BL1 4AA", phone: "01632 960200" },
    { code: "warrington", name: "Warrington", address: "17 Winwick Road, Warrington, WA2 7AA", phone: "01632 960300" },
  ];

  test("/branches lists the three, each with its address, phone, hours and stock", async ({ page }) => {
    await page.goto(`${groupUrl}/branches`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Our branches");
    const cards = page.locator(".content-card");
    await expect(cards.getByRole("heading", { level: 2 })).toHaveText(BRANCHES.map(({ name }) => name));
    let vehicles = 0;
    for (const [index, branch] of BRANCHES.entries()) {
      const card = cards.nth(index);
      await expect(card).toContainText(branch.address);
      await expect(card.getByRole("link", { name: branch.phone })).toHaveAttribute("href", `tel:${branch.phone.replace(/\s/g, "")}`);
      await expect(card).toContainText(/(Open|Closed) (now|today)/);
      const stock = card.getByRole("link", { name: new RegExp(`^\\d+ vehicles? at ${branch.name}$`) });
      vehicles += Number((await stock.textContent())!.replace(/\D/g, ""));
    }
    // Every vehicle of the group's stock stands at one of them.
    const health = (await (await page.request.get(`${groupUrl}/healthz`)).json()) as { vehicles: number };
    expect(vehicles).toBe(health.vehicles);
  });

  test("a branch's page shows its details and the vehicles there, each named as at that branch", async ({ page }) => {
    await page.goto(`${groupUrl}/branches`);
    await page.getByRole("heading", { name: "Bolton" }).getByRole("link").click();
    await expect(page).toHaveURL(`${groupUrl}/branches/bolton`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Bolton branch");
    await expect(page.locator("address")).toContainText("220 Chorley New Road");
    await expect(page.getByRole("link", { name: "bolton@northway-motors.example" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Opening hours" })).toBeVisible();
    const stock = page.getByRole("heading", { name: /^\d+ vehicles? at Bolton$/ });
    await expect(stock).toBeVisible();
    const branchNames = await page.locator(".vehicle-card__branch").allTextContents();
    expect(branchNames.length).toBeGreaterThan(0);
    expect(branchNames.length).toBe(await page.locator(".vehicle-card").count());
    for (const name of branchNames) expect(name).toBe("Bolton branch");

    await page.getByRole("link", { name: /^See all \d+ cars at Bolton$/ }).click();
    await expect(page).toHaveURL(`${groupUrl}/car-search?branch=bolton`);
    for (const name of await page.locator(".vehicle-card__branch").allTextContents()) expect(name).toBe("Bolton branch");
  });

  test("an unknown branch is a page not found", async ({ page }) => {
    const answer = await page.request.get(`${groupUrl}/branches/nowhere`);
    expect(answer.status()).toBe(404);
  });

  test("the search offers a Branch filter with each branch's count, and choosing one narrows to it", async ({ page }) => {
    await page.goto(`${groupUrl}/car-search`);
    await hydrated(page);
    const cars = await resultCount(page);
    await page.getByRole("button", { name: "Filter and sort" }).click();
    const branch = page.getByRole("dialog").getByLabel("Branch", { exact: true });
    const options = (await branch.locator("option").allTextContents()).slice(1);
    expect(options.map((option) => option.replace(/ \(\d+\)$/, ""))).toEqual(["Bolton", "Warrington", "Wigan"]);
    const counts = options.map((option) => Number(/\((\d+)\)$/.exec(option)![1]));
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(cars);

    await branch.selectOption({ label: options[2]! });
    await expect(page).toHaveURL(`${groupUrl}/car-search?branch=wigan`);
    await expect.poll(() => resultCount(page)).toBe(counts[2]);
  });
});

test.describe("the default demo's single branch", () => {
  test("cards say only how far away they are, and the search has no branch picker", async ({ page }) => {
    await page.goto("/car-search?postcode=WN1+1AA&sort=distance");
    const places = await page.locator(".vehicle-card__place").allTextContents();
    expect(places.length).toBe(await page.locator(".vehicle-card").count());
    for (const place of places) expect(place).toMatch(/^\d+ miles from you$/);
    await expect(page.locator(".vehicle-card__branch")).toHaveCount(0);
    await expect(page.getByLabel("Branch", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("contentinfo").getByRole("link", { name: /branches/i })).toHaveCount(0);
  });
});
