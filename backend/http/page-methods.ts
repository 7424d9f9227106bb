import type { RequestHandler } from "express";
import { refuse } from "./refusal";

/** The methods that only read (HTTP's safe methods): no CSRF check, no waiting turn. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Pages are read with GET or HEAD and forms post to theirs; the page renderer answers any
 * other method with its own error page. Here they get the contract's 405 instead. (The API
 * answers its own methods.)
 */
export const refuseOtherPageMethods: RequestHandler = (req, res, next) => {
  if (req.method === "GET" || req.method === "HEAD" || req.method === "POST" || req.path.startsWith("/api/")) return next();
  res.set("Allow", "GET, HEAD, POST");
  refuse(req, res, {
    status: 405,
    code: "method_not_allowed",
    title: "That can't be done here",
    message: `Pages on this site are read with GET, and forms are sent with POST; ${req.method} is not used.`,
  });
};
