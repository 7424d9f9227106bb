import { Router } from "express";
import { createGunzip } from "node:zlib";
import { Readable } from "node:stream";
import { CHANNEL_IDS, type ChannelId } from "./channel";
import { CHANNELS } from "./channels";
import type { FeedDesk } from "./feed-desk";

/**
 * The outgoing feeds' addresses, /feeds/{file}?token={secret}, which the channels fetch on
 * their own schedules. A wrong secret and a feed switched off both answer 404, so an address
 * tells nothing unless it is whole. The secret sits in the query string, which the request
 * log writes as [redacted] (backend/http/request-logging.ts); the answer is never kept by a
 * cache on the way, nor indexed.
 */
export function feedsRouter(desk: FeedDesk): Router {
  const byFile = new Map<string, ChannelId>(CHANNEL_IDS.map((id) => [CHANNELS[id].fileName, id]));
  const router = Router();
  router.get("/:file", async (req, res) => {
    res.setHeader("Cache-Control", "private, no-store");
    res.setHeader("X-Robots-Tag", "noindex");
    const id = byFile.get(req.params.file);
    const token = typeof req.query.token === "string" ? req.query.token : undefined;
    const document = id && (await desk.documentFor(id, token));
    if (!document) {
      res.status(404).type("text/plain").send("There is no feed at this address.");
      return;
    }
    res.type(document.contentType);
    res.setHeader("Content-Disposition", `inline; filename="${document.fileName}"`);
    res.setHeader("X-Vehicle-Count", String(document.vehicles));
    res.vary("Accept-Encoding");
    if (req.acceptsEncodings("gzip") === "gzip") {
      res.setHeader("Content-Encoding", "gzip");
      res.setHeader("Content-Length", String(document.gzip.length));
      res.end(req.method === "HEAD" ? undefined : document.gzip);
      return;
    }
    if (req.method === "HEAD") {
      res.end();
      return;
    }
    Readable.from([document.gzip]).pipe(createGunzip()).pipe(res);
  });
  return router;
}
