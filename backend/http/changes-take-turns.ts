import type { Request, RequestHandler, Response } from "express";
import { cookieValue, type StaffCookies } from "../staff/staff-cookies";
import { SAFE_METHODS } from "./page-methods";
import { refuse } from "./refusal";

/**
 * Requests that change something (every method but GET, HEAD and OPTIONS) are let on one at a
 * time, one for each turn of the event loop. A flood of them arrives in one instant: 300
 * sign-ins cost the main thread about 2 ms each (HTTP, middleware, React Router) before their
 * passwords wait for a hash, and taken all at once they held every other request, a buyer's
 * page or /healthz, for 300–650 ms (docs/benchmarks.md). Let on one a turn, whatever arrives
 * meanwhile is answered between them, and no work is added: the flood is answered as fast.
 *
 * Who goes first, by the cookies a request carries (read before any are checked, so this only
 * orders; each page and call still checks who is asking): a staff session, then a browser an
 * account has signed in on before (its device cookie), then everyone else. An attacker copying
 * a cookie's name gains a place in the order, not a way round the queue.
 *
 * At most `maxWaiting` wait; beyond that a newcomer is turned away at once with 503, unless it
 * comes before the last one waiting, which is turned away instead.
 */
export function changesTakeTurns(cookies: StaffCookies, maxWaiting: number, onRefused?: () => void): RequestHandler {
  const queues: Array<Array<Waiting>> = [[], [], []];
  let waiting = 0;
  let letting = false;

  const letNextOn = () => {
    letting = false;
    let next: Waiting | undefined;
    // A sender that has gone needs no answer, and its work is saved.
    do {
      next = queues.find((queue) => queue.length > 0)?.shift();
      if (next) waiting--;
    } while (next?.req.socket.destroyed);
    if (waiting > 0) letOneOn();
    next?.go();
  };
  const letOneOn = () => {
    if (letting) return;
    letting = true;
    setImmediate(letNextOn);
  };
  const turnAway = ({ req, res }: Waiting) => {
    onRefused?.();
    res.set({ "Retry-After": "30", Connection: "close" });
    refuse(req, res, {
      status: 503,
      code: "busy",
      title: "The site is busy",
      message: "Too many forms are being sent at the moment. Please try again in a minute.",
    });
  };

  return (req, res, next) => {
    if (SAFE_METHODS.has(req.method)) return next();
    const rank = rankOf(req, cookies);
    const arriving: Waiting = { req, res, go: next };
    if (waiting >= maxWaiting) {
      const last = queues.findLastIndex((queue) => queue.length > 0);
      if (last <= rank) return turnAway(arriving);
      turnAway(queues[last]!.pop()!);
      waiting--;
    }
    queues[rank]!.push(arriving);
    waiting++;
    letOneOn();
  };
}

interface Waiting {
  req: Request;
  res: Response;
  go: () => void;
}

/** 0 for a staff session, 1 for a browser an account has signed in on, 2 for anyone else. */
function rankOf(req: Request, cookies: StaffCookies): number {
  const header = req.headers.cookie;
  if (!header) return 2;
  if (cookieValue(header, cookies.session)) return 0;
  return cookieValue(header, cookies.device) ? 1 : 2;
}
