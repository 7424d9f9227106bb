import { randomBytes } from "node:crypto";
import { describe, it } from "vitest";

/**
 * Real MongoDB and Meilisearch servers for the adapter contract suites: those named by
 * TEST_MONGODB_URL / TEST_MEILI_URL (or else the site's MONGODB_URL / MEILI_URL), or
 * containers started through testcontainers where a Docker engine runs. The suites work
 * in databases and indexes with random names and drop only those. With neither, a suite
 * reports itself skipped with the reason; nothing is ever a mock of a server.
 */

const MONGO_IMAGE = "mongo:8.0";
const MEILI_IMAGE = "getmeili/meilisearch:v1.18.0";

export interface TestServer {
  url: string;
  /** Meilisearch's admin (or master) key. */
  key?: string;
  stop(): Promise<void>;
}

export interface Unavailable {
  skipReason: string;
}

/** Why containers cannot be started here, or undefined when they can. */
async function noContainerRuntime(): Promise<string | undefined> {
  const { getContainerRuntimeClient } = await import("testcontainers");
  try {
    await getContainerRuntimeClient();
    return undefined;
  } catch (error) {
    return `there is no Docker engine for testcontainers (${(error as Error).message.split("\n")[0]})`;
  }
}

export async function mongoForTests(): Promise<TestServer | Unavailable> {
  const given = process.env.TEST_MONGODB_URL ?? process.env.MONGODB_URL;
  if (given) return { url: given, stop: async () => {} };
  const why = await noContainerRuntime();
  if (why) return { skipReason: `neither TEST_MONGODB_URL nor MONGODB_URL is set and ${why}` };
  const { MongoDBContainer } = await import("@testcontainers/mongodb");
  const container = await new MongoDBContainer(MONGO_IMAGE).start();
  return { url: `${container.getConnectionString()}?directConnection=true`, stop: async () => void (await container.stop()) };
}

export async function meiliForTests(): Promise<TestServer | Unavailable> {
  const given = process.env.TEST_MEILI_URL ?? process.env.MEILI_URL;
  if (given) return { url: given, key: process.env.TEST_MEILI_ADMIN_KEY ?? process.env.MEILI_ADMIN_KEY, stop: async () => {} };
  const why = await noContainerRuntime();
  if (why) return { skipReason: `neither TEST_MEILI_URL nor MEILI_URL is set and ${why}` };
  const { GenericContainer, Wait } = await import("testcontainers");
  const key = randomBytes(16).toString("hex");
  const container = await new GenericContainer(MEILI_IMAGE)
    .withEnvironment({ MEILI_MASTER_KEY: key, MEILI_NO_ANALYTICS: "true" })
    .withExposedPorts(7700)
    .withWaitStrategy(Wait.forHttp("/health", 7700))
    .start();
  return { url: `http://${container.getHost()}:${container.getMappedPort(7700)}`, key, stop: async () => void (await container.stop()) };
}

/** A suite that cannot run here: it says why on stderr and counts as skipped, never as passed. */
export function describeUnavailable(suite: string, reason: string): void {
  process.stderr.write(`Skipped ${suite}: ${reason}.\n`);
  describe(suite, () => {
    it("runs against real servers", (context) => {
      context.skip(reason);
    });
  });
}
