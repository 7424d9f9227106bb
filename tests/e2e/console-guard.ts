import { test as base, expect } from "@playwright/test";

/**
 * Every browser test fails on a console error or an uncaught exception in the page, such
 * as a hydration mismatch, even when what it asserts looks right.
 */
export const test = base.extend<{ consoleErrors: string[]; expectedConsoleErrors: RegExp }>({
  /** Errors a test provokes on purpose, such as the browser's note that a page answered 404. */
  expectedConsoleErrors: [/(?!)/, { option: true }],
  consoleErrors: [
    async ({ page, expectedConsoleErrors }, use) => {
      const errors: string[] = [];
      page.on("console", (message) => {
        const location = message.location().url;
        const text = location ? `${message.text()} (${location})` : message.text();
        if (message.type() === "error" && !expectedConsoleErrors.test(text)) errors.push(text);
      });
      page.on("pageerror", (error) => errors.push(error.message));
      await use(errors);
      expect(errors, "console errors in the page").toEqual([]);
    },
    { auto: true },
  ],
});

export { expect };
