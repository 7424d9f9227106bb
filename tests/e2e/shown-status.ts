import type { Locator, Page } from "@playwright/test";

/**
 * The status message a page is showing. Pages also hold empty live regions (the header search
 * box's, for its suggestions), present from the start so that what they later say is read out.
 */
export function shownStatus(page: Page): Locator {
  return page.getByRole("status").filter({ hasText: /\S/ });
}
