import type { Page } from "@playwright/test";
import { formatPounds } from "../../domain/format";
import type { VehicleRecord } from "../../domain/vehicle";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";

/** Saved vehicles, compare and recently viewed, kept in the browser; the shared links rendered on the server. */

interface Car {
  id: string;
  title: string;
  price: string;
}

/** Cars of different models and prices, so each is told apart by its name and the comparison has a difference. */
async function distinctCars(page: Page, count: number): Promise<Car[]> {
  const records = (await (await page.request.get("/api/vehicles/search/car?pageSize=40&sort=price_asc")).json()) as VehicleRecord[];
  const chosen: Car[] = [];
  for (const { _id, vehicle, adverts } of records) {
    const car = { id: _id, title: `${vehicle.make} ${vehicle.model}`, price: formatPounds(adverts.retailAdverts.totalPrice.amountGBP) };
    if (chosen.every((other) => other.title !== car.title && other.price !== car.price)) chosen.push(car);
    if (chosen.length === count) return chosen;
  }
  throw new Error(`The demo stock has fewer than ${count} cars of different models and prices`);
}

const startingWith = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`);

/** Each row of the compare table: its label, its values, and whether it is marked as differing. */
function compareRows(page: Page) {
  return page.locator(".compare-table tbody tr:has(th[scope=row])").evaluateAll((rows) =>
    rows.map((row) => ({
      label: row.querySelector("th")!.firstChild!.textContent!,
      values: [...row.querySelectorAll("td")].map((cell) => cell.textContent),
      marked: row.querySelector(".compare-table__differs-mark")?.textContent === "Differs",
    })),
  );
}

test("a vehicle saved from its card is counted in the header and listed at /saved with its price, until unsaved", async ({ page }) => {
  await page.goto("/car-search");
  await hydrated(page);
  const card = page.locator("article.vehicle-card").first();
  const title = (await card.locator(".vehicle-card__title").textContent())!;
  const price = (await card.locator(".vehicle-card__price").textContent())!;
  const heart = card.getByRole("button", { name: startingWith(`Save ${title}`) });
  await expect(heart).toHaveAttribute("aria-pressed", "false");
  await heart.click();
  await expect(heart).toHaveAttribute("aria-pressed", "true");

  await page.getByRole("link", { name: "Saved vehicles (1)" }).click();
  await expect(page).toHaveURL(/\/saved$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Saved vehicles");
  const saved = page.locator("article.vehicle-card");
  await expect(saved).toHaveCount(1);
  await expect(saved.locator(".vehicle-card__title")).toHaveText(title);
  await expect(saved.locator(".vehicle-card__price")).toHaveText(price);
  await expect(page.getByRole("link", { name: "Link to share this list" })).toHaveAttribute("href", /^\/saved\?ids=[\w-]+$/);

  await saved.getByRole("button", { name: startingWith(`Save ${title}`) }).click();
  await expect(page.getByText("No saved vehicles yet.")).toBeVisible();
  await expect(page.getByRole("link", { name: "Saved vehicles", exact: true })).toBeVisible();
});

test("a saved vehicle that is no longer for sale says so and can be taken off the list", async ({ page }) => {
  const [car] = await distinctCars(page, 1);
  await page.goto("/");
  await page.evaluate((ids) => localStorage.setItem("dealer:saved-vehicles", JSON.stringify(ids)), [car!.id, "sold-long-ago-1"]);
  await page.goto("/saved");
  const gone = page.locator(".saved-list__gone");
  await expect(gone).toContainText("No longer for sale.");
  await expect(page.locator("article.vehicle-card")).toHaveCount(1);
  await gone.getByRole("button", { name: "Remove this vehicle from your saved vehicles" }).click();
  await expect(gone).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Saved vehicles (1)" })).toBeVisible();
});

test("two vehicles chosen from their cards are compared side by side, each differing row marked in words", async ({ page }, testInfo) => {
  await page.goto("/car-search?sort=price_asc");
  await hydrated(page);
  const cards = page.locator("article.vehicle-card");
  const titles = [
    (await cards.nth(0).locator(".vehicle-card__title").textContent())!,
    (await cards.nth(1).locator(".vehicle-card__title").textContent())!,
  ];
  for (const i of [0, 1])
    await cards
      .nth(i)
      .getByRole("button", { name: /^Compare / })
      .click();
  const bar = page.getByRole("region", { name: "Vehicles to compare" });
  await expect(bar).toContainText("2 of 3 chosen to compare");
  await bar.getByRole("link", { name: "Compare 2 vehicles" }).click();

  await expect(page).toHaveURL(/\/compare\?ids=[\w-]+,[\w-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Compare vehicles");
  const table = page.getByRole("table");
  for (const title of titles) await expect(table.getByRole("columnheader", { name: startingWith(title) })).toBeVisible();
  const rows = await compareRows(page);
  expect(rows.map((row) => row.label)).toEqual(
    expect.arrayContaining(["Price", "Monthly price", "Mileage", "Road tax", "ULEZ and Clean Air Zones"]),
  );
  for (const row of rows) {
    expect(row.values, row.label).toHaveLength(2);
    expect(row.marked, `${row.label}: ${row.values.join(" / ")}`).toBe(new Set(row.values).size > 1);
  }
  expect(rows.some((row) => row.marked)).toBe(true);

  // On a phone the table scrolls sideways while the row labels stay put.
  const region = page.getByRole("region", { name: "Vehicles compared" });
  const label = table.getByRole("rowheader", { name: /^Price/ });
  const before = (await label.boundingBox())!.x;
  const overflows = await region.evaluate((box) => box.scrollWidth > box.clientWidth);
  if (testInfo.project.name === "phone") expect(overflows).toBe(true);
  await region.evaluate((box) => box.scrollTo({ left: box.scrollWidth }));
  await expect.poll(async () => (await label.boundingBox())!.x).toBe(before);
});

test("/compare opened directly shows the vehicles chosen in this browser, and takes one off the list", async ({ page }) => {
  const cars = await distinctCars(page, 3);
  await page.goto("/car-search?sort=price_asc&pageSize=48");
  await hydrated(page);
  for (const car of cars) {
    await page
      .locator(`article.vehicle-card:has(a[href="/vehicles/${car.id}"])`)
      .getByRole("button", { name: /^Compare / })
      .click();
  }
  await expect(page.getByRole("region", { name: "Vehicles to compare" })).toContainText("3 of 3 chosen to compare");

  await page.goto("/compare");
  await expect(page).toHaveURL(
    new RegExp(
      `/compare\\?ids=${cars
        .map((car) => car.id)
        .reverse()
        .join(",")}$`,
    ),
  );
  const table = page.getByRole("table");
  for (const car of cars) await expect(table.getByRole("columnheader", { name: startingWith(car.title) })).toBeVisible();
  await expect(table).toContainText(cars[0]!.price);

  await page.getByRole("link", { name: `Remove ${cars[1]!.title} from the comparison` }).click();
  await expect(table.getByRole("columnheader", { name: startingWith(cars[1]!.title) })).toHaveCount(0);
  await expect(table.getByRole("columnheader", { name: startingWith(cars[0]!.title) })).toBeVisible();
  expect(JSON.parse((await page.evaluate(() => localStorage.getItem("dealer:compared-vehicles")))!)).toEqual([cars[2]!.id, cars[0]!.id]);
});

test("the compare page explains a bad list instead of failing", async ({ page }) => {
  const [car] = await distinctCars(page, 1);
  const tooMany = await page.request.get("/compare?ids=a1,b2,c3,d4");
  expect(tooMany.status()).toBe(400);
  expect(await tooMany.text()).toContain("names more than 3 vehicles");
  const malformed = await page.request.get("/compare?ids=%3Cscript%3E");
  expect(malformed.status()).toBe(400);
  await page.goto(`/compare?ids=${car!.id},no-such-vehicle`);
  await expect(page.getByText("We have no vehicle with the reference no-such-vehicle")).toBeVisible();
  await expect(page.getByRole("table")).toContainText(car!.price);
});

test("vehicles viewed show on the home page, newest first, and on another vehicle's page", async ({ page }) => {
  const [first, second] = await distinctCars(page, 2);
  for (const car of [first!, second!]) {
    await page.goto(`/vehicles/${car.id}`);
    // The view is noted just after hydration; leaving sooner would leave it unnoted.
    await expect.poll(() => page.evaluate(() => localStorage.getItem("dealer:recently-viewed"))).toContain(car.id);
  }
  const recent = page.getByRole("region", { name: "Recently viewed" });
  await expect(recent.locator(".vehicle-card__title")).toHaveText([first!.title]);

  await page.goto("/");
  await expect(recent.locator(".vehicle-card__title")).toHaveText([second!.title, first!.title]);
  await expect(recent.locator(".vehicle-card__price")).toHaveText([second!.price, first!.price]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a shared saved list is rendered on the server and compares its ticked vehicles", async ({ page }) => {
    const [first, second] = await distinctCars(page, 2);
    await page.goto(`/saved?ids=${first!.id},${second!.id},sold-long-ago-1`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("A shared list of vehicles");
    await expect(page.locator("article.vehicle-card .vehicle-card__title")).toHaveText([first!.title, second!.title]);
    await expect(page.locator("article.vehicle-card .vehicle-card__price")).toHaveText([first!.price, second!.price]);
    // The heart needs JavaScript, so it is not offered.
    await expect(page.getByRole("button", { name: /^Save / })).toHaveCount(0);

    await page.getByRole("link", { name: "Remove this vehicle from this list" }).click();
    await expect(page).toHaveURL(`/saved?ids=${first!.id},${second!.id}`);
    await page.getByLabel(`Compare ${first!.title}`).check();
    await page.getByLabel(`Compare ${second!.title}`).check();
    await page.getByRole("button", { name: "Compare ticked vehicles" }).click();
    await expect(page).toHaveURL(`/compare?ids=${first!.id}&ids=${second!.id}`);
    await expect(page.getByRole("table").getByRole("rowheader", { name: /^Price/ })).toContainText("Differs");
  });

  test("the browser's own list says it needs JavaScript", async ({ page }) => {
    await page.goto("/saved");
    await expect(page.getByText("Saved vehicles are kept in this browser and need JavaScript to show.")).toBeVisible();
  });
});
