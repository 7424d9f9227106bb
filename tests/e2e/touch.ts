import type { Page } from "@playwright/test";

interface Point {
  x: number;
  y: number;
}

/**
 * A finger drawn across the screen, as real touch input: Chromium's DevTools protocol feeds
 * it through the same path as a touchscreen, so the browser itself scrolls what is under the
 * finger and fires touch events, which a script's synthetic events (untrusted) never do.
 * Needs a context with `hasTouch`.
 */
export async function swipe(page: Page, from: Point, to: Point, steps = 12): Promise<void> {
  const session = await page.context().newCDPSession(page);
  const at = (step: number) => ({ x: from.x + ((to.x - from.x) * step) / steps, y: from.y + ((to.y - from.y) * step) / steps });
  await session.send("Input.dispatchTouchEvent", { type: "touchStart", touchPoints: [from] });
  for (let step = 1; step <= steps; step++) await session.send("Input.dispatchTouchEvent", { type: "touchMove", touchPoints: [at(step)] });
  await session.send("Input.dispatchTouchEvent", { type: "touchEnd", touchPoints: [] });
  await session.detach();
}
