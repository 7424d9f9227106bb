import { fileURLToPath } from "node:url";
import { ConfigError, loadConfig } from "./config";
import { createLogger } from "./logger";
import { stopOnSignals } from "./process-lifecycle";
import { startSite } from "./site";

/**
 * The production site's main thread: settings, then the site, until a stop signal. `entry`
 * is build/server/index.js (main.ts), beside the built client, and the render threads' entry too.
 */
export async function serve(entry: URL): Promise<void> {
  let config;
  try {
    config = loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`${error.message}\n`);
    process.exit(1);
  }
  const logger = createLogger(config.LOG_LEVEL);
  if (config.NODE_ENV === "production" && process.env.NODE_ENV !== "production") {
    // React chose its build when it loaded, from the variable itself, not from the default.
    logger.warn(
      "NODE_ENV is not set, so React renders pages with its slower development build: start the site with NODE_ENV=production (npm start does)",
    );
  }
  try {
    const site = await startSite({
      config,
      logger,
      pagesBuild: await import("virtual:react-router/server-build"),
      clientDirectory: fileURLToPath(new URL("../client", entry)),
      renderThreadModule: entry,
    });
    stopOnSignals((signal) => site.stop({ drain: signal === "SIGTERM" }), logger);
  } catch (error) {
    // A database that cannot be reached, a port in use: said plainly, and the process ends
    // so that its supervisor can restart it.
    logger.fatal({ err: error }, error instanceof ConfigError ? error.message : "The site could not start");
    process.exit(1);
  }
}
