import type { Page } from "@playwright/test";
import { loadDealer } from "../../backend/dealer-config";
import { addDays, dayText, scheduleOf, showroomMoment, testDriveDays } from "../../domain/opening-hours";
import { staffEmail } from "../support/staff-accounts";
import { expect, test } from "./console-guard";
import { accountsFor, expectAccessible, signIn } from "./staff-support";

/**
 * A salesperson's day in the inbox: finding a lead by the reference a buyer reads out, its
 * page in words, working it from "Mine" and "Overdue", and the test-drive diary; with an
 * accessibility scan of each page on the way.
 */

test.describe.configure({ timeout: 180_000 });

const schedule = scheduleOf(await loadDealer("dealer.json"));

/** A test drive booked through the site's own API, on the first day the showroom takes one, and a part exchange from the same person. */
async function bookTestDrive(page: Page, name: string, email: string) {
  const [vehicle] = (await (await page.request.get("/api/vehicles/search/car?pageSize=1")).json()) as { _id: string }[];
  const [slot] = testDriveDays(schedule, new Date());
  const booking = { day: slot!.date, time: slot!.times[0]! };
  const drive = await page.request.post("/api/test-drive", {
    data: { vehicleId: vehicle!._id, name, email, phone: "+44 7700 900123", ...booking, licence: true },
  });
  expect(drive.status()).toBe(201);
  const swap = await page.request.post("/api/part-exchange", {
    data: { registration: "MA19ABC", mileage: 42000, name, email, phone: "07700 900123", postcode: "L3 4BP" },
  });
  expect(swap.status()).toBe(201);
  return {
    ...booking,
    reference: ((await drive.json()) as { reference: string }).reference,
    otherReference: ((await swap.json()) as { reference: string }).reference,
  };
}

test("a salesperson finds a lead by its reference however it is typed, reads it in words, sets an overdue follow-up, sees it in Mine and Overdue, and opens the diary", async ({
  page,
}, testInfo) => {
  const prefix = await accountsFor(testInfo, ["sales"]);
  const name = `Robin ${prefix.replace(/[^a-z]/g, "")}`;
  const email = `${prefix}@customer.example`;
  const booked = await bookTestDrive(page, name, email);

  await signIn(page, staffEmail("sales", prefix));
  // As a buyer reads it down the phone: lower case, no dash.
  await page.getByLabel("Reference, name, e-mail, phone or registration").fill(booked.reference.toLowerCase().replace("-", " "));
  await page.getByRole("button", { name: "Show" }).click();
  await expect(page.getByRole("status").first()).toHaveText("1 lead");
  await page.getByRole("link", { name: new RegExp(booked.reference) }).click();

  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Test-drive booking from ${name}`);
  const fact = (label: string) =>
    page
      .locator(".staff-facts > div")
      .filter({ has: page.getByText(label, { exact: true }) })
      .locator("dd");
  await expect(fact("Day and time")).toHaveText(`${dayText(booked.day)}, ${booked.time}`);
  await expect(fact("Full UK licence")).toHaveText("yes");
  await expect(page.getByRole("link", { name: email, exact: true })).toHaveAttribute("href", `mailto:${email}`);
  // Stored as digits, shown in UK spacing.
  await expect(fact("Phone")).toHaveText("07700 900123");
  await expect(page.getByRole("link", { name: "07700 900123" })).toHaveAttribute("href", "tel:07700900123");
  await expect(page.getByText("Not forwarded: no lead address is set")).toBeVisible();
  await expect(page.getByRole("button", { name: "Retry now" })).toHaveCount(0);
  await expect(page.locator(".staff-vehicle-card")).toContainText(/Now: £[\d,]+/);
  await expect(page.getByRole("link", { name: "Test drive confirmed" })).toHaveAttribute(
    "href",
    new RegExp(`^mailto:${email.replace(/[.]/g, "\\.")}\\?subject=Your%20test%20drive%20is%20confirmed`),
  );
  await expect(page.getByRole("link", { name: `Part-exchange request ${booked.otherReference}` })).toBeVisible();
  await expectAccessible(page, "a lead's page in words");

  await page.getByRole("button", { name: "Assign to me" }).click();
  await expect(page.getByText("Assigned.")).toBeVisible();
  const yesterday = addDays(showroomMoment(new Date()).date, -1);
  await page.getByLabel("Day", { exact: true }).fill(yesterday);
  await page.getByLabel("Time", { exact: true }).fill("09:30");
  await page.getByRole("button", { name: "Set follow-up" }).click();
  // A time already gone is asked about before it is set.
  await expect(page.getByRole("status")).toHaveText(
    `${dayText(yesterday)}, 09:30 has already passed. Set the follow-up for then anyway, or choose a later time.`,
  );
  await expect(page.getByText("No follow-up set.")).toBeVisible();
  await expectAccessible(page, "a lead's page asking about a follow-up in the past");
  await page.getByRole("button", { name: "Set it for then anyway" }).click();
  await expect(page.getByRole("status")).toHaveText(`Follow-up set for ${dayText(yesterday)}, 09:30, which has already passed.`);
  await expect(page.getByText(`set a follow-up for ${dayText(yesterday)}, 09:30`)).toBeVisible();

  await page.getByRole("link", { name: "← All leads" }).click();
  const views = page.getByRole("navigation", { name: "Views" });
  await views.getByRole("link", { name: "Mine" }).click();
  await expect(page).toHaveURL(/[?&]view=mine/);
  await expect(views.getByRole("link", { name: "Mine" })).toHaveAttribute("aria-current", "page");
  await expect(page.getByRole("status").first()).toHaveText("1 lead");
  const row = page.locator(".staff-lead").filter({ hasText: booked.reference });
  await expect(row).toContainText("Sales Person");
  await expect(row).toContainText("overdue");
  await expectAccessible(page, "the inbox's Mine view");
  await views.getByRole("link", { name: "Overdue" }).click();
  await expect(page).toHaveURL(/[?&]view=overdue/);
  await expect(page.locator(".staff-lead").filter({ hasText: booked.reference })).toBeVisible();
  await expect(page.locator(".staff-lead").filter({ hasText: booked.otherReference })).toHaveCount(0);

  await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Test-drive diary" }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Test-drive diary");
  await expectAccessible(page, "the test-drive diary");
  const diary = page.getByRole("navigation", { name: "Diary" });
  // It opens on the week of the next drives booked: this one is on the first day a drive can be,
  // so none is sooner (on a Sunday, that is the week ahead, not the one ending).
  const mondayOf = (date: string) => addDays(date, -((new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7));
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(`Week of ${dayText(mondayOf(booked.day))}`);
  const thisWeek = mondayOf(showroomMoment(new Date()).date);
  await diary.getByRole("link", { name: "This week" }).click();
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(`Week of ${dayText(thisWeek)}`);
  // On a weekday the drive's week is this week: the link led to the page already shown, which adds no history.
  if (thisWeek !== mondayOf(booked.day)) await page.goBack();
  await page.getByRole("link", { name: dayText(booked.day) }).click();
  await expect(page).toHaveURL(new RegExp(`view=day&date=${booked.day}`));
  await expect(page.getByRole("heading", { level: 2 })).toHaveText(dayText(booked.day));
  const slot = page.getByRole("link", { name: new RegExp(`${booked.time} ${name}.*${booked.reference}`) });
  await slot.focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(`Test-drive booking from ${name}`);
});
