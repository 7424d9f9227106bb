import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config";
import { openEngines } from "./engines";
import { createLogger } from "./logger";

describe("openEngines with MEILI_URL", () => {
  let directory: string;
  beforeEach(async () => {
    directory = await mkdtemp(path.join(tmpdir(), "engines-"));
  });
  afterEach(async () => {
    await rm(directory, { recursive: true, force: true });
  });

  const open = (settings: Record<string, string>) =>
    openEngines(loadConfig({ DATA_DIR: directory, MEILI_URL: "http://127.0.0.1:7700", ...settings }), createLogger("silent"));

  it("stops the site when the search key is not given, naming the variables", async () => {
    const refused = await open({}).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ConfigError);
    expect((refused as ConfigError).message).toMatch(/^MEILI_URL is set but neither MEILI_SEARCH_KEY nor MEILI_SEARCH_KEY_FILE is/);
  });

  it("stops the site when the key file cannot be read, naming it", async () => {
    const file = path.join(directory, "search.key");
    await expect(open({ MEILI_SEARCH_KEY_FILE: file })).rejects.toThrow(`MEILI_SEARCH_KEY_FILE ${file} cannot be read (ENOENT)`);
  });

  it("opens with the key given", async () => {
    const engines = await open({ MEILI_SEARCH_KEY: "a-search-key" });
    await engines.close();
    expect(engines.search.rebuild).toBeUndefined();
  });
});
