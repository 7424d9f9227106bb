import type { Logger } from "./logger";

/**
 * SIGTERM (a container stopping) and SIGINT (Ctrl-C) stop the site gracefully, told which
 * came (SIGTERM drains first, for a load balancer); a second signal ends the process at once.
 */
export function stopOnSignals(stop: (signal: NodeJS.Signals) => Promise<void>, logger: Logger): void {
  let stopping = false;
  const onSignal = (signal: NodeJS.Signals) => {
    if (stopping) process.exit(1);
    stopping = true;
    logger.info({ signal }, "Stopping");
    stop(signal).then(
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
