import type { Page } from "@playwright/test";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";

/** The frame and landing pages: the home search, the menus, accordions and brand tiles. */

const makesOf = async (page: Page) => (await page.getByLabel("Make", { exact: true }).locator("option").allTextContents()).slice(1);

async function distinct(page: Page, type: string, make?: string): Promise<{ make: string[]; model?: string[] }> {
  const query = make ? `?make=${encodeURIComponent(make)}` : "";
  const response = await page.request.get(`/api/vehicles/distinct/${type}${query}`);
  expect(response.ok()).toBe(true);
  return response.json();
}

test.describe("the home page search", () => {
  test("lists the chosen type's makes, waits for a make before models, and searches that type", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const form = page.locator("form.make-model-search");
    await expect(form.getByLabel("Vehicle type")).toHaveValue("car");
    await expect(form.getByLabel("Model")).toBeDisabled();
    const carMakes = (await distinct(page, "car")).make;
    await expect.poll(() => makesOf(page)).toEqual(carMakes);

    await form.getByLabel("Vehicle type").selectOption("van");
    const van = await distinct(page, "van");
    await expect.poll(() => makesOf(page)).toEqual(van.make);
    const make = van.make[0]!;
    await form.getByLabel("Make", { exact: true }).selectOption(make);
    await expect(form.getByLabel("Model")).toBeEnabled();
    const models = (await distinct(page, "van", make)).model!;
    const model = models[0]!;
    await form.getByLabel("Model").selectOption(model);

    await form.getByRole("button", { name: "Search vans" }).click();
    await expect(page).toHaveURL(`/van-search?${new URLSearchParams({ make, model })}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(`${make} ${model} for sale`);
  });

  test("changing the type clears the make and model", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const form = page.locator("form.make-model-search");
    const carMakes = (await distinct(page, "car")).make;
    await expect.poll(() => makesOf(page)).toEqual(carMakes);
    await form.getByLabel("Make", { exact: true }).selectOption(carMakes[0]!);
    await expect(form.getByLabel("Model")).toBeEnabled();

    await form.getByLabel("Vehicle type").selectOption("truck");
    await expect(form.getByLabel("Make", { exact: true })).toHaveValue("");
    await expect(form.getByLabel("Model")).toBeDisabled();
    await expect.poll(() => makesOf(page)).toEqual((await distinct(page, "truck")).make);

    // Emptying the make empties the model list too.
    const truckMake = (await makesOf(page))[0]!;
    await form.getByLabel("Make", { exact: true }).selectOption(truckMake);
    await expect(form.getByLabel("Model").locator("option")).not.toHaveCount(1);
    await form.getByLabel("Make", { exact: true }).selectOption("");
    await expect(form.getByLabel("Model")).toBeDisabled();
    await expect(form.getByLabel("Model").locator("option")).toHaveCount(1);
  });

  test("the first HTML lists the car makes, and the running page keeps them without asking again", async ({ page }) => {
    const carMakes = (await distinct(page, "car")).make;
    const html = await (await page.request.get("/")).text();
    const select = /<select id="search-make"[^>]*>(.*?)<\/select>/s.exec(html)?.[1] ?? "";
    const served = [...select.matchAll(/<option value="([^"]*)"/g)].map((match) => match[1]!.replaceAll("&amp;", "&")).slice(1);
    expect(served).toEqual(carMakes);

    const lookups: string[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/api/vehicles/distinct/")) lookups.push(request.url());
    });
    await page.goto("/", { waitUntil: "networkidle" });
    expect(await makesOf(page)).toEqual(carMakes);
    expect(lookups).toEqual([]);
  });

  test.describe("when the make list cannot be fetched", () => {
    test.use({ expectedConsoleErrors: /Failed to load resource/ });

    test("says so and fetches again on request", async ({ page }) => {
      await page.route("**/api/vehicles/distinct/**", (route) => route.abort());
      await page.goto("/");
      await hydrated(page);
      const form = page.locator("form.make-model-search");
      await form.getByLabel("Vehicle type").selectOption("van");
      await expect(form.getByRole("alert")).toHaveText(/We couldn't load the makes just now/);

      await page.unroute("**/api/vehicles/distinct/**");
      await form.getByRole("button", { name: "Try again" }).click();
      await expect(form.getByRole("alert")).toBeHidden();
      await expect.poll(() => makesOf(page)).toEqual((await distinct(page, "van")).make);
    });
  });
});

test.describe("the home page search without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("lists the car makes, and a make the chosen type does not sell goes to the type that sells it", async ({ page }) => {
    const [cars, trucks] = [await distinct(page, "car"), await distinct(page, "truck")];
    const carOnly = cars.make.find((make) => !trucks.make.includes(make))!;
    await page.goto("/");
    const form = page.locator("form.make-model-search");
    await expect(form.getByLabel("Vehicle type")).toHaveValue("car");
    expect(await makesOf(page)).toEqual(cars.make);

    await form.getByLabel("Vehicle type").selectOption("truck");
    await form.getByLabel("Make", { exact: true }).selectOption(carOnly);
    await form.getByRole("button", { name: "Search cars" }).click();
    await expect(page).toHaveURL(`/car-search?${new URLSearchParams({ make: carOnly })}`);
    await expect(page.locator(".vehicle-card").first()).toBeVisible();

    await page.goto("/");
    await form.getByLabel("Vehicle type").selectOption("truck");
    await form.getByRole("button", { name: "Search cars" }).click();
    await expect(page).toHaveURL("/truck-search");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("the menu opens on the type of the page the buyer is on, and follows them to another", async ({ page }) => {
    await page.goto("/truck-search");
    const menuButton = page.getByRole("button", { name: "Menu" });
    const menu = page.getByRole("dialog", { name: "Menu" });
    await menuButton.click();
    await expect(menu.getByRole("button", { name: "Trucks" })).toHaveAttribute("aria-pressed", "true");
    await expect(menu.getByRole("link", { name: "Used cars" })).toBeHidden();
    await menu.getByRole("button", { name: "Cars" }).click();
    await menu.getByRole("link", { name: "Used cars" }).click();
    await expect(page).toHaveURL(/\/cars\/used|\/car-search/);
    await menuButton.click();
    await expect(menu.getByRole("button", { name: "Cars" })).toHaveAttribute("aria-pressed", "true");
  });

  test("the menu opens on vans, switches type, and closes by its button, Escape or a link", async ({ page }) => {
    await page.goto("/");
    const menuButton = page.getByRole("button", { name: "Menu" });
    await menuButton.click();
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("button", { name: "Vans" })).toHaveAttribute("aria-pressed", "true");
    await expect(menu.getByRole("link", { name: "Used vans" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Used cars" })).toBeHidden();

    await menu.getByRole("button", { name: "Cars" }).click();
    await expect(menu.getByRole("link", { name: "Used cars" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Used vans" })).toBeHidden();
    await expect(menu.getByRole("link", { name: "About Us" })).toBeVisible();
    await expect(menu.getByRole("link", { name: "Contact Us" })).toBeVisible();

    await menu.getByRole("button", { name: "Close the menu" }).click();
    await expect(menu).toBeHidden();

    await menuButton.click();
    await expect(menu).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(menu).toBeHidden();

    await menuButton.click();
    await menu.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(menu).toBeHidden();

    // Sell Your Van leads to the van search, within the site.
    await menuButton.click();
    await menu.getByRole("link", { name: "Sell Your Van" }).click();
    await expect(page).toHaveURL("/van-search");
    await expect(menu).toBeHidden();
  });

  test("an address naming the menu (its button tapped before the page started) opens it, and it closes", async ({ page }) => {
    await page.goto("/#menu");
    await hydrated(page);
    const menu = page.getByRole("dialog", { name: "Menu" });
    await expect(menu).toBeVisible();
    await menu.getByRole("button", { name: "Close the menu" }).click();
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Menu" }).click();
    await menu.getByRole("link", { name: "Contact Us" }).click();
    await expect(page).toHaveURL("/contact");
    await expect(menu).toBeHidden();

    // A fragment that is not a dialog's, even a malformed one, leaves the page as it is.
    await page.goto("/#%E0%A4%A");
    await hydrated(page);
    await expect(menu).toBeHidden();
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  });

  test("the offers scroll sideways and each shows its monthly price", async ({ page }) => {
    await page.goto("/");
    const offers = page.locator(".offer-carousel .vehicle-card");
    await expect(offers).toHaveCount(3);
    for (const monthly of await offers.locator(".vehicle-card__monthly").allTextContents()) {
      expect(monthly).toMatch(/^From £[\d,]+\.\d{2} a month$/);
    }
    const strip = page.locator(".offer-carousel .vehicle-grid");
    expect(await strip.evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  });
});

test.describe("on a desktop", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("follows the header's, footer's and cards' links without reloading, and leaves a modified click to the browser", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    // Gone if the page is ever loaded afresh.
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const sameDocument = () => page.evaluate(() => "sameDocument" in window);

    const footer = page.locator("footer");
    await footer.locator("summary", { hasText: "Dealers" }).click();
    await footer.getByRole("link", { name: "About us" }).click();
    await expect(page).toHaveURL("/about");
    expect(await sameDocument()).toBe(true);

    const nav = page.getByRole("navigation", { name: "Main" });
    await nav.locator("summary", { hasText: "Cars" }).click();
    await nav.getByRole("link", { name: "Used cars" }).click();
    await expect(page).toHaveURL("/cars/used");
    await expect(nav.locator('a[href="/cars/used"]')).toHaveAttribute("aria-current", "page");
    await expect(nav.locator('a[href="/cars/new"]')).not.toHaveAttribute("aria-current");
    expect(await sameDocument()).toBe(true);

    await page.goto("/car-search");
    await hydrated(page);
    await page.evaluate(() => Object.assign(window, { sameDocument: true }));
    const title = page.locator(".vehicle-card__title a").first();
    const [opened] = await Promise.all([page.context().waitForEvent("page"), title.click({ modifiers: ["ControlOrMeta"] })]);
    await expect(page).toHaveURL("/car-search");
    await opened.close();
    const vehiclePath = await title.getAttribute("href");
    await title.click();
    await expect(page).toHaveURL(vehiclePath!);
    expect(await sameDocument()).toBe(true);
  });

  test("a header menu opens on click and closes on Escape or a click elsewhere", async ({ page }) => {
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Main" });
    const cars = nav.locator("summary", { hasText: "Cars" });
    await cars.click();
    await expect(nav.getByRole("link", { name: "Used cars" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(nav.getByRole("link", { name: "Used cars" })).toBeHidden();
    await expect(cars).toBeFocused();

    await cars.click();
    await page.getByRole("heading", { level: 1 }).click();
    await expect(nav.getByRole("link", { name: "Used cars" })).toBeHidden();

    // Only one menu open at a time.
    await cars.click();
    await nav.locator("summary", { hasText: "Vans" }).click();
    await expect(nav.getByRole("link", { name: "Used vans" })).toBeVisible();
    await expect(nav.getByRole("link", { name: "Used cars" })).toBeHidden();
    await nav.getByRole("link", { name: "Used vans" }).click();
    await expect(page).toHaveURL("/vans/used");
    await expect(nav.getByRole("link", { name: "Used vans" })).toBeHidden();
  });

  for (const width of [1024, 1280]) {
    test(`at ${width} px the header's name, menus and search box each have room of their own`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      await page.goto("/");
      const header = page.locator(".site-header");
      const name = await header.getByRole("link", { name: "Dockside Motor Company" }).boundingBox();
      const menus = await header.getByRole("navigation", { name: "Main" }).boundingBox();
      const search = await header.getByRole("combobox").boundingBox();
      expect(name!.width).toBeGreaterThan(150);
      expect(search!.width).toBeGreaterThan(150);
      const overlaps = (a: typeof name, b: typeof name) =>
        a!.x < b!.x + b!.width && b!.x < a!.x + a!.width && a!.y < b!.y + b!.height && b!.y < a!.y + a!.height;
      expect(overlaps(name, menus)).toBe(false);
      expect(overlaps(search, menus)).toBe(false);
    });
  }
});

test("accordions keep one section open at a time", async ({ page }) => {
  await page.goto("/");
  const footer = page.locator("footer");
  const products = footer.locator("details", { hasText: "Products and services" });
  const advice = footer.locator("details", { hasText: "Buying advice" });
  await products.locator("summary").click();
  await expect(products.getByRole("link", { name: "Used cars" })).toBeVisible();
  await advice.locator("summary").click();
  await expect(advice.getByRole("link", { name: "How finance works" })).toBeVisible();
  await expect(products).not.toHaveAttribute("open");

  const faq = page.locator(".faq details");
  await faq.nth(0).locator("summary").click();
  await expect(faq.nth(0)).toHaveAttribute("open");
  await faq.nth(1).locator("summary").click();
  await expect(faq.nth(1)).toHaveAttribute("open");
  await expect(faq.nth(0)).not.toHaveAttribute("open");
});

test("the brand toggle shows and hides the other brands, and its words follow", async ({ page }) => {
  await page.goto("/cars/finance");
  const brands = page.getByRole("group", { name: "Brands of cars" });
  await expect(brands.getByRole("link", { name: "Ford" })).toBeVisible();
  await expect(brands.getByRole("link", { name: "Toyota" })).toBeHidden();
  await brands.getByText("Show all brands").click();
  await expect(brands.getByRole("link", { name: "Toyota" })).toBeVisible();
  await expect(brands.getByText("Show all brands")).toBeHidden();
  await brands.getByText("Hide all brands").click();
  await expect(brands.getByRole("link", { name: "Toyota" })).toBeHidden();
  await expect(brands.getByText("Show all brands")).toBeVisible();

  await brands.getByRole("link", { name: "Ford" }).click();
  await expect(page).toHaveURL("/car-search?make=Ford");
});

test("the used cars postcode brings a delivery note to the search", async ({ page }) => {
  await page.goto("/cars/used");
  await page.getByLabel("Your postcode (optional)").fill("m1 1ae");
  await page.getByRole("button", { name: "Search cars" }).click();
  // The used cars page searches used cars.
  await expect(page).toHaveURL("/car-search?condition=Used&postcode=M1+1AE&sort=distance");
  await expect(page.locator(".notice")).toContainText("a delivery price to M1 1AE");
});

test("the van leasing form turns a monthly budget into the prices it buys", async ({ page }) => {
  await page.goto("/vans/leasing");
  await page.getByLabel("Business").check();
  await page.getByLabel("Monthly budget").selectOption("-300");
  await page.getByRole("button", { name: "Search vans" }).click();
  await expect(page).toHaveURL(/^[^?]*\/van-search\?price=-\d+$/);
  const limit = Number(new URL(page.url()).searchParams.get("price")!.slice(1));
  const prices = (await page.locator(".vehicle-card__price").allTextContents()).map((text) => Number(text.replace(/[^\d]/g, "")));
  for (const price of prices) expect(price).toBeLessThanOrEqual(limit);
});

test("the van leasing form adds no price limit unless a budget is chosen", async ({ page }) => {
  await page.goto("/vans/leasing", { waitUntil: "networkidle" });
  await expect(page.getByLabel("Monthly budget")).toHaveValue("");
  await expect(page.getByLabel("Monthly budget").locator("option").first()).toHaveText("Any budget");
  await page.getByLabel("Make", { exact: true }).selectOption("Ford");
  await page.getByRole("button", { name: "Search vans" }).click();
  await expect(page).toHaveURL("/van-search?make=Ford");
});

test("the offers page shows the cheapest of each type", async ({ page }) => {
  await page.goto("/offers");
  for (const type of ["Cars", "Vans", "Trucks"]) {
    const section = page.locator("section", { has: page.getByRole("heading", { level: 2, name: type, exact: true }) });
    const prices = (await section.locator(".vehicle-card__price").allTextContents()).map((text) => Number(text.replace(/[^\d]/g, "")));
    expect(prices.length).toBeGreaterThan(0);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
  }
});

test("car leasing shows hire purchase prices for the chosen make and keeps it chosen", async ({ page }) => {
  await page.goto("/cars/leasing", { waitUntil: "networkidle" });
  const make = (await distinct(page, "car")).make[0]!;
  await page.getByLabel("Make", { exact: true }).selectOption(make);
  await expect(page.getByLabel("Model")).toBeEnabled();
  await page.getByRole("button", { name: "Show hire purchase prices" }).click();
  await expect(page).toHaveURL(new RegExp(`/cars/leasing\\?type=car&make=${encodeURIComponent(make).replace(/%20/g, "\\+")}&model=$`));
  await expect(page.getByRole("heading", { name: `Hire purchase prices for ${make}` })).toBeVisible();
  for (const title of await page.locator(".vehicle-card__title").allTextContents()) expect(title.startsWith(`${make} `)).toBe(true);
  await expect(page.getByLabel("Make", { exact: true })).toHaveValue(make);
  await expect(page.getByLabel("Model")).toBeEnabled();
});

test.describe("a page that hydrates unlike its HTML", () => {
  test.use({ expectedConsoleErrors: /Minified React error #418/ });

  test("is reported with the components it differed in, not only React's error number", async ({ page }) => {
    // The heading changed on its way to the browser, as a device clock or a stale copy might change a text.
    await page.route("**/contact", async (route) => {
      const response = await route.fetch();
      const body = (await response.text()).replace("<h1>Contact us", "<h1>Contact us today");
      const headers = Object.fromEntries(
        Object.entries(response.headers()).filter(([name]) => !["content-encoding", "content-length"].includes(name)),
      );
      await route.fulfill({ response, headers, body });
    });
    const reported = page.waitForEvent("console", (message) => message.type() === "error" && /#418/.test(message.text()));
    await page.goto("/contact");
    expect((await reported).text()).toMatch(/\nIn:[\s\S]*\bat h1\b/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact us");
  });
});

test("a page's scripts are asked for only once its HTML is in and drawn, and then it hydrates", async ({ page }) => {
  // On a slow phone the first paint then waits for neither the scripts' bytes nor their running.
  for (const address of ["/contact", "/car-search"]) {
    const html = await (await page.request.get(address)).text();
    expect(html, address).not.toMatch(/rel="modulepreload"|type="module"/);
    await page.goto(address);
    await hydrated(page);
    const { parsed, firstPaint, scriptsAskedFrom } = await page.evaluate(() => ({
      parsed: performance.getEntriesByType("navigation")[0]!.toJSON().domContentLoadedEventEnd as number,
      firstPaint: performance.getEntriesByName("first-contentful-paint")[0]?.startTime,
      scriptsAskedFrom: Math.min(
        ...performance
          .getEntriesByType("resource")
          .filter(({ name }) => name.endsWith(".js"))
          .map(({ startTime }) => startTime),
      ),
    }));
    expect(firstPaint, address).toBeGreaterThan(0);
    expect(scriptsAskedFrom, address).toBeGreaterThan(parsed);
  }
});
