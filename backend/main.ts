import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "./config";
import { createLogger } from "./logger";
import { stopOnSignals } from "./process-lifecycle";
import { startSite } from "./site";

/** The production entry: Vite bundles this file, with the pages, into build/server/index.js. */
let config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL);
const site = await startSite({
  config,
  logger,
  pagesBuild: () => import("virtual:react-router/server-build"),
  clientDirectory: fileURLToPath(new URL("../client", import.meta.url)),
});
stopOnSignals(site.stop, logger);
