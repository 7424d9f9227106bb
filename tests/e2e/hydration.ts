import type { Page } from "@playwright/test";

/**
 * Waits until React has hydrated the page, seen on the element `selector` names. Until then
 * its controls are plain links and forms, and a test that changes the page's HTML makes
 * hydration fail on the difference.
 *
 * React gives an element its props while it renders, which on a busy machine can be well
 * before it has hydrated the rest of the page (a select changed meanwhile is set back to the
 * server's choice). So where the public site's header is shown, this also waits for its menu
 * button to take its role, which it does in an effect, run only once the whole page is in.
 */
export function hydrated(page: Page, selector = "header a"): Promise<unknown> {
  return page.waitForFunction((selector) => {
    const element = document.querySelector(selector);
    const rendered = element !== null && Object.keys(element).some((key) => key.startsWith("__reactProps"));
    const menuButton = document.querySelector(".site-header__menu-button");
    return rendered && (menuButton === null || menuButton.getAttribute("role") === "button");
  }, selector);
}
