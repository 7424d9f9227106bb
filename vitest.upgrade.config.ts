import { defineConfig } from "vitest/config";

// The upgrade suite (tests/upgrade), apart from `npm test`: it installs and builds the previous release.
export default defineConfig({
  test: {
    include: ["tests/upgrade/**/*.suite.ts"],
    environment: "node",
    testTimeout: 10 * 60_000,
    hookTimeout: 30 * 60_000,
    setupFiles: ["tests/support/fail-on-console.ts"],
  },
});
