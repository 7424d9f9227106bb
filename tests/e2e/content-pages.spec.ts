import { readFileSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { expect, test } from "./console-guard";

/** The dealer the site under test runs as: the pages must show its details, not others. */
const dealer = JSON.parse(readFileSync(new URL("../../dealer.json", import.meta.url), "utf8")) as {
  name: string;
  legalName: string;
  phone: string;
  email: string;
  messagingUrl: string;
  tradingSince: number;
  fcaFirmReference: string;
  address: { town: string; postcode: string };
  social: Record<string, string>;
  deliveryArea: string;
  vehicleChecks: string;
};

/** The only sites the content pages may send visitors to: the dealer's own and official bodies. */
const EXTERNAL_HOSTS = new Set([
  new URL(dealer.messagingUrl).host,
  ...Object.values(dealer.social).map((url) => new URL(url).host),
  "www.financial-ombudsman.org.uk",
  "ico.org.uk",
  "register.fca.org.uk",
  "www.gov.uk",
]);

const CONTENT_PAGES: { path: string; heading: string; texts: string[] }[] = [
  {
    path: "/about",
    heading: `About ${dealer.name}`,
    texts: [`trading since ${dealer.tradingSince}`, "credit broker, not a lender", dealer.fcaFirmReference],
  },
  {
    path: "/contact",
    heading: "Contact us",
    texts: [dealer.phone, dealer.email, "Monday to Friday", "9am to 5pm", "within 3 business days", dealer.address.postcode],
  },
  { path: "/cookies", heading: "Cookie policy", texts: ["sets no cookies", "no analytics, tracking or advertising"] },
  {
    path: "/complaints",
    heading: "Complaints",
    texts: ["three business days", "eight weeks", "six months", "Financial Ombudsman Service"],
  },
  {
    path: "/privacy",
    heading: "Privacy policy",
    texts: ["UK GDPR", "normally free", "Information Commissioner's Office", dealer.legalName],
  },
  {
    path: "/terms",
    heading: "Terms and conditions",
    texts: [
      "digitally altered",
      "waiting period",
      "credit broker, not a lender",
      "does not vary",
      "guarantee may be required",
      "record and monitor",
      "non-commercial",
    ],
  },
  { path: "/tcf", heading: "Treating customers fairly", texts: ["Consumer Duty", "extra support", dealer.email] },
  {
    path: "/terms-of-sale",
    heading: "Terms of sale",
    texts: ["Consumer Contracts Regulations 2013", "14 days", "Consumer Rights Act 2015", "Within 30 days", "repair or replace"],
  },
  {
    path: "/finance-info",
    heading: "How vehicle finance works",
    texts: [
      "£309.93",
      "Personal Contract Purchase (PCP)",
      "Hire Purchase (HP)",
      "Personal Contract Hire (PCH)",
      "Conditional Sale (CS)",
      "aged 18 and over",
    ],
  },
  { path: "/finance-prices", heading: "Monthly finance prices", texts: ["£309.93", "£18,605.80", "not a quotation", "subject to status"] },
  {
    path: "/articles",
    heading: "Buying guides",
    texts: ["service record", "Wheelbase", "Tachograph", "operator's licence", "Leasing or buying?"],
  },
  {
    path: "/leasing",
    heading: "Leasing explained",
    texts: ["Personal contract hire", "Business contract hire", "Mileage limits", "end of the contract"],
  },
  { path: "/reviews", heading: "Reviews", texts: ["independent review", "never pay for reviews"] },
  { path: "/chat", heading: "Chat with us", texts: [dealer.phone, dealer.email, "Monday to Friday, 9am to 5pm", "within 3 business days"] },
];

for (const { path, heading, texts } of CONTENT_PAGES) {
  test(`${path} is rendered on the server with its heading, words and working links`, async ({ page }) => {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    // The words are in the first HTML, before any script runs.
    expect(await response!.text()).toContain(`>${heading}</h1>`);

    const main = page.getByRole("main");
    await expect(main.getByRole("heading", { level: 1 })).toHaveText(heading);
    for (const text of texts) await expect(main).toContainText(text);

    await expect(page).toHaveTitle(/\S/);
    const description = await page.locator('meta[name="description"]').getAttribute("content");
    expect(description?.length).toBeGreaterThan(40);
    expect(description!.length).toBeLessThan(160);

    await expectHeadingsInOrder(page);
    await expectLinksWork(page);
  });
}

test("/finance-info has the finance options that /finance-options leads to, and the representative example first", async ({ page }) => {
  await page.goto("/finance-options");
  await expect(page).toHaveURL(/\/finance-info#options$/);
  await expect(page.locator("#options")).toBeInViewport();
  const example = page.locator(".representative-example");
  await expect(example).toContainText("Monthly payment£309.93");
  await expect(example).toContainText("20.5% APR representative (fixed)");
  // The example comes before the options it prices.
  expect(
    await example.evaluate((node) => node.compareDocumentPosition(document.getElementById("options")!) & Node.DOCUMENT_POSITION_FOLLOWING),
  ).toBeTruthy();
});

test("/finance-prices shows the representative example ahead of, and larger than, the table", async ({ page }) => {
  await page.goto("/finance-prices");
  const table = page.getByRole("table");
  await expect(table.getByRole("row")).toHaveCount(13);
  await expect(table.getByRole("row", { name: /^£12,000 / })).toHaveText(/£12,000\s*£309\.93\s*£6,605\.80\s*£18,605\.80/);
  await expect(table.getByRole("row", { name: /^£5,000 / })).toContainText("£129.14");

  const example = page.locator(".representative-example");
  expect(
    await example.evaluate((node) => node.compareDocumentPosition(document.querySelector("table")!) & Node.DOCUMENT_POSITION_FOLLOWING),
  ).toBeTruthy();
  const size = (selector: string) =>
    page
      .locator(selector)
      .first()
      .evaluate((node) => parseFloat(getComputedStyle(node).fontSize));
  expect(await size(".representative-example__apr")).toBeGreaterThan(await size("table td"));
  expect(await size(".representative-example__figures dd")).toBeGreaterThan(await size("table td"));
});

test("the guides' anchors are where the old review and leasing addresses lead", async ({ page }) => {
  for (const [from, anchor] of [
    ["/cars/reviews", "cars"],
    ["/vans/reviews", "vans"],
    ["/leasing-articles", "leasing"],
  ]) {
    await page.goto(from!);
    await expect(page).toHaveURL(new RegExp(`/articles#${anchor}$`));
    await expect(page.locator(`#${anchor} h2`)).toBeInViewport();
  }
  await expect(page.locator("section[id]")).toHaveCount(4);
});

test("the contact questions open one at a time", async ({ page }) => {
  await page.goto("/contact");
  const questions = page.locator(".faq summary");
  await questions.nth(0).click();
  await expect(page.locator(".faq details").nth(0)).toHaveAttribute("open", "");
  await questions.nth(2).click();
  await expect(page.locator(".faq details").nth(2)).toHaveAttribute("open", "");
  await expect(page.locator(".faq details[open]")).toHaveCount(1);
});

test("the site sets no cookies, as the cookie policy says", async ({ page, context }) => {
  for (const { path } of CONTENT_PAGES) await page.goto(path);
  expect(await context.cookies()).toEqual([]);
});

test("the privacy policy does not claim a fee for a copy of your data", async ({ page }) => {
  await page.goto("/privacy");
  await expect(page.getByRole("main")).not.toContainText("£10");
});

test.describe("claims only some dealers can make", () => {
  const CLAIMS = [
    { address: "/about", text: "The business is family-run." },
    { address: "/cars/used", text: `we deliver ${dealer.deliveryArea}` },
    { address: "/car-search?postcode=M1+1AE", text: `We deliver ${dealer.deliveryArea}` },
    { address: "/cars", text: `Every car is ${dealer.vehicleChecks} before it is listed.` },
    { address: "/trucks", text: `Every truck is ${dealer.vehicleChecks} before it is listed.` },
  ];

  test("come from the dealer file", async ({ page }) => {
    for (const { address, text } of CLAIMS) {
      await page.goto(address);
      await expect(page.getByRole("main"), address).toContainText(text);
    }
    await page.goto("/car-search?postcode=M1+1AE");
    await expect(page.locator(".notice")).toContainText(`a delivery price to M1 1AE`);
  });

  test.describe("a dealer file without them", () => {
    let site: BuiltSite;
    let folder: string;

    test.beforeAll(async () => {
      folder = await mkdtemp(path.join(tmpdir(), "dealer-claims-"));
      const withoutClaims = Object.fromEntries(
        Object.entries(dealer).filter(([field]) => !["familyRun", "deliveryArea", "vehicleChecks"].includes(field)),
      );
      await writeFile(path.join(folder, "dealer.json"), JSON.stringify(withoutClaims));
      site = await startBuiltSite({ DEALER_CONFIG: path.join(folder, "dealer.json") });
    });

    test.afterAll(async () => {
      await site.stop();
      await rm(folder, { recursive: true, force: true });
    });

    // The first HTML, without the markers React puts between pieces of text.
    const htmlOf = async (address: string) => {
      const { status, body } = await site.get(address);
      expect(status, address).toBe(200);
      return body.replaceAll("<!-- -->", "");
    };

    test("leaves each claim out, keeping the rest of the page", async () => {
      for (const { address, text } of CLAIMS) {
        const html = await htmlOf(address);
        expect(html, address).not.toContain(text);
        expect(html, address).not.toMatch(/family-run|we deliver|before it is listed/i);
      }
      expect(await htmlOf("/about")).toContain(`We are a dealership in ${dealer.address.town}, trading since ${dealer.tradingSince}`);
      expect(await htmlOf("/car-search?postcode=M1+1AE")).toContain(`showroom (${dealer.address.postcode}).`);
    });
  });
});

/** h1 once, then no level skipped on the way down. */
async function expectHeadingsInOrder(page: Page) {
  const levels = await page
    .getByRole("main")
    .locator("h1, h2, h3, h4, h5, h6")
    .evaluateAll((headings) => headings.map((heading) => Number(heading.tagName[1])));
  expect(levels[0]).toBe(1);
  expect(levels.filter((level) => level === 1)).toHaveLength(1);
  levels.forEach((level, index) => {
    if (index > 0) expect(level, `heading ${index + 1} of ${levels.join(",")}`).toBeLessThanOrEqual(levels[index - 1]! + 1);
  });
}

/**
 * Every link in the page's content leads somewhere that answers: internal addresses 2xx
 * (after any redirect), with the #anchor they name; tel: and mailto: the dealer's own;
 * other sites only those allowed (they aren't fetched: the tests run offline).
 */
async function expectLinksWork(page: Page) {
  const hrefs = await page
    .getByRole("main")
    .locator("a[href]")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  expect(hrefs.length).toBeGreaterThan(0);
  const origin = new URL(page.url()).origin;
  for (const href of new Set(hrefs)) {
    if (href.startsWith("tel:")) {
      expect(href).toBe(`tel:${dealer.phone.replace(/\s+/g, "")}`);
      continue;
    }
    if (href.startsWith("mailto:")) {
      expect(href).toBe(`mailto:${dealer.email}`);
      continue;
    }
    const url = new URL(href, page.url());
    if (url.origin !== origin) {
      expect(url.protocol, href).toBe("https:");
      expect(EXTERNAL_HOSTS.has(url.host), `${href} is an allowed site`).toBe(true);
      continue;
    }
    const response = await page.request.get(url.href);
    expect(response.status(), href).toBeGreaterThanOrEqual(200);
    expect(response.status(), href).toBeLessThan(300);
    if (url.hash) expect(await response.text(), `${href} has its anchor`).toContain(`id="${url.hash.slice(1)}"`);
  }
}
