import { randomBytes } from "node:crypto";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../backend/config";
import { createLogger } from "../../backend/logger";
import { versionIndexUid } from "../../backend/search/meili-index-version";
import { searchKeyUid } from "../../backend/search/meili-keys";
import { startSite, type Site } from "../../backend/site";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "../support/otlp-receiver";
import { runCli } from "../support/run-cli";
import { sandboxName } from "../support/sandboxes";
import { suiteServers } from "../support/suite-servers";

/**
 * A traced request on the production engines: its server span, and under it the MongoDB
 * commands and Meilisearch calls it made, sent over OTLP/HTTP to a collector this test runs.
 */
const SUITE = "traces through MongoDB and Meilisearch";
const servers = await suiteServers(SUITE, ["mongo", "meili"]);

if (servers) {
  const { mongo, meili } = servers;
  const name = sandboxName("traces");
  let receiver: OtlpReceiver;
  let site: Site;
  let dataDir: string;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    dataDir = await mkdtemp(path.join(tmpdir(), "traces-"));
    const engines = { MONGODB_URL: mongo.url, MONGODB_DB: name, MEILI_URL: meili.url, MEILI_INDEX: name };
    const searchKeyFile = path.join(dataDir, "search.key");
    const setup = await runCli(["setup"], dataDir, {
      ...engines,
      MEILI_ADMIN_KEY: meili.adminKey ?? "",
      MEILI_SEARCH_KEY_FILE: searchKeyFile,
      DEMO_STOCK_SIZE: "20",
    }).done;
    if (setup.status !== 0) throw new Error(`stock:setup failed: ${setup.stderr}`);
    const config = loadConfig({
      ...engines,
      MEILI_SEARCH_KEY: (await readFile(searchKeyFile, "utf8")).trim(),
      PORT: "0",
      HOST: "127.0.0.1",
      DATA_DIR: dataDir,
      NODE_ENV: "test",
      TRACING: "otlp",
      TRACING_ENDPOINT: receiver.endpoint,
    });
    process.env.OTEL_BSP_SCHEDULE_DELAY = "100";
    site = await startSite({ config, logger: createLogger("silent") });
  }, 120_000);

  afterAll(async () => {
    await site?.stop();
    await receiver?.close();
    await mongo.client.db(name).dropDatabase();
    const admin = (address: string) =>
      fetch(`${meili.url}${address}`, { method: "DELETE", headers: { Authorization: `Bearer ${meili.adminKey}` } }).catch(() => undefined);
    await admin(`/indexes/${name}`);
    await admin(`/indexes/${versionIndexUid(name)}`);
    await admin(`/keys/${searchKeyUid(name)}`);
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  const traced = async (address: string, init: RequestInit = {}) => {
    const traceId = randomBytes(16).toString("hex");
    const answer = await fetch(`${site.url}${address}`, {
      ...init,
      headers: { ...init.headers, traceparent: `00-${traceId}-${randomBytes(8).toString("hex")}-01` },
    });
    return { answer, traceId };
  };
  /** Whether `span` is `ancestor` or lies under it in `spans`. */
  const under = (spans: readonly ReceivedSpan[], span: ReceivedSpan, ancestor: ReceivedSpan): boolean => {
    for (let at: ReceivedSpan | undefined = span; at; at = spans.find((one) => one.spanId === at!.parentSpanId)) {
      if (at.spanId === ancestor.spanId) return true;
    }
    return false;
  };

  describe(SUITE, () => {
    it("shows a search's call to Meilisearch under the request's span", async () => {
      const { answer, traceId } = await traced("/api/vehicles/search/car?pageSize=5");
      expect(answer.status).toBe(200);
      const spans = await receiver.trace(traceId, ["GET api-search", "search"]);
      const server = spans.find((span) => span.name === "GET api-search")!;
      const meiliCall = spans.find((span) => span.name.startsWith("meilisearch POST"))!;
      expect(meiliCall).toBeDefined();
      expect(meiliCall.attributes["server.address"]).toBe("127.0.0.1");
      expect(under(spans, meiliCall, server)).toBe(true);
    });

    it("shows a lead's MongoDB commands under the request's span, naming the collection and not what the lead holds", async () => {
      const { answer, traceId } = await traced("/api/newsletter", {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ email: "traced-reader@example.com", consent: true }),
      });
      expect(answer.status).toBe(201);
      const spans = await receiver.trace(traceId, ["POST api-lead", "mongodb insert"]);
      const server = spans.find((span) => span.name === "POST api-lead")!;
      const commands = spans.filter((span) => span.attributes["db.system.name"] === "mongodb");
      expect(commands.map((span) => span.name)).toContain("mongodb insert");
      const insert = commands.find((span) => span.name === "mongodb insert")!;
      expect(insert.attributes).toMatchObject({ "db.namespace": name, "db.collection.name": "leads" });
      expect(under(spans, insert, server)).toBe(true);
      expect(JSON.stringify(spans)).not.toContain("traced-reader@example.com");
    });
  });
}
