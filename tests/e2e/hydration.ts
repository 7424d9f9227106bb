import type { Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page, seen on the element `selector` names. Until then
 * its controls are plain links and forms, and a test that changes the page's HTML makes
 * hydration fail on the difference.
 */
export function hydrated(page: Page, selector = "header a"): Promise<unknown> {
  return page.waitForFunction((selector) => {
    const element = document.querySelector(selector);
    return element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps"));
  }, selector);
}
