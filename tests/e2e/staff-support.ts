import AxeBuilder from "@axe-core/playwright";
import type { Page, TestInfo } from "@playwright/test";
import type { StaffRole } from "../../backend/staff/staff-accounts";
import { addStaffAccounts, STAFF_PASSWORD } from "../support/staff-accounts";
import { expect } from "./console-guard";
import { hydrated } from "./hydration";

/** What the staff area's browser tests share: the accessibility scan, each test's own accounts, and signing in. */

const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export async function expectAccessible(page: Page, state: string) {
  const { violations } = await new AxeBuilder({ page }).withTags(WCAG_TAGS).analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.help} (${violation.nodes.map((node) => node.target.join(" ")).join(", ")})`,
    ),
    `accessibility violations on ${state}`,
  ).toEqual([]);
}

/** Each test's own accounts, so tests running at once on the one site never share a session or a lead. */
export async function accountsFor(testInfo: TestInfo, roles: StaffRole[] = ["sales", "admin"]): Promise<string> {
  const prefix = `${testInfo.project.name}-${testInfo.workerIndex}-${Date.now().toString(36)}`;
  await addStaffAccounts(process.env.E2E_DATA_DIR!, roles, prefix);
  return prefix;
}

/** Signs in from the staff area's front page, which is the leads inbox, or a stock manager's import page. */
export async function signIn(page: Page, email: string, frontPage = "Leads") {
  await page.goto("/staff");
  await expect(page).toHaveURL(/\/staff\/sign-in\?next=%2Fstaff$/);
  await hydrated(page, "form button");
  await page.getByLabel("E-mail address").fill(email);
  await page.getByLabel("Password").fill(STAFF_PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await expect(page.getByRole("heading", { level: 1, name: frontPage })).toBeVisible();
}
