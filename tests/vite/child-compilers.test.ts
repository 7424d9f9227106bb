import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createLogger, resolveConfig, type Plugin, type UserConfig } from "vite";
import { afterEach, describe, expect, it } from "vitest";
import siteViteConfig from "../../vite.config";

/**
 * React Router 7's child compilers take this site's plugins with an inline config asking for
 * `envFile: false`, which Vite 8 warns about on every build. Resolved here as Vite resolves
 * theirs, with a logger that keeps what it is told.
 */

const sitePlugins = () => {
  const config = (siteViteConfig as (env: { command: "build"; mode: string }) => UserConfig)({ command: "build", mode: "production" });
  return config.plugins as Plugin[];
};

describe("a child compiler's config", () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("asks for no env files in the words Vite 8 reads without a warning", async () => {
    root = await mkdtemp(path.join(tmpdir(), "child-compiler-"));
    const warnings: string[] = [];
    const logger = createLogger("warn");
    logger.warn = (message) => void warnings.push(message);
    logger.warnOnce = (message) => void warnings.push(message);
    const plugin = sitePlugins().find((candidate) => candidate.name === "env-dir-for-child-compilers")!;
    const resolved = await resolveConfig({ root, configFile: false, envFile: false, customLogger: logger, plugins: [plugin] }, "build");
    expect(warnings).toEqual([]);
    expect(resolved.envDir).toBe(false);
  });
});
