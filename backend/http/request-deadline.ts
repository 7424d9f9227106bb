import type { RequestHandler, Response } from "express";
import { refuse } from "./refusal";

/**
 * How long a request's body may take to arrive. Node's own `requestTimeout` is one bound for
 * the whole server, so it is set to the longest any route needs (a signed-in stock manager's
 * 50 MB feed on a slow line, STOCK_UPLOAD_TIMEOUT_SECONDS), and every other request is held
 * here to the short REQUEST_TIMEOUT_SECONDS, so a slow sender still cannot hold a connection
 * open for long anywhere else. The long bound is for those its path says may take it (a
 * stock manager's session): anyone may post to the upload page's address, and anyone else
 * dribbling a body there gets the short bound too.
 */
export function limitRequestTime(defaultMs: number, longPaths: ReadonlyMap<string, (res: Response) => boolean>): RequestHandler {
  return (req, res, next) => {
    const long = longPaths.get(req.path.replace(/\.data$/, ""))?.(res) === true;
    if (long || req.complete) return next();
    const timer = setTimeout(() => {
      if (req.complete || req.socket.destroyed) return;
      if (res.headersSent) {
        req.socket.destroy();
        return;
      }
      res.set("Connection", "close");
      refuse(req, res, {
        status: 408,
        code: "request_timeout",
        title: "That took too long to arrive",
        message: "The request took too long to arrive. Please send it again.",
      });
      // Nothing more of this body is wanted: the connection goes once the answer is out.
      res.once("finish", () => req.socket.destroy());
    }, defaultMs);
    timer.unref();
    const clear = () => clearTimeout(timer);
    req.once("end", clear);
    res.once("close", () => {
      if (req.complete) clear();
    });
    next();
  };
}
