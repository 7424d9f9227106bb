import type { Page } from "@playwright/test";

/** Fills the wizard's first two steps in order, pressing Next after each. */
export async function completeTheApplication(page: Page, email = "jo.bloggs@example.com") {
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel("Full UK").check();
  await dialog.getByRole("button", { name: "Next" }).click();
  await dialog.getByLabel("First name").fill("Jo");
  await dialog.getByLabel("Surname").fill("Bloggs");
  await dialog.getByLabel("Phone number").fill("07700 900123");
  await dialog.getByLabel("Email address").fill(email);
  await dialog.getByLabel("Date of birth").fill("1988-05-17");
  await dialog.getByRole("button", { name: "Next" }).click();
}

/**
 * Accepts the next alert the page shows the moment it shows, and gives its message. An
 * alert blocks the page, so it is answered from the event itself (as Playwright advises)
 * rather than left open while the test awaits something else.
 */
export function acceptNextAlert(page: Page): Promise<string> {
  return new Promise((resolve, reject) => {
    page.once("dialog", (shown) => {
      const message = shown.message();
      shown.accept().then(() => resolve(message), reject);
    });
  });
}
