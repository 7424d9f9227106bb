import type { IncomingHttpHeaders } from "node:http";

/**
 * What a tracer does and is set up with: the calls tracing.ts makes, which otel-tracing.ts
 * answers with the OpenTelemetry SDK. Apart from both, as tracing.ts loads otel-tracing.ts.
 */

export type SpanAttributes = Record<string, string | number | boolean>;

export interface OpenSpan {
  setAttribute(name: string, value: string | number | boolean): void;
  /** Ends the span; `failed` marks it as an error. */
  end(failed?: boolean): void;
}

export interface Tracing {
  /** Runs `work` in a span, a child of the current one. */
  inSpan<T>(name: string, attributes: SpanAttributes, work: () => Promise<T>): Promise<T>;
  /** Runs `work` in a server span continuing the caller's trace (its `traceparent` header, as a balancer or a browser sends it). */
  inServerSpan(name: string, headers: IncomingHttpHeaders, attributes: SpanAttributes, work: (span: OpenSpan) => void): void;
  /** A span started now, child of the current one, that the caller ends (a MongoDB command, from the driver's events). */
  startSpan(name: string, attributes: SpanAttributes): OpenSpan;
  /** The current trace's id, for the log lines. */
  currentTraceId(): string | undefined;
  /** Sends what is still buffered and stops. */
  shutdown(): Promise<void>;
}

export interface TracingSettings {
  /** Where spans are sent: an OTLP/HTTP collector's /v1/traces. */
  endpoint: string;
  serviceName: string;
  serviceVersion: string;
  /** The share of traces started here that are kept (a trace a caller started follows the caller's choice). */
  sampleRatio: number;
}
