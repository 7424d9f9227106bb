import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { Secret, TOTP } from "otpauth";
import sharp from "sharp";
import { generateDemoStock } from "../../backend/demo-stock/generate-demo-stock";
import { formatPounds } from "../../domain/format";
import { priceOf } from "../../domain/vehicle-price";
import { spawnBuiltSite } from "../support/built-site";
import { freePort } from "../support/free-port";
import { addStaffAccounts, STAFF_PASSWORD, staffEmail } from "../support/staff-accounts";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";
import { shownStatus } from "./shown-status";
import { accountsFor, expectAccessible, signIn } from "./staff-support";

/**
 * The staff area as its people use it, on a phone and at a desk: signing in, working a lead
 * from the inbox, exporting, erasing someone's details, and an admin adding a colleague;
 * with an accessibility scan (WCAG 2.2 AA) of every staff page on the way.
 */

// A scan takes several seconds on a busy machine, and these walks make several.
test.describe.configure({ timeout: 120_000 });
// A wrong code answers 400 and a page a role cannot open 403, which the browser notes in its console.
test.use({ expectedConsoleErrors: /status of 40[03]/ });

/** A lead of the site's own making: a part-exchange request, as a visitor sends one. */
async function sendLead(page: Page, name: string, email: string) {
  const response = await page.request.post("/api/part-exchange", {
    data: { registration: "MA19ABC", mileage: 42000, name, email, phone: "0151 496 0123", postcode: "L3 4BP", condition: "Tidy" },
  });
  expect(response.status()).toBe(201);
  return ((await response.json()) as { reference: string }).reference;
}

test("a salesperson signs in, finds a new lead, works it, exports and erases it", async ({ page }, testInfo) => {
  const prefix = await accountsFor(testInfo);
  const customer = { name: `Morgan ${prefix.replace(/[^a-z]/g, "")}`, email: `${prefix}@customer.example` };
  const reference = await sendLead(page, customer.name, customer.email);

  await page.goto("/staff/sign-in");
  await expectAccessible(page, "the sign-in page");
  await signIn(page, staffEmail("sales", prefix));
  await expect(page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: /^Leads \d+ unread$/ })).toBeVisible();
  await expectAccessible(page, "the inbox");

  await page.getByLabel("Name, e-mail, phone or registration").fill(customer.email);
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("status").first()).toHaveText("1 lead");
  await page.getByRole("link", { name: new RegExp(reference) }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Part-exchange request from ${customer.name}`);
  await expect(page.getByText(customer.email)).toBeVisible();
  await expectAccessible(page, "a lead");

  await page.getByLabel("Status").selectOption("contacted");
  await page.getByRole("button", { name: "Save status" }).click();
  await expect(page.getByText("Status set to contacted.")).toBeVisible();
  await page.getByLabel("Add a note").fill("Valued at £6,000; calling back on Friday");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.getByText("Valued at £6,000; calling back on Friday")).toBeVisible();
  await expect(page.getByRole("list").filter({ hasText: "changed the status from new to contacted" })).toBeVisible();

  await page.getByRole("link", { name: "← All leads" }).click();
  await page.getByLabel("Name, e-mail, phone or registration").fill(customer.email);
  await page.getByRole("button", { name: "Show" }).click();
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export these as CSV" }).click();
  const csv = await readFile((await (await download).path())!, "utf8");
  expect(csv.split("\r\n")[1]).toContain(`${reference},Part-exchange request,`);
  expect(csv).toContain(",contacted,");

  await page.getByRole("link", { name: "Erasure" }).click();
  await expectAccessible(page, "the erasure page");
  await page.getByLabel("E-mail address or phone number").fill(customer.email);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("alert")).toContainText("cannot be undone");
  await expectAccessible(page, "the erasure confirmation");
  await page.getByLabel(/I have checked this is the person who asked/).check();
  await page.getByRole("button", { name: "Erase for good" }).click();
  await expect(page.getByRole("status")).toContainText("Erased 1 lead.");

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByText("You are signed out.")).toBeVisible();
  await page.goto("/staff");
  await expect(page).toHaveURL(/\/staff\/sign-in/);
});

test("an admin adds a colleague, who sets a password; the admin sets up a second factor and signs in with it", async ({
  page,
}, testInfo) => {
  const prefix = await accountsFor(testInfo);
  await signIn(page, staffEmail("admin", prefix));

  await page.getByRole("link", { name: "Accounts" }).click();
  await expectAccessible(page, "the accounts page");
  await page.getByLabel("E-mail address").fill(`${prefix}-new@dealer.example`);
  await page.getByLabel("Name", { exact: true }).fill("Robin New");
  await page.getByLabel("Role").last().selectOption("stock");
  await page.getByRole("button", { name: "Add account" }).click();
  await expect(page.getByRole("status").first()).toContainText(`Added ${prefix}-new@dealer.example`);
  const link = (await page.locator(".staff-link").textContent())!;
  expect(link).toMatch(/\/staff\/set-password\?token=[\w-]{43}$/);

  await page.getByRole("link", { name: "Audit log" }).click();
  await expect(page.getByRole("cell", { name: "account-created" }).first()).toBeVisible();
  await expectAccessible(page, "the audit log");

  await page.getByRole("link", { name: "Your account" }).click();
  await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
  await expectAccessible(page, "the account page");
  const secret = (await page.locator(".staff-hint code").textContent())!;
  const codeNow = () => new TOTP({ secret: Secret.fromBase32(secret) }).generate();
  await page.getByLabel("Six-digit code").fill("000000");
  await page.getByRole("button", { name: "Turn it on" }).click();
  await expect(page.getByText("That code did not match")).toBeVisible();
  // The same secret again after a wrong code: the app has already scanned it.
  await expect(page.locator(".staff-hint code")).toHaveText(secret);
  const setUpWith = codeNow();
  await page.getByLabel("Six-digit code").fill(setUpWith);
  await page.getByRole("button", { name: "Turn it on" }).click();
  await expect(page.getByText("Your second factor is on")).toBeVisible();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByText("You are signed out.")).toBeVisible();

  await page.goto("/staff");
  await hydrated(page, "form button");
  await page.getByLabel("E-mail address").fill(staffEmail("admin", prefix));
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { name: "Enter the code from your authenticator app" })).toBeVisible();
  await expectAccessible(page, "the code page");
  // Each code is taken once: the one that turned the second factor on is refused, and the app's next one signs in.
  await page.getByLabel("Six-digit code").fill(setUpWith);
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByText("That code did not work, or it was used already")).toBeVisible();
  await page
    .getByLabel("Six-digit code")
    .fill(new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + 30_000 }));
  await page.getByRole("button", { name: "Continue" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Leads" })).toBeVisible();
  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page.getByText("You are signed out.")).toBeVisible();

  // The colleague, from the link they were sent.
  await page.goto(link);
  await expect(page.getByRole("heading", { name: "Set your password" })).toBeVisible();
  await expectAccessible(page, "the set-password page");
  await page.getByLabel("New password").fill("quay side lantern glow");
  await page.getByLabel("The same password again").fill("quay side lantern glow");
  await page.getByRole("button", { name: "Set password" }).click();
  await expect(page.getByRole("heading", { name: "Your password is set" })).toBeVisible();
  await page.getByRole("link", { name: "Sign in" }).click();
  await hydrated(page, "form button");
  await page.getByLabel("E-mail address").fill(`${prefix}-new@dealer.example`);
  await page.getByLabel("Password").fill("quay side lantern glow");
  await page.getByRole("button", { name: "Sign in" }).click();
  // A stock manager's account opens no leads: it starts at the stock console.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Import stock");
  await expect(page.getByRole("navigation", { name: "Staff" }).getByRole("link")).toHaveText([
    "Dashboard",
    "Stock",
    "Stock import",
    "Search index",
    "Buyer demand",
    "Feeds",
    "Your account",
  ]);
  await page.goto("/staff/erasure");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("That can't be done");
  await expect(page.getByText("needs the sales role")).toBeVisible();
});

/** The stock on the site (the first hundred vehicles, as the API gives them) with one bad row: importing it changes nothing other walks rely on. */
async function unchangedFeedWithABadRow(page: Page): Promise<Buffer> {
  const records = (await (await page.request.get("/api/vehicles?pageSize=100")).json()) as { _id: string }[];
  const bad = { ...records[0], _id: "no-price", adverts: { retailAdverts: { totalPrice: { amountGBP: "free" } } } };
  return Buffer.from([...records, bad].map((record) => JSON.stringify(record)).join("\n"));
}

test("a stock manager uploads a feed, reads the preview, confirms, and sees the summary and the history", async ({ page }, testInfo) => {
  const prefix = await accountsFor(testInfo, ["stock"]);
  await signIn(page, staffEmail("stock", prefix), "Import stock");
  await expectAccessible(page, "the import page");
  const fileName = `${prefix}.ndjson`;
  const feed = await unchangedFeedWithABadRow(page);

  // The site imports one feed at a time: a walk on another screen size may be importing.
  await expect(async () => {
    await page.goto("/staff/stock/import");
    await hydrated(page, "form button");
    await page.getByLabel(/^Feed file/).setInputFiles({ name: fileName, mimeType: "application/x-ndjson", buffer: feed });
    await page.getByLabel(/^An update/).check();
    await page.getByRole("button", { name: "Upload and preview" }).click();
    await expect(page.getByRole("heading", { level: 2, name: /^Preview/ })).toBeVisible({ timeout: 5000 });
  }).toPass({ timeout: 60_000 });
  await expect(page.getByText(new RegExp(`^${fileName.replaceAll(".", "\\.")}`))).toBeVisible();
  await expect(page.getByRole("row", { name: "Unchanged 100", exact: true })).toBeVisible();
  await expect(page.getByRole("row", { name: "Rejected 1", exact: true })).toBeVisible();
  await expect(
    page.getByText(
      'Price must be an amount in pounds, like 12995 or £12,995.50, not "free" (field adverts.retailAdverts.totalPrice.amountGBP, line 101)',
    ),
  ).toBeVisible();
  await expectAccessible(page, "an import's preview");

  await page.getByRole("button", { name: "Import now" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Import finished" })).toBeVisible();
  await expect(page.getByRole("row", { name: "Unchanged 100", exact: true })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("The stock is imported");
  await expectAccessible(page, "an import's summary");

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: /Download all 1 rejected rows as CSV/ }).click();
  const csv = await readFile((await (await download).path())!, "utf8");
  expect(csv.split("\r\n")[1]).toMatch(/^101,/);
  await expect(page.getByRole("region", { name: "Recent imports" }).getByRole("row").filter({ hasText: fileName })).toContainText(
    "imported",
  );

  await page.getByRole("link", { name: "Search index" }).click();
  await expect(page.getByRole("row", { name: /^Engine/ })).toContainText("embedded");
  await expectAccessible(page, "the search index page");
  await page.getByRole("button", { name: "Rebuild index" }).click();
  await expect(page.getByRole("status")).toContainText(/Rebuilt by Stock Person .*: \d+ vehicles in \d+ s\./);
  await expectAccessible(page, "the search index after a rebuild");
});

test("a site with a scheduled feed imports it from the dealer's stock system, the console shows how it went, and a stock manager reduces its price (buyers see the badge and the filter), hides and shows it, and sells it", async ({
  page,
}) => {
  const added = Array.from(generateDemoStock({ count: 3, seed: 5150 }));
  const feedServer = createServer((_req, res) => res.writeHead(200).end(added.map((record) => JSON.stringify(record)).join("\n")));
  feedServer.listen(0, "127.0.0.1");
  await once(feedServer, "listening");
  const feedUrl = `http://127.0.0.1:${(feedServer.address() as AddressInfo).port}/dms/stock.ndjson`;
  const dataDir = await mkdtemp(path.join(tmpdir(), "dealer-site-feed-"));
  await addStaffAccounts(dataDir, ["stock"]);
  const site = await spawnBuiltSite({
    dataDir,
    port: await freePort(),
    env: { DEMO_STOCK_SIZE: "20", STOCK_FEED_URL: feedUrl, STOCK_FEED_SCHEDULE: "30" },
    timeoutMs: 30_000,
  });
  try {
    await page.goto(`${site.url}/staff/sign-in`);
    await hydrated(page, "form button");
    await page.getByLabel("E-mail address").fill(staffEmail("stock"));
    await page.getByLabel("Password").fill(STAFF_PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Import stock" })).toBeVisible();
    const feed = page.getByRole("region", { name: "Scheduled feed" });
    await expect(async () => {
      await page.reload();
      await expect(feed.getByRole("status")).toContainText("Imported: 3 added, 0 updated, 0 unchanged, 0 removed, 0 rejected.", {
        timeout: 1000,
      });
    }).toPass({ timeout: 20_000 });
    await expect(feed).toContainText(`${feedUrl}, every 30 minutes, as an update. Next fetch at`);
    await expect(page.getByRole("region", { name: "Recent imports" }).getByRole("row").filter({ hasText: "stock.ndjson" })).toContainText(
      "the scheduled feed",
    );
    await expectAccessible(page, "the import page with a scheduled feed");
    await page.goto(`${site.url}/vehicles/${added[0]!._id}`);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(added[0]!.vehicle.make);

    // The stock manager finds that vehicle by its registration, reprices it, then sells it.
    await page.goto(`${site.url}/staff/stock/vehicles`);
    await hydrated(page, "form button");
    await page.getByLabel("Registration or id").fill(added[0]!.vehicle.registration!.replaceAll(" ", "").toLowerCase());
    await page.getByRole("button", { name: "Find" }).click();
    await expectAccessible(page, "the vehicles page");
    await page.getByRole("link", { name: new RegExp(added[0]!.vehicle.make) }).click();
    const reducedTo = formatPounds(priceOf(added[0]!) - 500);
    await page.getByLabel("New price, in pounds").fill(reducedTo);
    await page.getByRole("button", { name: "Change price" }).click();
    await expect(shownStatus(page)).toHaveText(`The price is now ${reducedTo}.`);
    await expect(page.getByRole("region", { name: "Price changes" }).getByRole("row").nth(1)).toContainText(reducedTo);
    await expectAccessible(page, "a vehicle in the console");

    // Buyers see the reduction on the vehicle's page and on its card, found with "Recently reduced".
    const { _id: id, vehicle } = added[0]!;
    const vehiclePage = page.url();
    await page.goto(`${site.url}/vehicles/${id}`);
    await expect(page.getByText("Price reduced by £500")).toBeVisible();
    await page.goto(`${site.url}/${vehicle.vehicleType}-search`);
    await hydrated(page, "form button");
    // A wide screen has the filters in a sidebar, applied as they change; a phone in a dialog.
    if (page.viewportSize()!.width >= 1024) {
      await page
        .getByRole("region", { name: `Filter ${vehicle.vehicleType}s` })
        .getByLabel(/^Recently reduced \(1\)$/)
        .check();
      await expect(page).toHaveURL(/[?&]reduced=1/);
    } else {
      await page.getByRole("button", { name: "Filter and sort" }).click();
      await page
        .getByRole("dialog", { name: "Filter and sort" })
        .getByLabel(/^Recently reduced \(1\)$/)
        .check();
      await expect(page).toHaveURL(/[?&]reduced=1/);
      await expect(page.getByRole("dialog").getByRole("button", { name: /^Search 1 / })).toBeVisible();
      await page
        .getByRole("dialog")
        .getByRole("button", { name: /^Search 1 / })
        .click();
    }
    await expect(page.getByRole("link", { name: "Remove Recently reduced" })).toBeVisible();
    await expect(page.getByRole("article").filter({ hasText: vehicle.make })).toContainText("Price reduced by £500");
    await expectAccessible(page, "the search with Recently reduced");

    // Hidden, the vehicle's page is gone until it is shown again.
    await page.goto(vehiclePage);
    await page.getByRole("button", { name: "Hide from buyers" }).click();
    await expect(shownStatus(page)).toContainText("Hidden: buyers no longer find it");
    await expect(page.getByText("Hidden from buyers")).toBeVisible();
    expect((await page.request.get(`${site.url}/vehicles/${id}`)).status()).toBe(404);
    await page.getByRole("button", { name: "Show to buyers" }).click();
    await expect(shownStatus(page)).toHaveText("Shown: buyers can find it again.");
    expect((await page.request.get(`${site.url}/vehicles/${id}`)).status()).toBe(200);
    await page.getByLabel(/This vehicle is sold/).check();
    await page.getByRole("button", { name: "Mark sold" }).click();
    await expect(shownStatus(page)).toContainText("is marked sold");
    expect((await page.request.get(`${site.url}/api/vehicles/${added[0]!._id}`)).status()).toBe(404);
  } finally {
    // Away from the site first: its page would go on fetching route manifests from it.
    await page.goto("about:blank");
    site.server.kill("SIGTERM");
    await once(site.server, "exit");
    feedServer.close();
    await rm(dataDir, { recursive: true, force: true });
  }
});

test("a stock manager uploads three photos, puts them in order with the keyboard, deletes one once asked, and buyers see the rest in that order as <picture> with AVIF and WebP", async ({
  page,
}, testInfo) => {
  const prefix = await accountsFor(testInfo, ["stock"]);
  // Each screen size's walk works on a vehicle of its own, away from the first hundred the feed walk re-imports.
  const records = (await (await page.request.get("/api/vehicles?pageSize=10&page=3")).json()) as { _id: string }[];
  const { _id: id } = records[testInfo.project.name === "desktop" ? 0 : 1]!;
  const photos = await Promise.all(
    ["#b3202a", "#2e6b3c", "#1f4f9e"].map(async (colour, i) => ({
      name: `photo-${i + 1}.jpg`,
      mimeType: "image/jpeg",
      buffer: await sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } })
        .jpeg()
        .toBuffer(),
    })),
  );

  await signIn(page, staffEmail("stock", prefix), "Import stock");
  await page.goto(`/staff/stock/vehicles/${id}`);
  await hydrated(page, "form button");
  await page.getByLabel(/^Add photos/).setInputFiles(photos);
  await page.getByRole("button", { name: "Upload photos" }).click();
  await expect(page.getByRole("status").filter({ hasText: "3 photos added." })).toBeAttached();
  const list = page.getByRole("list", { name: "The vehicle's photos, in order" });
  const order = () => list.locator("img").evaluateAll((images) => images.map((image) => image.getAttribute("src")!.split("/")[3]));
  const [red, green, blue] = await order();
  expect(new Set([red, green, blue]).size).toBe(3);
  await expectAccessible(page, "a vehicle's photos in the console");

  // The third photo goes to the front with two presses of Enter: focus stays on its Move up button as it climbs.
  await list.getByRole("button", { name: "Move photo 3 up" }).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Photo moved to place 2." })).toBeAttached();
  await expect(list.getByRole("button", { name: "Move photo 2 up" })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("status").filter({ hasText: "Photo moved to place 1." })).toBeAttached();
  await expect(list.getByRole("button", { name: "Move photo 1 down" })).toBeFocused();
  expect(await order()).toEqual([blue, red, green]);
  await expect(list.getByRole("listitem").first()).toContainText("(main photo)");

  // Delete asks first, and Keep it keeps the photo; only Yes deletes it.
  await list.getByRole("button", { name: "Delete photo 3" }).click();
  const asked = list.getByRole("group", { name: "Delete photo 3?" });
  await expect(asked).toContainText("it cannot be undone");
  await expect(asked.getByRole("button", { name: "Keep it" })).toBeFocused();
  await expectAccessible(page, "a vehicle's photos, asking before a deletion");
  await asked.getByRole("button", { name: "Keep it" }).click();
  expect(await order()).toEqual([blue, red, green]);
  await list.getByRole("button", { name: "Delete photo 3" }).click();
  await asked.getByRole("button", { name: "Yes, delete photo 3" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Photo deleted." })).toBeAttached();
  await expect.poll(order).toEqual([blue, red]);

  await page.goto(`/vehicles/${id}`);
  const pictures = page.locator(".gallery__strip picture");
  await expect(pictures).toHaveCount(2);
  for (const [i, photo] of [blue, red].entries()) {
    const picture = pictures.nth(i);
    await expect(picture.locator('source[type="image/avif"]')).toHaveAttribute(
      "srcset",
      new RegExp(`/media/photos/${photo}/1024\\.avif 1024w`),
    );
    await expect(picture.locator('source[type="image/webp"]')).toHaveAttribute(
      "srcset",
      new RegExp(`/media/photos/${photo}/640\\.webp 640w`),
    );
    await expect(picture.locator("img")).toHaveAttribute("src", `/media/photos/${photo}/1024.jpg`);
  }
  const avif = await page.request.get(`/media/photos/${blue}/640.avif`);
  expect(avif.headers()["content-type"]).toBe("image/avif");
  expect(avif.headers()["cache-control"]).toBe("public, max-age=31536000, immutable");
  expect((await avif.body()).subarray(4, 12).toString("latin1")).toBe("ftypavif");
  await expectAccessible(page, "the vehicle's page with its uploaded photos");
});
