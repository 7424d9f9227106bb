import { createServer } from "vite";
import { ConfigError, loadConfig } from "../backend/config";
import { createLogger } from "../backend/logger";
import { stopOnSignals } from "../backend/process-lifecycle";

/**
 * `npm run dev`: the site with Vite serving and hot-reloading the front end. The server side
 * is loaded through Vite as well, so the pages and the server share one copy of each module
 * (the catalogue context in particular), as they do in the production bundle.
 */
let config;
try {
  config = loadConfig({ NODE_ENV: "development", ...process.env });
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  process.stderr.write(`${error.message}\n`);
  process.exit(1);
}
const logger = createLogger(config.LOG_LEVEL);
const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
const { startSite } = (await vite.ssrLoadModule("/backend/site.ts")) as typeof import("../backend/site");
const site = await startSite({
  config,
  logger,
  pagesBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as never,
  devMiddleware: vite.middlewares,
});
stopOnSignals(async () => {
  await site.stop();
  await vite.close();
}, logger);
