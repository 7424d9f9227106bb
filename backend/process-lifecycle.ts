import type { Logger } from "./logger";

/**
 * SIGTERM (a container stopping) and SIGINT (Ctrl-C) stop the site gracefully; a second
 * signal, or a stop that hangs, ends the process at once.
 */
export function stopOnSignals(stop: () => Promise<void>, logger: Logger): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, "Stopping");
    stop().then(
      () => process.exit(0),
      (error: unknown) => {
        logger.error({ err: error }, "Stopping failed");
        process.exit(1);
      },
    );
  };
  process.on("SIGTERM", onSignal);
  process.on("SIGINT", onSignal);
  process.on("unhandledRejection", (reason) => logger.error({ err: reason }, "Unhandled promise rejection"));
}
