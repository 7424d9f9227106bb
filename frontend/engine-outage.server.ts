import { data, type UNSAFE_DataWithResponseInit as DataWithResponseInit } from "react-router";
import { EngineUnavailableError, type EngineRole } from "../backend/engine-health";

/** What a page that cannot be shown for an engine outage tells ErrorPage. */
export interface EngineOutage {
  unavailable: EngineRole;
}

/**
 * A loader whose page cannot be shown without its engines: when one is down the page answers
 * 503 with Retry-After and a page that says so (ErrorPage), not a 500.
 */
export function answersOutages<Args extends unknown[], Result>(
  loader: (...args: Args) => Promise<Result>,
): (...args: Args) => Promise<Result> {
  return async (...args) => {
    try {
      return await loader(...args);
    } catch (error) {
      if (!(error instanceof EngineUnavailableError)) throw error;
      throw data<EngineOutage>({ unavailable: error.engine }, { status: 503, headers: { "Retry-After": String(error.retryAfterSeconds) } });
    }
  };
}

/** For what only decorates a page (similar vehicles, offers): without its engine, the page goes without it. */
export async function unlessEngineDown<T>(work: Promise<T>, fallback: T): Promise<T> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof EngineUnavailableError) return fallback;
    throw error;
  }
}

/** A form the store could not take in time: shown again with everything typed, to be sent again shortly. */
export interface UnsentForm {
  ok: false;
  failed: true;
  values: Record<string, string>;
}

/**
 * A form's action that stores a lead: when the store cannot take it in time, the page shows
 * the form again with everything the visitor typed and says that sending failed (503, with
 * Retry-After), rather than an error page in place of their answers. Nothing is half-stored:
 * a lead is one document, stored whole or not at all (lead-intake.ts).
 */
export async function keepingAnswers<Result>(
  values: Record<string, string>,
  send: () => Promise<Result>,
): Promise<Result | DataWithResponseInit<UnsentForm>> {
  try {
    return await send();
  } catch (error) {
    if (!(error instanceof EngineUnavailableError)) throw error;
    return data<UnsentForm>(
      { ok: false, failed: true, values },
      { status: 503, headers: { "Retry-After": String(error.retryAfterSeconds) } },
    );
  }
}
