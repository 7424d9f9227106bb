import type { IncomingHttpHeaders } from "node:http";
// pino's own Logger, which ../logger.ts names too: that module imports this one for its mixin.
import type { Logger } from "pino";
import type { OpenSpan, SpanAttributes, Tracing, TracingSettings } from "./tracer";

/**
 * OpenTelemetry traces, off unless TRACING=otlp. This module is all the site loads when they
 * are off: it holds no OpenTelemetry code, and each hook below is a single check. When they
 * are on, otel-tracing.ts is imported at start (with the OpenTelemetry SDK it alone names) and
 * every span goes to an OTLP/HTTP collector (TRACING_ENDPOINT).
 */

let tracing: Tracing | undefined;

/** Starts tracing when `settings` are given: loads the OpenTelemetry SDK, and from then on the hooks below make spans. */
export async function startTracing(settings: TracingSettings | undefined, logger: Pick<Logger, "info">): Promise<void> {
  if (!settings || tracing) return;
  const { openTelemetryTracing } = await import("./otel-tracing");
  tracing = openTelemetryTracing(settings);
  logger.info({ endpoint: settings.endpoint, sampleRatio: settings.sampleRatio }, "Tracing to an OTLP collector");
}

export async function stopTracing(): Promise<void> {
  const stopping = tracing;
  tracing = undefined;
  await stopping?.shutdown();
}

export const tracingOn = (): boolean => tracing !== undefined;

/** Runs `work` in a span when tracing is on; else just runs it. */
export function traced<T>(name: string, attributes: SpanAttributes, work: () => Promise<T>): Promise<T> {
  return tracing ? tracing.inSpan(name, attributes, work) : work();
}

export function inServerSpan(
  name: string,
  headers: IncomingHttpHeaders,
  attributes: SpanAttributes,
  work: (span?: OpenSpan) => void,
): void {
  if (tracing) tracing.inServerSpan(name, headers, attributes, work);
  else work();
}

export function startSpan(name: string, attributes: SpanAttributes): OpenSpan | undefined {
  return tracing?.startSpan(name, attributes);
}

/** pino's mixin: the trace a line was logged in, when tracing is on. */
export function traceIdMixin(): { traceId?: string } {
  const traceId = tracing?.currentTraceId();
  return traceId === undefined ? {} : { traceId };
}
