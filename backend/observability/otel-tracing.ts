import type { IncomingHttpHeaders } from "node:http";
import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span } from "@opentelemetry/api";
import { OTLPTraceExporter } from "@opentelemetry/exporter-trace-otlp-http";
import { resourceFromAttributes } from "@opentelemetry/resources";
import { BatchSpanProcessor, NodeTracerProvider, ParentBasedSampler, TraceIdRatioBasedSampler } from "@opentelemetry/sdk-trace-node";
import type { OpenSpan, SpanAttributes, Tracing, TracingSettings } from "./tracer";

/**
 * The OpenTelemetry SDK behind tracing.ts, which imports this module only when tracing is on:
 * nothing else names the SDK, so with tracing off none of it is loaded (the build keeps this
 * module a chunk of its own, reached only by that import; tests/api/tracing.test.ts checks).
 */
export function openTelemetryTracing(settings: TracingSettings): Tracing {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ "service.name": settings.serviceName, "service.version": settings.serviceVersion }),
    sampler: new ParentBasedSampler({ root: new TraceIdRatioBasedSampler(settings.sampleRatio) }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.endpoint }))],
  });
  // The context manager (AsyncLocalStorage) and the W3C traceparent propagator, for the whole process.
  provider.register();
  const tracer = provider.getTracer("dealer-site", settings.serviceVersion);

  const opened = (span: Span): OpenSpan => ({
    setAttribute: (name, value) => void span.setAttribute(name, value),
    end(failed) {
      if (failed) span.setStatus({ code: SpanStatusCode.ERROR });
      span.end();
    },
  });

  return {
    inSpan<T>(name: string, attributes: SpanAttributes, work: () => Promise<T>): Promise<T> {
      return tracer.startActiveSpan(name, { attributes }, async (span) => {
        try {
          return await work();
        } catch (error) {
          span.recordException(error instanceof Error ? error : String(error));
          span.setStatus({ code: SpanStatusCode.ERROR });
          throw error;
        } finally {
          span.end();
        }
      });
    },
    inServerSpan(name: string, headers: IncomingHttpHeaders, attributes: SpanAttributes, work: (span: OpenSpan) => void): void {
      const caller = propagation.extract(ROOT_CONTEXT, headers);
      const span = tracer.startSpan(name, { kind: SpanKind.SERVER, attributes }, caller);
      context.with(trace.setSpan(caller, span), () => work(opened(span)));
    },
    startSpan: (name, attributes) => opened(tracer.startSpan(name, { kind: SpanKind.CLIENT, attributes })),
    currentTraceId: () => trace.getActiveSpan()?.spanContext().traceId,
    shutdown: () => provider.shutdown(),
  };
}
