import type { RequestHandler, Response } from "express";
import { refuse } from "./refusal";

/** A page that takes a file upload (the stock console's), read as a stream with a limit of its own. */
export interface UploadPage {
  maxBytes: number;
  /**
   * Whether this request's sender may send a file that large. Anyone else's body over the
   * ordinary limit is refused before a byte of it is read: the page's own checks of who is
   * signed in come only after the body.
   */
  mayUpload(res: Response): boolean;
}

/**
 * Bodies are refused by their declared length before a byte of them is read: Express's
 * JSON parser would otherwise wait for all of a 100 MB body to arrive before answering 413,
 * holding the connection for as long as a slow sender likes. Forms posted to pages (without
 * JavaScript) are read whole by React Router, with no limit of its own, so they must also
 * declare their length, as browsers always do; the API's JSON parser limits a chunked body
 * as it reads.
 */
export function limitRequestBodies(defaultMaxBytes: number, uploads: ReadonlyMap<string, UploadPage> = new Map()): RequestHandler {
  return (req, res, next) => {
    const upload = uploads.get(req.path.replace(/\.data$/, ""));
    const uploading = upload !== undefined && upload.mayUpload(res);
    const maxBytes = uploading ? upload.maxBytes : defaultMaxBytes;
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
      if (upload && !uploading) {
        return refuse(req, res, {
          status: 403,
          code: "upload_not_allowed",
          title: "Only a stock manager can upload stock",
          message:
            "A stock feed can only be uploaded by a member of staff with the stock or admin role who is signed in. Sign in to the staff area and try again.",
        });
      }
      return refuse(req, res, {
        status: 413,
        code: "payload_too_large",
        title: uploading ? "That file is too large" : "That form is too large",
        message: req.path.startsWith("/api/")
          ? `The request body is too large: the limit is ${Math.floor(maxBytes / 1024)} KB.`
          : uploading
            ? `A file may be at most ${Math.floor(maxBytes / (1 << 20))} MB. Go back and choose a smaller one.`
            : `A form may be at most ${Math.floor(maxBytes / 1024)} KB. Please shorten what you typed and send it again.`,
      });
    }
    next();
  };
}
