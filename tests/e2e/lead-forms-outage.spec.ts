import { startBuiltSite, type BuiltSite } from "../support/built-site";
import type { ChildServer } from "../support/servers/child-server";
import { directUrl, startFerretDb } from "../support/servers/mongodb-server";
import { expect, test } from "./console-guard";
import { acceptNextAlert, completeTheApplication } from "./finance-wizard";

/**
 * With JavaScript, a buyer sends the enquiry dialog and the finance wizard while the store is
 * frozen (SIGSTOP) after the vehicle page loaded: each says that sending failed, keeps every
 * answer, and sends once the store answers again. It needs a MongoDB-protocol server this
 * run starts itself, so that it can be frozen: FerretDB, from FERRETDB_BINARY.
 */
const ferretdb = process.env.FERRETDB_BINARY;
const WHY_NOT = "FERRETDB_BINARY is not set, and only a server this run starts can be frozen";
if (!ferretdb) process.stderr.write(`Skipped lead forms while the store is frozen, with JavaScript: ${WHY_NOT}.\n`);
else
  process.stderr.write(
    `Ran lead forms while the store is frozen, with JavaScript, against FerretDB, started from FERRETDB_BINARY (${ferretdb}).\n`,
  );

test.describe.configure({ mode: "serial" });
test.use({ expectedConsoleErrors: /status of 503/ });

let server: ChildServer;
let site: BuiltSite;
let vehicleId: string;

test.beforeAll(async () => {
  if (!ferretdb) return;
  server = await startFerretDb(ferretdb);
  site = await startBuiltSite({ MONGODB_URL: directUrl(server.port) });
  vehicleId = (JSON.parse((await site.get("/api/search/car?pageSize=1")).body) as { vehicles: { _id: string }[] }).vehicles[0]!._id;
});

test.afterAll(async () => {
  server?.signal("SIGCONT");
  await site?.stop();
  await server?.stop();
});

test.afterEach(() => {
  server?.signal("SIGCONT");
});

test("the enquiry dialog keeps every answer when the store cannot take it, and sends it once it can", async ({ page }) => {
  test.skip(!ferretdb, WHY_NOT);
  await page.goto(`http://127.0.0.1:${site.port}/vehicles/${vehicleId}`, { waitUntil: "networkidle" });
  server.signal("SIGSTOP");
  await page.getByRole("button", { name: "Enquire about this vehicle" }).click();
  const dialog = page.getByRole("dialog", { name: "Enquire about this vehicle" });
  await dialog.getByLabel("Full name").fill("Jo Bloggs");
  await dialog.getByLabel(/^Phone number/).fill("07700 900123");
  await dialog.getByLabel("Phone", { exact: true }).check();
  await dialog.getByLabel("Your message").fill("Is the cambelt done?");
  await dialog.getByRole("button", { name: "Send enquiry" }).click();

  await expect(dialog.getByRole("alert")).toContainText("couldn't be sent just now", { timeout: 15_000 });
  await expect(dialog.getByLabel("Full name")).toHaveValue("Jo Bloggs");
  await expect(dialog.getByLabel(/^Phone number/)).toHaveValue("07700 900123");
  await expect(dialog.getByLabel("Phone", { exact: true })).toBeChecked();
  await expect(dialog.getByLabel("Your message")).toHaveValue("Is the cambelt done?");

  server.signal("SIGCONT");
  await expect(async () => {
    await dialog.getByRole("button", { name: "Send enquiry" }).click();
    await expect(dialog.getByRole("status")).toContainText(/Your reference is/, { timeout: 8000 });
  }).toPass({ timeout: 30_000 });
});

test("the finance wizard keeps every answer when the store cannot take the application", async ({ page }) => {
  test.skip(!ferretdb, WHY_NOT);
  await page.goto(`http://127.0.0.1:${site.port}/vehicles/${vehicleId}`, { waitUntil: "networkidle" });
  await page.getByRole("button", { name: "Apply for finance" }).click();
  const dialog = page.getByRole("dialog");
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
  await dialog.getByLabel("Employer").fill("Mersey Ferries");
  await dialog.getByLabel("Job title").fill("Engineer");
  await dialog.getByLabel("Years in this job").fill("4");
  await dialog.getByLabel("Monthly income after tax (£)").fill("2450");

  server.signal("SIGSTOP");
  const alert = acceptNextAlert(page);
  await dialog.getByRole("button", { name: "Submit" }).click();
  expect(await alert).toBe("Submission failed—please try again.");
  await expect(dialog.getByLabel("Employer")).toHaveValue("Mersey Ferries");
  await expect(dialog.getByLabel("Job title")).toHaveValue("Engineer");
  await expect(dialog.getByLabel("Years in this job")).toHaveValue("4");
  await expect(dialog.getByLabel("Monthly income after tax (£)")).toHaveValue("2450");

  // The wizard has no Back: the earlier answers are still held, so sending again succeeds.
  server.signal("SIGCONT");
  await expect(async () => {
    const sent = acceptNextAlert(page);
    await dialog.getByRole("button", { name: "Submit" }).click();
    expect(await sent).toBe("Application submitted!");
  }).toPass({ timeout: 30_000 });
});
