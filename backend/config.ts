import path from "node:path";
import { z } from "zod";

/**
 * Every setting the site reads from its environment, checked once at start-up. The defaults
 * run the embedded site with demo stock on a developer's machine; production sets HOST,
 * DATA_DIR or the MongoDB/Meilisearch addresses.
 */
const port = z.coerce.number().int().min(0).max(65535);

const environmentSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("production"),
  PORT: port.default(3000),
  HOST: z.string().min(1).default("127.0.0.1"),
  DATA_DIR: z
    .string()
    .min(1)
    .default("./data")
    .transform((directory) => path.resolve(directory)),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Vehicles generated into an empty data folder; 0 starts with no stock. */
  DEMO_STOCK_SIZE: z.coerce.number().int().min(0).max(1_000_000).default(2000),
  /** Seconds to finish open requests after SIGTERM before exiting anyway. */
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().min(0).max(300).default(10),
});

export type Config = z.infer<typeof environmentSchema>;

export class ConfigError extends Error {}

export function loadConfig(environment: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable (PORT= in a .env file) means "not set", not zero.
  const given = Object.fromEntries(Object.entries(environment).filter(([, value]) => value !== ""));
  const parsed = environmentSchema.safeParse(given);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`);
    throw new ConfigError(`Invalid environment settings:\n  ${problems.join("\n  ")}`);
  }
  return parsed.data;
}
