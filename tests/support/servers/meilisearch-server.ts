import { randomBytes } from "node:crypto";
import { meiliClient } from "../../../backend/search/meili-adapter";
import { startChildServer } from "./child-server";
import { noContainerRuntime } from "./container-runtime";
import { findServerBinary } from "./server-binary";
import type { TestServer, Unavailable } from "./test-server";

/** The version the suites last ran against, as docker-compose.yml pins it: change both together. */
const MEILI_IMAGE = "getmeili/meilisearch:v1.50.0";

export interface MeiliTestServer extends TestServer {
  /** The master key, as stock:setup holds it: the suites make the site's kind of search key with it. */
  adminKey?: string;
  /** For a server this run started itself: sends its process a signal (to freeze or stop it mid-test). */
  signal?(signal: NodeJS.Signals): void;
}

/**
 * Meilisearch for a test file: the server at TEST_MEILI_URL (with TEST_MEILI_ADMIN_KEY), or
 * one started from MEILI_BINARY or `meilisearch` on PATH, or a container where Docker runs.
 * Never the site's own MEILI_URL: tests create and delete indexes and keys.
 */
export async function meiliForTests(): Promise<MeiliTestServer | Unavailable> {
  const given = process.env.TEST_MEILI_URL;
  if (given) return describeMeili(given, process.env.TEST_MEILI_ADMIN_KEY, "at TEST_MEILI_URL", async () => {});

  const binary = findServerBinary("MEILI_BINARY", "meilisearch");
  const adminKey = randomBytes(24).toString("hex");
  if (binary) {
    const server = await startChildServer({
      name: "Meilisearch",
      binary: binary.path,
      args: (port, dataDir) => [
        "--http-addr",
        `127.0.0.1:${port}`,
        "--db-path",
        `${dataDir}/data.ms`,
        "--dump-dir",
        `${dataDir}/dumps`,
        "--snapshot-dir",
        `${dataDir}/snapshots`,
        "--master-key",
        adminKey,
        "--env",
        "production",
        "--no-analytics",
        "--log-level",
        "WARN",
      ],
      ready: async (port) => (await fetch(`http://127.0.0.1:${port}/health`)).ok,
    });
    const described = await describeMeili(`http://127.0.0.1:${server.port}`, adminKey, `started from ${binary.foundBy}`, server.stop);
    return { ...described, signal: server.signal };
  }

  const why = await noContainerRuntime();
  if (why)
    return {
      skipReason: `TEST_MEILI_URL is not set, neither MEILI_BINARY nor meilisearch on PATH names a Meilisearch to start, and ${why}`,
    };
  const { GenericContainer, Wait } = await import("testcontainers");
  const container = await new GenericContainer(MEILI_IMAGE)
    .withEnvironment({ MEILI_MASTER_KEY: adminKey, MEILI_NO_ANALYTICS: "true" })
    .withExposedPorts(7700)
    .withWaitStrategy(Wait.forHttp("/health", 7700))
    .start();
  return describeMeili(`http://${container.getHost()}:${container.getMappedPort(7700)}`, adminKey, `container ${MEILI_IMAGE}`, async () => {
    await container.stop();
  });
}

async function describeMeili(
  url: string,
  adminKey: string | undefined,
  origin: string,
  stop: () => Promise<void>,
): Promise<MeiliTestServer> {
  try {
    const { pkgVersion } = await meiliClient(url, adminKey).getVersion();
    return { url, adminKey, label: `Meilisearch ${pkgVersion}, ${origin}`, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}
