import { randomBytes } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { MongoClient, MongoServerError } from "mongodb";
import { startChildServer, type ChildServer } from "./child-server";
import { noContainerRuntime } from "./container-runtime";
import { findServerBinary } from "./server-binary";
import type { TestServer, Unavailable } from "./test-server";

const MONGO_IMAGE = "mongo:8.0";
const REPLICA_SET = "rs0";
const NOT_IMPLEMENTED = 238;

export interface MongoTestServer extends TestServer {
  /** What the stores and the sync use that this server may lack; tests of what it lacks report themselves skipped. */
  features: { changeStreams: boolean; partialIndexes: boolean; atomicUpdates: boolean };
}

/**
 * A MongoDB-protocol server for a test file: the server at TEST_MONGODB_URL, or mongod from
 * MONGOD_BINARY or PATH (started as a one-member replica set, so change streams work), or
 * FerretDB from FERRETDB_BINARY (MongoDB-compatible, over SQLite; asked for by name only,
 * as `go install` leaves a ferretdb on PATH that cannot start), or a container where
 * Docker runs. Never the site's own MONGODB_URL: tests create and drop databases.
 */
export async function mongoForTests(): Promise<MongoTestServer | Unavailable> {
  const given = process.env.TEST_MONGODB_URL;
  if (given) return describeMongo(given, "at TEST_MONGODB_URL", async () => {});

  const mongod = findServerBinary("MONGOD_BINARY", "mongod");
  if (mongod) {
    const server = await startChildServer({
      name: "mongod",
      binary: mongod.path,
      args: (port, dataDir) => [
        "--replSet",
        REPLICA_SET,
        "--port",
        String(port),
        "--bind_ip",
        "127.0.0.1",
        "--dbpath",
        dataDir,
        "--logpath",
        `${dataDir}/mongod.log`,
      ],
      ready: (port) => answers(directUrl(port)),
    });
    try {
      await initiateReplicaSet(server.port);
    } catch (error) {
      await server.stop();
      throw error;
    }
    return describeMongo(directUrl(server.port), `started from ${mongod.foundBy} as a one-member replica set`, server.stop);
  }

  const ferretdb = process.env.FERRETDB_BINARY;
  if (ferretdb) {
    const server = await startFerretDb(ferretdb);
    return describeMongo(directUrl(server.port), "over SQLite, started from FERRETDB_BINARY", server.stop);
  }

  const why = await noContainerRuntime();
  if (why) {
    return {
      skipReason:
        "TEST_MONGODB_URL is not set, neither MONGOD_BINARY nor mongod on PATH names a mongod to start, " +
        `FERRETDB_BINARY is not set, and ${why}`,
    };
  }
  const { MongoDBContainer } = await import("@testcontainers/mongodb");
  const container = await new MongoDBContainer(MONGO_IMAGE).start();
  return describeMongo(`${container.getConnectionString()}?directConnection=true`, `container ${MONGO_IMAGE}`, async () => {
    await container.stop();
  });
}

/** FerretDB over SQLite in a throw-away folder, on the given loopback port or a free one. */
export function startFerretDb(binary: string, port?: number): Promise<ChildServer> {
  return startChildServer({
    name: "FerretDB",
    binary,
    port,
    args: (port, dataDir) => [
      "--handler=sqlite",
      `--sqlite-url=file:${dataDir}/`,
      `--listen-addr=127.0.0.1:${port}`,
      "--debug-addr=127.0.0.1:0",
      `--state-dir=${dataDir}`,
      "--telemetry=disable",
      "--log-level=error",
    ],
    ready: (port) => answers(directUrl(port)),
  });
}

export const directUrl = (port: number) => `mongodb://127.0.0.1:${port}/?directConnection=true`;

async function answers(url: string): Promise<boolean> {
  const client = new MongoClient(url, { serverSelectionTimeoutMS: 500 });
  try {
    await client.db("admin").command({ ping: 1 });
    return true;
  } finally {
    await client.close();
  }
}

async function initiateReplicaSet(port: number): Promise<void> {
  const client = new MongoClient(directUrl(port));
  try {
    const admin = client.db("admin");
    await admin.command({ replSetInitiate: { _id: REPLICA_SET, members: [{ _id: 0, host: `127.0.0.1:${port}` }] } });
    const deadline = Date.now() + 30_000;
    while (!(await admin.command({ hello: 1 })).isWritablePrimary) {
      if (Date.now() > deadline) throw new Error("mongod did not become the replica set's primary within 30 s");
      await sleep(200);
    }
  } finally {
    await client.close();
  }
}

/** Names the server and finds out what it supports, by asking it. */
async function describeMongo(url: string, origin: string, stop: () => Promise<void>): Promise<MongoTestServer> {
  const client = new MongoClient(url);
  try {
    const admin = client.db("admin");
    const build = await admin.command({ buildInfo: 1 });
    const hello = await admin.command({ hello: 1 });
    const name =
      typeof build.ferretdbVersion === "string"
        ? `MongoDB-compatible (FerretDB ${build.ferretdbVersion.replace(/^v/, "")})`
        : `MongoDB ${build.version}`;
    // Change streams need the oplog of a replica set (or a mongos in front of one).
    const changeStreams = typeof hello.setName === "string" || hello.msg === "isdbgrid";
    // Seen here: FerretDB 1.24 over SQLite loses some of several $inc or version-checked
    // updates of one document sent at once, which MongoDB applies one after another.
    const atomicUpdates = typeof build.ferretdbVersion !== "string";
    return {
      url,
      label: `${name}, ${origin}`,
      features: { changeStreams, partialIndexes: await supportsPartialIndexes(client), atomicUpdates },
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  } finally {
    await client.close();
  }
}

async function supportsPartialIndexes(client: MongoClient): Promise<boolean> {
  const probe = client.db(`probe_${randomBytes(6).toString("hex")}`);
  try {
    await probe.collection("probe").createIndex({ key: 1 }, { partialFilterExpression: { key: { $exists: true } } });
    return true;
  } catch (error) {
    if (error instanceof MongoServerError && error.code === NOT_IMPLEMENTED) return false;
    throw error;
  } finally {
    await probe.dropDatabase();
  }
}
