import { defineConfig } from "vitest/config";

// Unit, contract and API tests. Browser tests run under Playwright (playwright.config.ts).
export default defineConfig({
  test: {
    include: ["**/*.test.ts", "**/*.test.tsx"],
    exclude: ["node_modules/**", "build/**", "tests/e2e/**"],
    environment: "node",
    testTimeout: 30_000,
    hookTimeout: 60_000,
    setupFiles: ["tests/support/fail-on-console.ts"],
  },
});
