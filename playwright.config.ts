import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { defineConfig, devices } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "./tests/support/chromium";
import { EMBEDDED_ENGINES } from "./tests/support/embedded-engines";
import { freePort } from "./tests/support/free-port";

/**
 * Browser tests run against the built site (`node build/server/index.js`), started on a
 * free loopback port over a fresh data folder with demo stock, in Debian's Chromium
 * (Playwright's own browser download is not available here).
 */

// Chosen once in the runner; workers inherit these through the environment.
process.env.E2E_PORT ??= String(await freePort());
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), "dealer-site-e2e-"));
const baseURL = `http://127.0.0.1:${process.env.E2E_PORT}`;

/**
 * Checks of the whole site (links, search-engine data) that need running once, not per screen
 * size; and the stock table's walk, at a desk on a site of its own.
 */
const SITE_WIDE = /(crawl|seo|security|page-weight|stock-table)\.spec\.ts$/;
/**
 * What buyers do on their phones, on a site of its own: saving, confirming and managing alerts
 * (a site that sends mail); searching a dealer group by distance (the group demo).
 */
const PHONE_ONLY = /(search-alerts|branches)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  workers: 2,
  forbidOnly: true,
  retries: 0,
  reporter: [["list"]],
  globalTeardown: "./tests/e2e/global-teardown.ts",
  use: {
    baseURL,
    trace: "off",
    launchOptions: {
      executablePath: CHROMIUM_PATH,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [
    { name: "phone", use: { ...devices["Pixel 7"] }, testIgnore: SITE_WIDE },
    { name: "desktop", use: { ...devices["Desktop Chrome"] }, testIgnore: [SITE_WIDE, PHONE_ONLY] },
    { name: "site-wide", testMatch: SITE_WIDE },
  ],
  webServer: {
    command: "node build/server/index.js",
    url: `${baseURL}/healthz`,
    reuseExistingServer: false,
    timeout: 60_000,
    // Playwright passes its own environment on too: the embedded engines, whatever the shell names.
    env: {
      ...EMBEDDED_ENGINES,
      PORT: process.env.E2E_PORT,
      HOST: "127.0.0.1",
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: "warn",
      NODE_ENV: "production",
      DEMO_STOCK_SIZE: "300",
      // Every browser test posts from 127.0.0.1, far more than one visitor would; the limit
      // itself is tested through the API (tests/api/*-api.test.ts, the 429 cases).
      POST_RATE_LIMIT: "100000",
    },
  },
});
