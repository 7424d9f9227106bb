import { AsyncLocalStorage } from "node:async_hooks";

/**
 * The request being answered, carried through every await and callback that answering it
 * starts, so that a line logged by any module (the catalogue, a store, the outbox) names the
 * request it was logged for without each being handed the request's logger.
 */
const requestScope = new AsyncLocalStorage<string>();

/** Runs `work`, and everything it starts, as part of the request `requestId`. */
export function inRequest<T>(requestId: string, work: () => T): T {
  return requestScope.run(requestId, work);
}

/** The id of the request whose work is running, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore();
}

/** pino's mixin: `requestId` on every line logged while a request's work runs. */
export function requestIdMixin(): { requestId?: string } {
  const requestId = requestScope.getStore();
  return requestId === undefined ? {} : { requestId };
}
