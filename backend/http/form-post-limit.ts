import type { RequestHandler } from "express";
import { refuse } from "./refusal";

/**
 * Forms posted to pages (without JavaScript) are read whole by React Router, with no limit
 * of its own, so their size is checked here first. Browsers always state a form's length;
 * a post that does not is turned away rather than read to an unknown end.
 */
export function limitFormPosts(maxBytes: number): RequestHandler {
  return (req, res, next) => {
    if (req.method !== "POST" || req.path.startsWith("/api/")) return next();
    const length = req.headers["content-length"];
    if (length === undefined) {
      return refuse(req, res, {
        status: 411,
        code: "length_required",
        title: "That form could not be read",
        message: "The form was sent without its length. Please try again from the page.",
      });
    }
    if (!/^\d+$/.test(length) || Number(length) > maxBytes) {
      return refuse(req, res, {
        status: 413,
        code: "payload_too_large",
        title: "That form is too large",
        message: `A form may be at most ${Math.floor(maxBytes / 1024)} KB. Please shorten what you typed and send it again.`,
      });
    }
    next();
  };
}
