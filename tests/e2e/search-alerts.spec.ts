import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import type { Page } from "@playwright/test";
import { spawnBuiltSite, stopSite, type SiteProcess } from "../support/built-site";
import { freePort } from "../support/free-port";
import { startSmtpSink, type SmtpSink } from "../support/smtp-sink";
import { expect, test } from "./console-guard";
import { hydrated } from "./hydration";
import { expectAccessible } from "./staff-support";

/**
 * A buyer on a phone saves a search, confirms it from the e-mail and manages it, with
 * JavaScript and without, on a site of its own that sends mail to a real SMTP server on
 * 127.0.0.1 (the shared browser-test site sends none).
 */

test.describe.configure({ timeout: 120_000 });

let dataDir: string;
let site: SiteProcess;
let sink: SmtpSink;

test.beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), "dealer-site-alerts-"));
  sink = await startSmtpSink();
  site = await spawnBuiltSite({
    dataDir,
    port: await freePort(),
    timeoutMs: 30_000,
    env: { DEMO_STOCK_SIZE: "120", SMTP_URL: sink.url, SMTP_TLS: "none", POST_RATE_LIMIT: "100000" },
  });
});

test.afterAll(async () => {
  if (site) await stopSite(site);
  await sink?.stop();
  await rm(dataDir, { recursive: true, force: true });
});

/** The confirmation link e-mailed to an address, as a path on the site. */
async function confirmationLink(email: string): Promise<string> {
  const mail = await sink.waitFor((received) => received.to.includes(email) && received.subject.startsWith("Confirm"));
  const link = new URL(/http:\/\/\S+\/alerts\/confirm\?t=[A-Za-z0-9._-]+/.exec(mail.text)![0]);
  return `${link.pathname}${link.search}`;
}

async function confirmAndManage(page: Page, email: string): Promise<void> {
  await page.goto(`${site.url}${await confirmationLink(email)}`);
  await expect(page.getByRole("heading", { level: 1, name: "Confirm your alert" })).toBeVisible();
  await page.getByRole("button", { name: "Yes, send me these alerts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your alert is on" })).toBeVisible();
  await page.getByRole("link", { name: "Pause, change or delete your alerts" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Your alerts" })).toBeVisible();
}

test.describe("with JavaScript", () => {
  test("saves a search in place, confirms it from the e-mail, then pauses, changes and deletes it", async ({ page }) => {
    await page.goto(`${site.url}/van-search?price=-30000`);
    await hydrated(page);
    await page.getByRole("button", { name: "Save this search" }).click();
    await expect(page.getByText("Vans · up to £30,000")).toBeVisible();
    await expect(page.getByLabel("Email address")).toBeFocused();
    await page.getByLabel("Email address").fill("phone-js@example.com");
    await page.getByRole("radio", { name: "Once a day" }).check();
    await page.getByRole("button", { name: "Save this search" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check your e-mail" })).toBeVisible();
    await expect(page).toHaveURL(/\/van-search\?price=-30000$/);

    await confirmAndManage(page, "phone-js@example.com");
    await hydrated(page);
    const alert = page.getByRole("listitem").filter({ hasText: "Vans · up to £30,000" });
    await expect(alert).toContainText("Once a day.");
    await expectAccessible(page, "the buyer's alerts");
    await alert.getByRole("button", { name: /^Pause/ }).click();
    await expect(page.getByRole("status")).toHaveText("Paused: nothing is sent for it until you resume it.");
    await expect(alert).toContainText("Paused.");
    await alert.getByLabel("How often").selectOption("immediate");
    await alert.getByRole("button", { name: /^Change/ }).click();
    await expect(alert).toContainText("As soon as one arrives.");
    await alert.getByRole("button", { name: /^Delete/ }).click();
    await expect(page.getByText("You have no alerts.")).toBeVisible();
  });

  test("asks for an address before saving, and says what is wrong beside it", async ({ page }) => {
    await page.goto(`${site.url}/van-search`);
    await hydrated(page);
    await page.getByRole("button", { name: "Save this search" }).click();
    await page.getByLabel("Email address").fill("not an address");
    await page.getByRole("button", { name: "Save this search" }).click();
    await expect(page.getByRole("alert")).toContainText("Enter an email address like name@example.com");
  });

  test("a vehicle page offers 'Tell me if the price drops'", async ({ page }) => {
    await page.goto(`${site.url}/vehicles`);
    await page.locator("a[href^='/vehicles/']").first().click();
    await hydrated(page);
    await page.getByRole("button", { name: "Tell me if the price drops" }).click();
    await page.getByLabel("Email address").fill("watcher@example.com");
    await page.getByRole("button", { name: "Tell me if the price drops" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Check your e-mail" })).toBeVisible();
    const mail = await sink.waitFor((received) => received.to.includes("watcher@example.com"));
    expect(mail.subject).toMatch(/^Confirm your price alert: /);
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false, expectedConsoleErrors: /status of 400 \(Bad Request\) \(http:\/\/127\.0\.0\.1:\d+\/alerts\)$/ });

  test("a search with no results offers 'Tell me when one arrives' on a page of its own; saved, confirmed and deleted by plain forms", async ({
    page,
  }) => {
    await page.goto(`${site.url}/van-search?price=-100`);
    await page.getByRole("button", { name: "Tell me when one arrives" }).click();
    await expect(page).toHaveURL(/\/alerts\?type=van&query=price%3D-100$/);
    await expect(page.getByText("Vans · up to £100")).toBeVisible();
    await page.getByLabel("Email address").fill("no-script@example.com");
    await page.getByRole("button", { name: "Save this search" }).click();
    await expect(page).toHaveURL(/\/alerts\?saved=sent$/);
    await expect(page.getByRole("heading", { level: 1, name: "Check your e-mail" })).toBeVisible();

    await confirmAndManage(page, "no-script@example.com");
    const alert = page.getByRole("listitem").filter({ hasText: "Vans · up to £100" });
    await expect(alert).toContainText("As soon as one arrives.");
    await alert.getByRole("button", { name: /^Pause/ }).click();
    await expect(page.getByRole("status")).toHaveText("Paused: nothing is sent for it until you resume it.");
    await page.getByRole("button", { name: "Delete all my alerts" }).click();
    await expect(page.getByRole("status")).toHaveText("Every alert is deleted: we'll send you nothing more.");
    await expect(page.getByText("You have no alerts.")).toBeVisible();
  });

  test("a search within 25 miles of a postcode is saved as its outward code and radius, and described so", async ({ page }) => {
    await page.goto(`${site.url}/car-search?postcode=CH2+1AA&sort=distance&withinMiles=25`);
    await page.getByRole("button", { name: /^(Save this search|Tell me when one arrives)$/ }).click();
    await expect(page).toHaveURL(/\/alerts\?type=car&query=postcode%3DCH2%26withinMiles%3D25%26sort%3Ddistance$/);
    await expect(page.getByText("Cars · within 25 miles of CH2")).toBeVisible();
    await page.getByLabel("Email address").fill("nearby@example.com");
    await page.getByRole("button", { name: "Save this search" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your e-mail" })).toBeVisible();
    const mail = await sink.waitFor((received) => received.to.includes("nearby@example.com"));
    expect(mail.subject).toMatch(/within 25 miles of CH2$/);
    expect(mail.text).not.toContain("CH2 1AA");
  });

  test("a mistyped address comes back with the problem beside it and the search kept", async ({ page }) => {
    await page.goto(`${site.url}/van-search?price=-100`);
    await page.getByRole("button", { name: "Tell me when one arrives" }).click();
    await page.getByLabel("Email address").fill("nobody-at-example.com");
    await page.getByRole("button", { name: "Save this search" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Save this search" })).toBeVisible();
    await expect(page.getByText("Enter an email address like name@example.com").first()).toBeVisible();
    await expect(page.getByLabel("Email address")).toHaveValue("nobody-at-example.com");
    await page.getByLabel("Email address").fill("fixed@example.com");
    await page.getByRole("button", { name: "Save this search" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Check your e-mail" })).toBeVisible();
  });
});
