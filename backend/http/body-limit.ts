import type { RequestHandler } from "express";
import { refuse } from "./refusal";

/**
 * Bodies are refused by their declared length before a byte of them is read: Express's
 * JSON parser would otherwise wait for all of a 100 MB body to arrive before answering 413,
 * holding the connection for as long as a slow sender likes. Forms posted to pages (without
 * JavaScript) are read whole by React Router, with no limit of its own, so they must also
 * declare their length, as browsers always do; the API's JSON parser limits a chunked body
 * as it reads.
 */
export function limitRequestBodies(defaultMaxBytes: number, uploads: Readonly<Record<string, number>> = {}): RequestHandler {
  return (req, res, next) => {
    // A page that takes a file upload (the stock console's) reads it as a stream, with a limit of its own.
    const maxBytes = uploads[req.path.replace(/\.data$/, "")] ?? defaultMaxBytes;
    const length = req.headers["content-length"];
    if (length === undefined) {
      if (req.method !== "POST" || req.path.startsWith("/api/")) return next();
      return refuse(req, res, {
        status: 411,
        code: "length_required",
        title: "That form could not be read",
        message: "The form was sent without its length. Please try again from the page.",
      });
    }
    if (!/^\d+$/.test(length) || Number(length) > maxBytes) {
      // The rest of the body is never read: the connection closes after this answer.
      res.set("Connection", "close");
      return refuse(req, res, {
        status: 413,
        code: "payload_too_large",
        title: maxBytes === defaultMaxBytes ? "That form is too large" : "That file is too large",
        message: req.path.startsWith("/api/")
          ? `The request body is too large: the limit is ${Math.floor(maxBytes / 1024)} KB.`
          : maxBytes === defaultMaxBytes
            ? `A form may be at most ${Math.floor(maxBytes / 1024)} KB. Please shorten what you typed and send it again.`
            : `A file may be at most ${Math.floor(maxBytes / (1 << 20))} MB. Go back and choose a smaller one.`,
      });
    }
    next();
  };
}
