import { afterAll } from "vitest";
import { MongoClient } from "mongodb";
import { meiliForTests, type MeiliTestServer } from "./servers/meilisearch-server";
import { mongoForTests, type MongoTestServer } from "./servers/mongodb-server";
import type { TestServer, Unavailable } from "./servers/test-server";
import { describeUnavailable, reportRan } from "./test-servers";

export type MongoFeature = keyof MongoTestServer["features"];

export const MONGO_FEATURE_NAMES: Record<MongoFeature, string> = {
  changeStreams: "change streams",
  partialIndexes: "partial indexes",
  atomicUpdates: "atomic updates of one document sent at once",
};

interface AllServers {
  meili: MeiliTestServer;
  mongo: MongoTestServer & { client: MongoClient };
}

/**
 * The real servers a test file's suite needs, started (or found) together and stopped when
 * the file ends; or, when one is missing or lacks a feature the suite needs, the suite
 * reported skipped with the reason (undefined is returned and nothing is left running).
 */
export async function suiteServers<K extends keyof AllServers>(
  suite: string,
  kinds: readonly K[],
  { mongoNeeds = [] }: { mongoNeeds?: readonly MongoFeature[] } = {},
): Promise<Pick<AllServers, K> | undefined> {
  const found: Partial<Record<keyof AllServers, TestServer | Unavailable>> = {};
  await Promise.all(
    kinds.map(async (kind) => {
      found[kind] = kind === "meili" ? await meiliForTests() : await mongoForTests();
    }),
  );
  // In the order asked for, so that the report reads the same every run.
  const inOrder = kinds.map((kind) => found[kind]!);
  const started = inOrder.filter((server): server is TestServer => !("skipReason" in server));
  const reasons = inOrder.flatMap((server) => ("skipReason" in server ? [server.skipReason] : []));
  const mongo = found.mongo && !("skipReason" in found.mongo) ? (found.mongo as MongoTestServer) : undefined;
  if (mongo) {
    const lacking = mongoNeeds.filter((feature) => !mongo.features[feature]);
    reasons.push(...lacking.map((feature) => `${mongo.label} has no ${MONGO_FEATURE_NAMES[feature]}`));
  }
  if (reasons.length > 0) {
    await Promise.all(started.map((server) => server.stop()));
    describeUnavailable(suite, reasons.join("; "));
    return undefined;
  }

  reportRan(suite, started);
  const servers: Partial<AllServers> = {};
  if (found.meili) servers.meili = found.meili as MeiliTestServer;
  if (mongo) {
    const client = new MongoClient(mongo.url);
    await client.connect();
    servers.mongo = { ...mongo, client };
  }
  afterAll(async () => {
    await servers.mongo?.client.close();
    await Promise.all(started.map((server) => server.stop()));
  });
  return servers as Pick<AllServers, K>;
}
