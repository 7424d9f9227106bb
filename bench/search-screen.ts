import { gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../tests/support/chromium";

/**
 * The search screen in Chromium against a running site: how long a filter change takes to
 * show updated results (the time from the change to the results no longer being marked
 * busy, which includes the one round trip for results and counts together), and how much
 * JavaScript the page loads.
 */

export interface SearchScreenFigures {
  changes: number;
  medianMs: number;
  p95Ms: number;
  scriptBytes: number;
  scriptGzipBytes: number;
}

export async function benchSearchScreen(url: string, changes = 40): Promise<SearchScreenFigures> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage();
    const scripts: Buffer[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "script")
        void response.body().then(
          (body) => scripts.push(body),
          () => undefined,
        );
    });
    await page.goto(`${url}/car-search`, { waitUntil: "networkidle" });
    const makes = await page
      .locator("#filter-make-select option")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value).filter(Boolean));

    const times: number[] = [];
    for (let i = 0; i < changes; i++) {
      // Alternate between a make and Any, so every change really changes the results.
      const value = i % 2 === 0 ? makes[(i / 2) % makes.length]! : "";
      times.push(await page.evaluate(timeOneChange, value));
    }
    times.sort((a, b) => a - b);
    const bytes = scripts.reduce((sum, body) => sum + body.length, 0);
    const gzipBytes = scripts.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0);
    return {
      changes,
      medianMs: times[Math.floor(times.length / 2)]!,
      p95Ms: times[Math.floor(times.length * 0.95)]!,
      scriptBytes: bytes,
      scriptGzipBytes: gzipBytes,
    };
  } finally {
    await browser.close();
  }
}

/** Runs in the page: changes the make select and resolves with the milliseconds until the new results are shown. */
function timeOneChange(value: string): Promise<number> {
  const select = document.querySelector<HTMLSelectElement>("#filter-make-select")!;
  const results = document.querySelector("#results")!;
  return new Promise((resolve) => {
    let sawBusy = false;
    const start = performance.now();
    const observer = new MutationObserver(() => {
      const busy = results.getAttribute("aria-busy") === "true";
      if (busy) sawBusy = true;
      else if (sawBusy) {
        observer.disconnect();
        requestAnimationFrame(() => resolve(performance.now() - start));
      }
    });
    observer.observe(results, { attributes: true, attributeFilter: ["aria-busy"] });
    select.value = value;
    select.dispatchEvent(new Event("change", { bubbles: true }));
  });
}
