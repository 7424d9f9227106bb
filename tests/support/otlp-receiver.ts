import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";

/** A span as an OTLP/HTTP JSON export carries it, with its attributes made plain. */
export interface ReceivedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: Record<string, string | number | boolean>;
  status?: { code?: number };
  service: string;
}

interface OtlpValue {
  stringValue?: string;
  intValue?: string | number;
  doubleValue?: number;
  boolValue?: boolean;
}
interface OtlpAttribute {
  key: string;
  value: OtlpValue;
}
interface OtlpExport {
  resourceSpans?: {
    resource?: { attributes?: OtlpAttribute[] };
    scopeSpans?: { spans?: (Omit<ReceivedSpan, "attributes" | "service"> & { attributes?: OtlpAttribute[] })[] }[];
  }[];
}

const plain = ({ stringValue, intValue, doubleValue, boolValue }: OtlpValue) =>
  stringValue ?? (intValue !== undefined ? Number(intValue) : (doubleValue ?? boolValue ?? ""));
const attributesOf = (list: OtlpAttribute[] = []) => Object.fromEntries(list.map(({ key, value }) => [key, plain(value)]));

export interface OtlpReceiver {
  /** The traces address to give the site (TRACING_ENDPOINT). */
  endpoint: string;
  spans: ReceivedSpan[];
  /** The spans of one trace, once they hold a span named each of `names` (or `timeoutMs` has passed). */
  trace(traceId: string, names: readonly string[], timeoutMs?: number): Promise<ReceivedSpan[]>;
  close(): Promise<void>;
}

/**
 * A stand-in for an OpenTelemetry Collector on 127.0.0.1: it takes OTLP/HTTP exports in JSON
 * at /v1/traces, as a collector does, and keeps their spans for the test to read.
 */
export async function startOtlpReceiver(): Promise<OtlpReceiver> {
  const spans: ReceivedSpan[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      if (req.method !== "POST" || req.url !== "/v1/traces" || !req.headers["content-type"]?.startsWith("application/json")) {
        res.writeHead(415).end();
        return;
      }
      const body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as OtlpExport;
      for (const resourceSpans of body.resourceSpans ?? []) {
        const service = String(attributesOf(resourceSpans.resource?.attributes)["service.name"] ?? "");
        for (const scope of resourceSpans.scopeSpans ?? []) {
          for (const span of scope.spans ?? []) spans.push({ ...span, attributes: attributesOf(span.attributes), service });
        }
      }
      res.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoint: `http://127.0.0.1:${port}/v1/traces`,
    spans,
    async trace(traceId, names, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const found = spans.filter((span) => span.traceId === traceId);
        if (names.every((name) => found.some((span) => span.name === name)) || Date.now() > deadline) return found;
        await sleep(50);
      }
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
