import { EngineUnavailableError, type EngineHealth } from "./engine-health";
import type { Logger } from "./logger";

/** How often a site that started without its store tries it again. */
const RETRY_MS = 2000;

export interface StoreLoad {
  /** Stops trying, and waits for a try under way. */
  stop(): Promise<void>;
}

/**
 * Runs what the site needs from its store before it can serve stock (the store's indexes,
 * demo stock, the first build of an in-process index). When the store does not answer, the
 * site starts anyway, since containers start in any order: it serves what needs no store,
 * answers 503 for the rest, and this tries again every few seconds until the store answers.
 * EngineHealth logs the outage once and the recovery once. Any other failure of the first
 * try stops the start, as a wrong setting should; of a later one, it is logged.
 */
export async function loadWhenStoreAnswers(
  load: () => Promise<void>,
  health: EngineHealth,
  logger: Pick<Logger, "error">,
  retryMs = RETRY_MS,
): Promise<StoreLoad> {
  const attempt = () => health.track("store", load);
  try {
    await attempt();
    return { async stop() {} };
  } catch (error) {
    if (!(error instanceof EngineUnavailableError)) throw error;
  }

  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  const tryAgain = () => {
    running = attempt().then(
      () => undefined,
      (error: unknown) => {
        if (!(error instanceof EngineUnavailableError)) {
          logger.error(
            { err: error },
            "Loading the stock failed once the store answered: what needs it answers 503 until the site is restarted",
          );
        } else if (!stopped) {
          timer = setTimeout(tryAgain, retryMs);
        }
      },
    );
  };
  timer = setTimeout(tryAgain, retryMs);
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
