import { pino } from "pino";
import type { Logger } from "../../backend/logger";

export interface CapturedLogger {
  logger: Logger;
  /** Everything logged so far, one JSON line per entry, as the site would print it. */
  text(): string;
}

/** A logger like the site's whose output a test can read, to check what reaches the logs. */
export function capturedLogger(): CapturedLogger {
  const lines: string[] = [];
  const logger = pino({ level: "trace", base: { service: "dealer-site" } }, { write: (line: string) => void lines.push(line) });
  return { logger, text: () => lines.join("") };
}
