import { rm } from "node:fs/promises";

/** The browser tests' data folder goes when they do. */
export default async function globalTeardown(): Promise<void> {
  if (process.env.E2E_DATA_DIR) await rm(process.env.E2E_DATA_DIR, { recursive: true, force: true });
}
