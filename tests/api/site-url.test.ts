import { afterEach, describe, expect, it } from "vitest";
import { capturedLogger } from "../support/captured-logger";
import { startTestSite, type TestSite } from "../support/start-test-site";

const warnings = (text: string) => text.split("\n").filter((line) => line.includes('"level":40'));

describe("starting without SITE_URL", () => {
  let site: TestSite | undefined;
  afterEach(async () => {
    await site?.close();
    site = undefined;
  });

  it("warns in production that addresses follow the request's Host header", async () => {
    const logs = capturedLogger();
    site = await startTestSite([], { env: { NODE_ENV: "production" }, logger: logs.logger });
    expect(warnings(logs.text()).filter((line) => line.includes("SITE_URL is not set"))).toHaveLength(1);
  });

  it("says nothing once it is set, nor in development", async () => {
    const settings: Record<string, string>[] = [
      { NODE_ENV: "production", SITE_URL: "https://www.example.co.uk" },
      { NODE_ENV: "development" },
    ];
    for (const env of settings) {
      const logs = capturedLogger();
      site = await startTestSite([], { env, logger: logs.logger });
      expect(logs.text()).not.toContain("SITE_URL");
      await site.close();
      site = undefined;
    }
  });
});
