import type { Locator, Page } from "@playwright/test";
import sharp from "sharp";
import { staffEmail } from "../support/staff-accounts";
import { storedLead, storedLeadIds } from "../support/stored-leads";
import { expect, test } from "./console-guard";
import { acceptNextAlert, completeTheApplication } from "./finance-wizard";
import { hydrated } from "./hydration";
import { accountsFor, signIn } from "./staff-support";
import { swipe } from "./touch";

/** The finance application stored with a reference, as the e2e site's file store keeps it. */
async function storedFor(reference: string) {
  const dataDir = process.env.E2E_DATA_DIR!;
  const leads = await Promise.all((await storedLeadIds(dataDir, "finance-application")).map((id) => storedLead(dataDir, id)));
  return leads.filter((lead) => lead.reference === reference);
}

/**
 * The contrast of an element's text with what is behind it (WCAG's ratio), as drawn: its
 * colour over the first background behind it that is not transparent, with the opacity of it
 * and every element around it applied.
 */
function contrastOf(element: Locator): Promise<number> {
  return element.evaluate((start) => {
    const rgba = (colour: string) => {
      const [red, green, blue, alpha = 1] = colour.match(/[\d.]+/g)!.map(Number);
      return { rgb: [red!, green!, blue!], alpha };
    };
    let opacity = 1;
    let background: number[] | undefined;
    for (let node: Element | null = start; node; node = node.parentElement) {
      const style = getComputedStyle(node);
      opacity *= Number(style.opacity);
      const behind = rgba(style.backgroundColor);
      if (!background && behind.alpha > 0) background = behind.rgb;
    }
    background ??= [255, 255, 255];
    const text = rgba(getComputedStyle(start).color);
    const shown = text.rgb.map((value, i) => value * text.alpha * opacity + background[i]! * (1 - text.alpha * opacity));
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((value) => {
        const channel = value / 255;
        return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
    };
    const [lighter, darker] = [luminance(shown), luminance(background)].sort((a, b) => b - a);
    return (lighter! + 0.05) / (darker! + 0.05);
  });
}

/** The first vehicle with photos in the list, so every part of the page is there. */
async function openAVehicle(page: Page, { withJavaScript = true } = {}): Promise<string> {
  const response = await page.request.get("/api/vehicles/search/car?pageSize=1");
  const [vehicle] = (await response.json()) as { _id: string }[];
  await page.goto(`/vehicles/${vehicle!._id}`);
  // Apply for finance opens its dialog once the page is hydrated; clicked sooner, it does nothing on a busy machine.
  if (withJavaScript) await hydrated(page);
  return vehicle!._id;
}

test("the vehicle page shows the price, the representative example and the lender statements", async ({ page }) => {
  await openAVehicle(page);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expect(page.getByText("Monthly Prices From")).toBeVisible();
  await expect(page.locator(".monthly-price__amount")).toHaveText(/^£[\d,]+\.\d\d a month$/);
  const example = page.getByRole("region", { name: "Representative example" }).or(page.locator(".representative-example"));
  await expect(example).toContainText("20.5% APR representative (fixed)");
  for (const figure of ["£12,000", "£309.93", "£10", "£6,605.80", "£18,605.80", "8.9% APR"]) await expect(example).toContainText(figure);
  const legal = page.locator(".broker-statement");
  await expect(legal).toContainText("is a credit broker, not a lender");
  await expect(legal).toContainText("subject to status");
  await expect(legal).toContainText("UK residents aged 18 and over");
  await expect(legal).toContainText("14 Wapping Quay, Liverpool, L3 4BP");
});

test("a browser whose clock reads months ahead hydrates the page the server drew, mileage note and all", async ({ page }) => {
  // A device clock that is wrong, or a page kept from before a month turned: the mileage's
  // average for the vehicle's age is the server's, so hydration finds the same text (the
  // console guard fails the test on React's hydration error).
  await page.clock.setFixedTime(new Date(Date.now() + 95 * 24 * 3600_000));
  await openAVehicle(page);
  await expect(page.locator(".mileage-note")).toContainText("the average for its age is");
});

test("the vehicle is described to search engines as a schema.org vehicle with an offer", async ({ page }) => {
  await openAVehicle(page);
  const scripts = await page.locator('script[type="application/ld+json"]').allTextContents();
  const data = scripts
    .map((json) => JSON.parse(json) as Record<string, unknown> & { offers: Record<string, unknown> })
    .find(({ offers }) => offers)!;
  expect(data["@context"]).toBe("https://schema.org");
  expect(data["@type"]).toBe("Car");
  expect(data.offers).toMatchObject({ "@type": "Offer", priceCurrency: "GBP", availability: "https://schema.org/InStock" });
  expect(Number(data.offers.price)).toBeGreaterThan(0);
  await expect(page).toHaveTitle(/for sale, £[\d,]+$/);
});

test("the first photo, a phone's largest paint, is asked for from the head as AVIF, ahead of the page's scripts", async ({ page }) => {
  await openAVehicle(page);
  const preload = page.locator('head link[rel="preload"][as="image"]');
  await expect(preload).toHaveCount(1);
  const firstAvif = page.locator(".gallery__strip picture").first().locator('source[type="image/avif"]');
  await expect(preload).toHaveAttribute("imagesrcset", (await firstAvif.getAttribute("srcset"))!);
  await expect(preload).toHaveAttribute("imagesizes", (await firstAvif.getAttribute("sizes"))!);
  await expect(preload).toHaveAttribute("type", "image/avif");
  await expect(preload).toHaveAttribute("fetchpriority", "high");
  await expect(page.locator(".gallery__strip img").first()).toHaveAttribute("fetchpriority", "high");
  await expect(page.locator(".gallery__strip img").first()).toHaveAttribute("loading", "eager");
  const fetchedFirst = await page.evaluate(() => {
    const requests = [...document.querySelectorAll('link[rel="preload"][as="image"], link[rel="modulepreload"], script[src]')];
    return requests[0]?.getAttribute("rel");
  });
  expect(fetchedFirst).toBe("preload");
});

test("similar vehicles' pictures wait until scrolled near, while a search's first cards load at once, the first from the head", async ({
  page,
}) => {
  // Under the vehicle, eight pictures loaded at once would share a slow phone's bandwidth with its first photo.
  await openAVehicle(page);
  const similar = page.locator(".vehicle-page__similar .vehicle-card img");
  expect(await similar.count()).toBeGreaterThanOrEqual(4);
  expect(new Set(await similar.evaluateAll((images) => images.map((image) => image.getAttribute("loading"))))).toEqual(new Set(["lazy"]));

  await page.goto("/car-search");
  // The first card's photo, a phone's largest paint there, is asked for from the head, ahead of the filters' HTML.
  const firstAvif = page.locator(".vehicle-grid .vehicle-card picture").first().locator('source[type="image/avif"]');
  await expect(page.locator('head link[rel="preload"][as="image"]')).toHaveAttribute(
    "imagesrcset",
    (await firstAvif.getAttribute("srcset"))!,
  );
  const results = page.locator(".vehicle-grid .vehicle-card img");
  expect(await results.evaluateAll((images) => images.map((image) => image.getAttribute("loading")).slice(0, 3))).toEqual([
    "eager",
    "eager",
    "lazy",
  ]);
});

test.describe("on a wide screen", () => {
  test.use({ viewport: { width: 1280, height: 900 } });

  test("no bar of contact buttons is kept at the foot of the screen: they are beside the price", async ({ page }) => {
    await openAVehicle(page);
    await expect(page.getByRole("region", { name: "Ask about this vehicle" }).getByRole("link", { name: "Call us" })).toBeVisible();
    await expect(page.getByRole("navigation", { name: "Contact the dealer about this vehicle" })).toHaveCount(0);
    await expect(page.locator(".contact-bar")).toBeHidden();
  });

  test("thumbnails and arrow keys choose the photo", async ({ page }) => {
    await openAVehicle(page);
    const thumbnails = page.getByRole("list", { name: "Choose a photo" }).getByRole("link");
    // Relevance puts vehicles with photos first, and demo vehicles have three or four.
    expect(await thumbnails.count()).toBeGreaterThanOrEqual(2);
    await thumbnails.nth(1).click();
    await expect(thumbnails.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(page.getByText(/^Photo 2 of \d+$/)).toBeVisible();
    await page.getByRole("region", { name: /^Photos of the / }).focus();
    await page.keyboard.press("ArrowLeft");
    await expect(thumbnails.nth(0)).toHaveAttribute("aria-current", "true");
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test("Call and Enquire stay at the foot of the screen, cover nothing at the end of the page, and step aside for the keyboard", async ({
    page,
  }) => {
    await openAVehicle(page);
    const bar = page.getByRole("navigation", { name: "Contact the dealer about this vehicle" });
    await expect(bar.getByRole("link", { name: "Call 0151 496 0000" })).toHaveAttribute("href", "tel:01514960000");
    const atTheFoot = async () => {
      const box = (await bar.boundingBox())!;
      expect(box.y + box.height).toBeCloseTo(844, 0);
    };
    await atTheFoot();
    await page.mouse.wheel(0, 3000);
    await atTheFoot();

    // At the end of the page the footer's last line is above the bar, not under it.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    const footer = (await page.locator("body > footer").boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual((await bar.boundingBox())!.y + 1);

    await page.getByRole("form", { name: "Work out your payments" }).getByLabel("Deposit (£)").focus();
    await expect(bar).toBeHidden();
    await page.getByRole("form", { name: "Work out your payments" }).getByLabel("Deposit (£)").blur();

    await bar.getByRole("button", { name: "Enquire" }).click();
    const dialog = page.getByRole("dialog", { name: "Enquire about this vehicle" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByLabel("Full name")).toBeFocused();
  });

  test("the first screen shows the monthly price a result's card shows, beside the price, linked to its representative example", async ({
    page,
  }) => {
    await page.goto("/car-search");
    const card = page.locator("#results .vehicle-card").first();
    const monthly = (await card.locator(".vehicle-card__monthly").textContent())!;
    expect(monthly).toMatch(/^From £[\d,]+\.\d\d a month$/);
    await card.getByRole("heading").getByRole("link").click();
    await expect(page).toHaveURL(/\/vehicles\//);
    await hydrated(page);

    const shown = page.locator(".vehicle-page__monthly");
    await expect(shown).toContainText(monthly);
    const bar = (await page.getByRole("navigation", { name: "Contact the dealer about this vehicle" }).boundingBox())!;
    const box = (await shown.boundingBox())!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, "above the bar of contact buttons at the foot of the first screen").toBeLessThanOrEqual(bar.y);
    await shown.getByRole("link", { name: "Representative example" }).click();
    const example = page.locator(".representative-example");
    await expect(example).toBeInViewport();
    await expect(example).toContainText("20.5% APR representative (fixed)");
    await expect(page.getByText("Monthly Prices From")).toBeVisible();
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("Enquire in the bar at the foot of the screen opens the enquiry's own page", async ({ page }) => {
      const id = await openAVehicle(page, { withJavaScript: false });
      await page
        .getByRole("navigation", { name: "Contact the dealer about this vehicle" })
        .getByRole("button", { name: "Enquire" })
        .click();
      await expect(page).toHaveURL(new RegExp(`/vehicles/${id}/enquire$`));
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Enquire about this vehicle");
    });
  });

  test("the photos open full screen, swipe and step, leave pinch zoom to the browser, and close back to where the buyer was", async ({
    page,
  }) => {
    await openAVehicle(page);
    const opener = page.getByRole("button", { name: "View full screen" });
    await opener.click();
    const viewer = page.getByRole("dialog", { name: /^Photos of the .+, full screen$/ });
    await expect(viewer).toBeVisible();
    const photos = viewer.getByRole("img");
    const count = await photos.count();
    expect(count).toBeGreaterThanOrEqual(3);
    await expect(viewer.getByText(`Photo 1 of ${count}`)).toBeVisible();
    // Each photo offers AVIF and WebP at every width, chosen for the screen's width, with a JPEG for any other browser.
    const pictures = viewer.locator("picture");
    await expect(pictures).toHaveCount(count);
    for (const type of ["image/avif", "image/webp"]) {
      const source = pictures.first().locator(`source[type="${type}"]`);
      await expect(source).toHaveAttribute("sizes", "100vw");
      await expect(source).toHaveAttribute("srcset", /\/media\/photos\/[^ ]+\/640\.(avif|webp) 640w, .+ 1600w$/);
    }
    // The first request for a size makes it, which on a busy machine takes a few seconds.
    await expect(photos.first()).toHaveJSProperty("complete", true, { timeout: 15_000 });
    expect(await photos.first().evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/(640|1024|1600)\.avif$/);
    // As wide as the screen, and nothing stops a pinch: no touch-action that drops it, no viewport that forbids zoom.
    expect((await photos.first().boundingBox())!.width).toBeCloseTo(390, 0);
    expect(await viewer.locator(".photo-viewer__strip").evaluate((strip) => getComputedStyle(strip).touchAction)).toContain("pinch-zoom");
    await expect(page.locator('meta[name="viewport"]')).not.toHaveAttribute("content", /user-scalable=no|maximum-scale=1(\D|$)/);

    await viewer.getByRole("button", { name: "Next photo" }).click();
    await expect(viewer.getByText(`Photo 2 of ${count}`)).toBeVisible();
    await viewer.locator(".photo-viewer__strip").evaluate((strip) => strip.scrollTo({ left: strip.clientWidth * 2 }));
    await expect(viewer.getByText(`Photo 3 of ${count}`)).toBeVisible();
    await page.keyboard.press("ArrowLeft");
    await expect(viewer.getByText(`Photo 2 of ${count}`)).toBeVisible();

    await page.keyboard.press("Escape");
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
    await expect(page.getByRole("list", { name: "Choose a photo" }).getByRole("link").nth(1)).toHaveAttribute("aria-current", "true");

    await opener.click();
    await expect(viewer.getByText(`Photo 2 of ${count}`)).toBeVisible();
    await viewer.getByRole("button", { name: "Close full screen" }).click();
    await expect(viewer).toBeHidden();
    await expect(opener).toBeFocused();
  });

  test.describe("without JavaScript, full screen", () => {
    test.use({ javaScriptEnabled: false });

    test("'View full screen' opens the photo itself, which the browser shows and zooms", async ({ page }) => {
      await openAVehicle(page, { withJavaScript: false });
      const link = page.getByRole("link", { name: "View full screen" });
      const href = (await link.getAttribute("href"))!;
      expect(href).toBe(
        await page
          .getByRole("region", { name: /^Photos of the / })
          .getByRole("img")
          .first()
          .getAttribute("src"),
      );
      const response = page.waitForResponse((answer) => answer.url().endsWith(href));
      await link.click();
      expect((await response).status()).toBe(200);
      expect(new URL(page.url()).pathname).toBe(href);
    });
  });

  test("a finger's swipe moves the gallery to the next photo, and the full-screen view too", async ({ page }) => {
    await openAVehicle(page);
    const strip = page.getByRole("region", { name: /^Photos of the / });
    const count = await page.getByRole("list", { name: "Choose a photo" }).getByRole("link").count();
    const across = async (region: Locator) => {
      const box = (await region.boundingBox())!;
      const y = box.y + box.height / 2;
      await swipe(page, { x: box.x + box.width * 0.85, y }, { x: box.x + box.width * 0.15, y });
    };
    await across(strip);
    await expect(page.getByText(`Photo 2 of ${count}`)).toBeVisible();
    await expect.poll(() => strip.evaluate((element) => element.scrollLeft / element.clientWidth)).toBe(1);

    await page.getByRole("button", { name: "View full screen" }).click();
    const viewer = page.getByRole("dialog", { name: /full screen$/ });
    await expect(viewer.getByText(`Photo 2 of ${count}`)).toBeVisible();
    const viewerStrip = viewer.getByRole("region", { name: "Photos" });
    await across(viewerStrip);
    await expect(viewer.getByText(`Photo 3 of ${count}`)).toBeVisible();
    await expect.poll(() => viewerStrip.evaluate((element) => element.scrollLeft / element.clientWidth)).toBe(2);
  });

  test("a portrait photo is shown whole in the gallery, on the frame's neutral backdrop", async ({ page }) => {
    // Every photo of the page answered with one tall red picture, as a phone's portrait shot would be.
    const portrait = await sharp({ create: { width: 300, height: 600, channels: 3, background: "#d00000" } })
      .jpeg()
      .toBuffer();
    await page.route("**/media/photos/**", (route) => route.fulfill({ contentType: "image/jpeg", body: portrait }));
    await openAVehicle(page);
    const photo = page.locator(".gallery__strip img").first();
    // Drawn once loaded; a srcset's width descriptor scales the natural size, but not its shape.
    await expect
      .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalHeight > 1.5 * img.naturalWidth))
      .toBe(true);
    const { data, info } = await sharp(await photo.screenshot())
      .raw()
      .toBuffer({ resolveWithObject: true });
    const colourAt = (x: number, y: number) => {
      const at = (Math.round(y * (info.height - 1)) * info.width + Math.round(x * (info.width - 1))) * info.channels;
      return [data[at]!, data[at + 1]!, data[at + 2]!];
    };
    const isRed = ([red, green, blue]: number[]) => red! > 180 && green! < 60 && blue! < 60;
    expect(isRed(colourAt(0.5, 0.02)), "the photo's top, at the frame's top").toBe(true);
    expect(isRed(colourAt(0.5, 0.98)), "the photo's foot, at the frame's foot").toBe(true);
    for (const x of [0.02, 0.98]) expect(isRed(colourAt(x, 0.5)), `the backdrop beside the photo, at ${x} of the width`).toBe(false);
  });

  test("the full-screen view's step that goes nowhere stays readable: at least 4.5:1 against the black", async ({ page }) => {
    await openAVehicle(page);
    await page.getByRole("button", { name: "View full screen" }).click();
    const viewer = page.getByRole("dialog", { name: /full screen$/ });
    const previous = viewer.getByRole("button", { name: "Previous photo" });
    await expect(previous).toHaveAttribute("aria-disabled", "true");
    expect(await contrastOf(previous)).toBeGreaterThanOrEqual(4.5);
    await viewer.getByRole("button", { name: "Next photo" }).click();
    await expect(previous).toHaveAttribute("aria-disabled", "false");
  });

  test("dots show there are more photos, follow a swipe, and buttons step through them", async ({ page }) => {
    await openAVehicle(page);
    const dots = page.getByRole("list", { name: "Choose a photo" }).getByRole("link");
    const count = await dots.count();
    expect(count).toBeGreaterThanOrEqual(2);
    await expect(dots.first()).toBeVisible();
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    // Each dot is a touch target of at least 24 by 24 pixels (WCAG 2.5.8).
    const box = (await dots.first().boundingBox())!;
    expect(Math.min(box.width, box.height)).toBeGreaterThanOrEqual(24);

    await page.getByRole("button", { name: "Next photo" }).click();
    await expect(dots.nth(1)).toHaveAttribute("aria-current", "true");
    await expect(page.getByText(`Photo 2 of ${count}`)).toBeVisible();
    await page.getByRole("button", { name: "Previous photo" }).click();
    await expect(dots.first()).toHaveAttribute("aria-current", "true");
    await expect(page.getByRole("button", { name: "Previous photo" })).toBeDisabled();

    // A swipe scrolls the strip; the dots follow.
    await page.getByRole("region", { name: /^Photos of the / }).evaluate((strip) => strip.scrollTo({ left: strip.clientWidth * 2 }));
    await expect(dots.nth(2)).toHaveAttribute("aria-current", "true");
  });
});

test("the header's messaging link shows a chat bubble, not an envelope", async ({ page }) => {
  await page.goto("/");
  const link = page.getByRole("link", { name: "Message us" });
  await expect(link.locator("svg")).toHaveCount(1);
  await expect(link).not.toContainText("✉");
});

/** Who receives the applicant's details, the credit search, and the privacy policy (UK GDPR Art. 13). */
async function expectPrivacyNotice(scope: Locator, saying: string) {
  const notice = scope.locator(".privacy-notice").filter({ hasText: saying });
  await expect(notice).toBeVisible();
  await expect(notice).toContainText("search your credit file");
  await expect(notice.getByRole("link", { name: "Our privacy policy (opens in a new tab)" })).toHaveAttribute("href", "/privacy");
}

test("a visitor completes the seven-step application", async ({ page }) => {
  await openAVehicle(page);
  await page.getByRole("button", { name: "Apply for finance" }).click();
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Step 1 of 7")).toBeVisible();
  await expect(dialog.getByRole("button", { name: "Back" })).toHaveCount(0);
  await expectPrivacyNotice(dialog, "pass your application to the lenders we introduce you to");
  await completeTheApplication(page);
  await dialog.getByLabel("Married").check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Homeowner").check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Address line 1").fill("1 Test Street");
  await dialog.getByLabel("Town or city").fill("Liverpool");
  await dialog.getByLabel("Postcode").fill("l1 8jq");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Full-Time Employment").check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Step 7 of 7")).toBeVisible();
  await expect(dialog.getByText("We never contact your employer")).toBeVisible();
  await dialog.getByLabel("Employer").fill("Mersey Ferries");
  await dialog.getByLabel("Job title").fill("Engineer");
  await dialog.getByLabel("Years in this job").fill("4");
  await dialog.getByLabel("Monthly income after tax (£)").fill("2450");
  await expectPrivacyNotice(dialog, "When you submit, we send your application to the lenders we introduce you to");

  const alert = acceptNextAlert(page);
  await dialog.getByRole("button", { name: "Submit" }).click();
  expect(await alert).toBe("Application submitted!");
  await expect(dialog).toBeHidden();
  const confirmation = page.getByRole("status").filter({ hasText: "Application submitted!" });
  await expect(confirmation).toContainText(/Your reference is [2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}/);
  // Seen where the buyer is looking, on a phone too, and read out: it has the focus and is wholly on screen.
  await expect(confirmation).toBeFocused();
  await expect(confirmation).toBeInViewport({ ratio: 1 });
});

test("an applicant at their address under three years is asked for the addresses before it, which staff then see", async ({
  page,
}, testInfo) => {
  await openAVehicle(page);
  await page.getByRole("button", { name: "Apply for finance" }).click();
  const dialog = page.getByRole("dialog");
  await completeTheApplication(page);
  await dialog.getByLabel("Single", { exact: true }).check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Tenant - Private").check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Address line 1", { exact: true }).fill("1 Test Street");
  await dialog.getByLabel("Town or city", { exact: true }).fill("Liverpool");
  await dialog.getByLabel("Postcode", { exact: true }).fill("L1 8JQ");
  await expect(dialog.getByRole("group", { name: /previous address/ })).toHaveCount(0);
  await dialog.getByLabel("Years at this address").fill("3");
  await expect(dialog.getByRole("group", { name: /previous address/ })).toHaveCount(0);
  await dialog.getByLabel("Years at this address").fill("1");
  const previous = dialog.getByRole("group", { name: "Your previous address (optional)" });
  await expect(previous).toBeVisible();
  await expect(previous).toHaveAccessibleDescription(/last three years/);
  await dialog.getByLabel("Previous address line 1").fill("2 Dock Road");
  await dialog.getByLabel("Previous postcode").fill("90210");
  await dialog.getByLabel("Years at the previous address").fill("1");
  await expect(dialog.getByRole("group", { name: "The address before that (optional)" })).toBeVisible();
  await dialog.getByLabel("Years at the previous address").fill("2");
  await expect(dialog.getByRole("group", { name: "The address before that (optional)" })).toHaveCount(0);
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByLabel("Previous town or city")).toHaveAccessibleDescription(/Enter the town or city of this previous address/);
  await expect(dialog.getByLabel("Previous postcode")).toHaveAttribute("aria-invalid", "true");
  await dialog.getByLabel("Previous town or city").fill("Leeds");
  await dialog.getByLabel("Previous postcode").fill("ls11 5aa");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Retired").check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Monthly income after tax (£)").fill("1800");
  const alert = acceptNextAlert(page);
  await dialog.getByRole("button", { name: "Submit" }).click();
  expect(await alert).toBe("Application submitted!");
  const confirmation = page.getByRole("status").filter({ hasText: "Application submitted!" });
  await expect(confirmation).toContainText(/We will be in touch about finance for the .+ within one business day\./);

  const reference = /Your reference is ([2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4})/.exec((await confirmation.textContent())!)![1]!;
  const [stored] = await storedFor(reference);
  expect(stored?.data).toMatchObject({
    residenceYears: 1,
    previousAddresses: [{ address1: "2 Dock Road", city: "Leeds", postcode: "LS11 5AA", residenceYears: 2 }],
  });
  const prefix = await accountsFor(testInfo, ["sales"]);
  await signIn(page, staffEmail("sales", prefix));
  await page.goto(`/staff/leads/${stored!.id}`);
  await expect(page.getByRole("main")).toContainText("Previous address");
  await expect(page.getByRole("main")).toContainText("2 Dock Road, Leeds, LS11 5AA, for 2 years");
});

test("the last step shows all its problems at once, and takes income as people write it", async ({ page }) => {
  await openAVehicle(page);
  await page.getByRole("button", { name: "Apply for finance" }).click();
  await completeTheApplication(page);
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Single", { exact: true }).check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Tenant - Private").check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Address line 1").fill("1 Test Street");
  await dialog.getByLabel("Town or city").fill("Liverpool");
  await dialog.getByLabel("Postcode").fill("L1 8JQ");
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("Part-Time Employment").check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await expect(dialog.getByText("Step 7 of 7")).toBeVisible();

  await dialog.getByRole("button", { name: "Submit" }).click();
  for (const [label, problem] of [
    ["Employer", "Enter your employer (we never contact them)"],
    ["Job title", "Enter your job title"],
    ["Years in this job", "Enter how many years you have worked there"],
    ["Monthly income after tax (£)", "Enter your monthly income after tax in whole pounds, like 2,000"],
  ] as const) {
    await expect(dialog.getByLabel(label)).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.getByLabel(label)).toHaveAccessibleDescription(new RegExp(problem.replace(/[()£]/g, "\\$&")));
  }
  await expect(dialog.getByLabel("Employer")).toBeFocused();

  await dialog.getByLabel("Employer").fill("Mersey Ferries");
  await dialog.getByLabel("Job title").fill("Deckhand");
  await dialog.getByLabel("Years in this job").fill("2");
  await dialog.getByLabel("Monthly income after tax (£)").fill("£2,000");
  const alert = acceptNextAlert(page);
  await dialog.getByRole("button", { name: "Submit" }).click();
  expect(await alert).toBe("Application submitted!");
});

test("an invalid email is explained beside the field, and nothing typed is lost", async ({ page }) => {
  await openAVehicle(page);
  await page.getByRole("button", { name: "Apply for finance" }).click();
  await completeTheApplication(page, "not-an-email");
  const dialog = page.getByRole("dialog");
  await expect(dialog.getByText("Step 2 of 7")).toBeVisible();
  const email = dialog.getByLabel("Email address");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toBeFocused();
  await expect(dialog.getByText("Enter an email address like name@example.com")).toBeVisible();
  await expect(dialog.getByLabel("First name")).toHaveValue("Jo");

  // Escape closes the dialog; opening it again finds everything as it was.
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await page.getByRole("button", { name: "Apply for finance" }).click();
  await expect(dialog.getByLabel("Surname")).toHaveValue("Bloggs");
  await expect(dialog.getByLabel("Email address")).toHaveValue("not-an-email");
});

test.describe("without JavaScript", () => {
  // A form sent back with problems answers 400, which the browser notes in its console.
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: /status of 400/ });

  test("the application is one page that keeps what was typed and lists what to fix", async ({ page }) => {
    const id = await openAVehicle(page, { withJavaScript: false });
    await page.getByRole("button", { name: "Apply for finance" }).click();
    await expect(page).toHaveURL(new RegExp(`/vehicles/${id}/finance$`));
    await expectPrivacyNotice(page.locator("main"), "Dockside Motor Company Ltd is a credit broker");
    await expectPrivacyNotice(page.locator("form.finance-page__form"), "When you submit");
    await page.getByLabel("First name").fill("Jo");
    await page.getByLabel("Email address").fill("nope");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("alert")).toContainText("Enter an email address like name@example.com");
    await expect(page.getByLabel("First name")).toHaveValue("Jo");
    await expect(page.getByLabel("Email address")).toHaveValue("nope");

    await page.getByLabel("Full UK").check();
    await page.getByLabel("Surname").fill("Bloggs");
    await page.getByLabel("Phone number").fill("0151 496 0123");
    await page.getByLabel("Email address").fill("jo@example.com");
    await page.getByLabel("Date of birth").fill("1988-05-17");
    await page.getByLabel("Single", { exact: true }).check();
    await page.getByLabel("Tenant - Private").check();
    await page.getByLabel("Address line 1", { exact: true }).fill("1 Test Street");
    await page.getByLabel("Town or city", { exact: true }).fill("Liverpool");
    await page.getByLabel("Postcode", { exact: true }).fill("L1 8JQ");
    await page.getByLabel("Years at this address").fill("1");
    await page.getByLabel("Previous address line 1").fill("2 Dock Road");
    await page.getByLabel("Previous town or city").fill("Leeds");
    await page.getByLabel("Previous postcode").fill("ls11 5aa");
    await page.getByLabel("Retired").check();
    await page.getByLabel("Monthly income after tax (£)").fill("1800");
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Application submitted!");
    await expect(page.locator("main")).toContainText(/We will be in touch about finance for the .+ within one business day\./);
    const reference = (await page.locator("main strong").first().textContent())!;
    const [stored] = await storedFor(reference);
    expect(stored?.data).toMatchObject({ previousAddresses: [{ address1: "2 Dock Road", city: "Leeds", postcode: "LS11 5AA" }] });
  });
});
