import { pino } from "pino";
import type { Logger } from "../../backend/logger";
import { requestIdMixin } from "../../backend/observability/request-scope";

export interface CapturedLogger {
  logger: Logger;
  /** Everything logged so far, one JSON line per entry, as the site would print it. */
  text(): string;
  /** The first line containing `fragment`, waiting for it: a request is logged when its response has finished, which can be just after the client has read it. */
  lineContaining(fragment: string): Promise<string>;
}

/** A logger like the site's whose output a test can read, to check what reaches the logs. */
export function capturedLogger(): CapturedLogger {
  const lines: string[] = [];
  const logger = pino(
    { level: "trace", base: { service: "dealer-site" }, mixin: requestIdMixin },
    { write: (line: string) => void lines.push(line) },
  );
  const text = () => lines.join("");
  const lineContaining = async (fragment: string) => {
    const deadline = Date.now() + 2000;
    for (;;) {
      const line = text()
        .split("\n")
        .find((entry) => entry.includes(fragment));
      if (line !== undefined) return line;
      if (Date.now() > deadline) throw new Error(`nothing containing ${fragment} was logged within 2 s`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  };
  return { logger, text, lineContaining };
}
