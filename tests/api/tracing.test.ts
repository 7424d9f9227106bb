import { randomBytes } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startBuiltSite, type BuiltSite } from "../support/built-site";
import { startOtlpReceiver, type OtlpReceiver, type ReceivedSpan } from "../support/otlp-receiver";

/**
 * OpenTelemetry traces of the built site, sent over OTLP/HTTP to a collector this test runs:
 * one request's spans, from the server span that continues the caller's trace, through the
 * render thread that renders its page, to the engine calls the page's loaders make there.
 */
let receiver: OtlpReceiver;
let site: BuiltSite;

beforeAll(async () => {
  receiver = await startOtlpReceiver();
  site = await startBuiltSite({
    TRACING: "otlp",
    TRACING_ENDPOINT: receiver.endpoint,
    OTEL_BSP_SCHEDULE_DELAY: "100",
    RENDER_THREADS: "1",
    LOG_LEVEL: "info",
  });
}, 60_000);
afterAll(async () => {
  await site?.stop();
  await receiver?.close();
});

const hex = (bytes: number) => randomBytes(bytes).toString("hex");
/** A caller's W3C trace context: the balancer's or the browser's span, sampled. */
const callerContext = () => {
  const traceId = hex(16);
  const spanId = hex(8);
  return { traceId, spanId, traceparent: `00-${traceId}-${spanId}-01` };
};
const childrenOf = (spans: readonly ReceivedSpan[], parent: ReceivedSpan) => spans.filter((span) => span.parentSpanId === parent.spanId);

describe("tracing", () => {
  it("follows a page from the caller's trace through the render thread to the search engine", async () => {
    const caller = callerContext();
    const page = await site.get("/car-search?make=Ford", { traceparent: caller.traceparent, "X-Request-Id": "traced-page-1" });
    expect(page.status).toBe(200);
    const spans = await receiver.trace(caller.traceId, ["GET page-search", "render page", "search"]);

    const server = spans.find((span) => span.name === "GET page-search")!;
    expect(server).toBeDefined();
    expect(server.parentSpanId).toBe(caller.spanId);
    expect(server.service).toBe("dealer-site");
    expect(server.attributes).toMatchObject({
      "http.request.method": "GET",
      "http.route": "page-search",
      "http.response.status_code": 200,
      "dealer.request_id": "traced-page-1",
    });
    const render = childrenOf(spans, server).find((span) => span.name === "render page")!;
    expect(render).toBeDefined();
    // The page's loaders ran on the render thread; their calls were answered on the main thread as part of this request.
    const searches = childrenOf(spans, render).filter((span) => span.name === "search");
    expect(searches.length).toBeGreaterThan(0);
    expect(searches[0]!.attributes["dealer.engine.role"]).toBe("search");
  });

  it("starts a trace of its own for a request that brings none, and marks the log lines with it", async () => {
    const answer = await site.send("/api/newsletter", {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Request-Id": "traced-sign-up" },
      body: JSON.stringify({ email: "traced@example.com", consent: true }),
    });
    expect(answer.status).toBe(201);
    const deadline = Date.now() + 15_000;
    let server: ReceivedSpan | undefined;
    while (!server && Date.now() < deadline) {
      server = receiver.spans.find((span) => span.attributes["dealer.request_id"] === "traced-sign-up");
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    expect(server).toMatchObject({ name: "POST api-lead", attributes: { "http.response.status_code": 201 } });
    expect(server!.parentSpanId ?? "").toBe("");
    const stored = site
      .log()
      .split("\n")
      .filter((line) => line.includes("Newsletter sign-up stored"))
      .map((line) => JSON.parse(line) as { requestId?: string; traceId?: string });
    expect(stored).toContainEqual(expect.objectContaining({ requestId: "traced-sign-up", traceId: server!.traceId }));
  });
});

describe("with tracing off", () => {
  it("the built site loads no OpenTelemetry code: only a chunk reached by a run-time import names it", async () => {
    const folder = path.resolve(import.meta.dirname, "..", "..", "build", "server");
    const files = (await readdir(folder, { recursive: true })).filter((file) => file.endsWith(".js"));
    const texts = new Map(await Promise.all(files.map(async (file) => [file, await readFile(path.join(folder, file), "utf8")] as const)));
    const naming = files.filter((file) => /(from\s*|import\s*\(\s*)["']@opentelemetry\//.test(texts.get(file)!));
    expect(naming.length).toBeGreaterThan(0);
    for (const chunk of naming) {
      const name = path.basename(chunk);
      const importers = [...texts].filter(([file, text]) => file !== chunk && text.includes(name));
      expect(importers.length, `${name} is imported by nothing`).toBeGreaterThan(0);
      for (const [file, text] of importers) {
        expect(text, `${file} imports ${name} statically`).not.toMatch(
          new RegExp(`(from|import)\\s*["']\\./${name.replaceAll(".", "\\.")}["']`),
        );
        expect(text).toContain(`import("./${name}")`);
      }
    }
  });
});
