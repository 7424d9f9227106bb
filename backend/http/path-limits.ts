import type { RequestHandler } from "express";
import { refuse } from "./refusal";

/** Far past the longest path the site makes; the query string is left to Node's 16 KB limit on headers. */
export const MAX_PATH_LENGTH = 2048;
/** The deepest page is three segments (/vehicles/:id/finance); nothing real comes near this. */
export const MAX_PATH_SEGMENTS = 16;

/**
 * Absurd addresses are turned away before any router sees them: the page router's matching
 * grows faster than linearly with the number of path segments, so one request for a path of
 * 8,000 segments held the whole process for seconds.
 */
export const refuseAbsurdPaths: RequestHandler = (req, res, next) => {
  if (req.path.length > MAX_PATH_LENGTH) {
    return refuse(req, res, {
      status: 414,
      code: "uri_too_long",
      title: "Address too long",
      message: `A path on this site is at most ${MAX_PATH_LENGTH} characters long.`,
    });
  }
  if (req.path.split("/").length - 1 > MAX_PATH_SEGMENTS) {
    return refuse(req, res, {
      status: 404,
      code: "not_found",
      title: "Page not found",
      message: "There is no page at this address.",
    });
  }
  next();
};
