import type { Config } from "../config";
import { SITE_VERSION } from "../release";
import type { TracingSettings } from "./tracer";

/** Tracing's settings from the configuration; undefined when it is off. */
export function tracingSettingsOf(
  config: Pick<Config, "TRACING" | "TRACING_ENDPOINT" | "TRACING_SAMPLE_RATIO">,
): TracingSettings | undefined {
  if (config.TRACING === "off") return undefined;
  return {
    endpoint: config.TRACING_ENDPOINT,
    serviceName: "dealer-site",
    serviceVersion: SITE_VERSION,
    sampleRatio: config.TRACING_SAMPLE_RATIO,
  };
}
