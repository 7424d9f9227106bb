import { Router, type Response } from "express";
import { photoIdSchema } from "../../domain/vehicle-photo-schema";
import { PHOTO_FORMATS, PHOTO_MIME_TYPES, PHOTO_WIDTHS, type PhotoFormat, type PhotoWidth } from "../../domain/vehicle-photos";
import { PhotoBusyError, type PhotoLibrary } from "./photo-library";

const YEAR_SECONDS = 31_536_000;
/** Nothing in an image may run or load; only the browser's own styling of an image shown alone applies. */
export const STANDALONE_IMAGE_POLICY = "default-src 'none'; style-src 'unsafe-inline'";

/**
 * Serves /media/photos/{id}/{width}.{format}. An address names a photo's content, so what it
 * serves never changes: browsers and proxies keep it a year without asking again. A request
 * that needs a size made while the queue for making them is full is answered 503 with
 * Retry-After, unless `mayWait` says it comes from someone who may wait their turn (a
 * signed-in member of staff).
 */
export function photosRouter(library: PhotoLibrary, mayWait: (res: Response) => boolean): Router {
  const router = Router();
  router.get("/:id/:file", async (req, res, next) => {
    const id = photoIdSchema.safeParse(req.params.id);
    const [widthText, format] = req.params.file.split(".");
    const width = Number(widthText) as PhotoWidth;
    if (!id.success || !PHOTO_WIDTHS.includes(width) || !PHOTO_FORMATS.includes(format as PhotoFormat)) return next();
    try {
      const file = await library.size(id.data, width, format as PhotoFormat, { mayWait: mayWait(res) });
      if (!file) return next();
      res.set("Cache-Control", `public, max-age=${YEAR_SECONDS}, immutable`);
      // Opened on its own ("View full screen" without JavaScript) the browser wraps a photo in
      // a page of its own styling; the site's page policy would refuse that styling.
      res.set("Content-Security-Policy", STANDALONE_IMAGE_POLICY);
      res.type(PHOTO_MIME_TYPES[format as PhotoFormat]);
      res.sendFile(file, { dotfiles: "deny", cacheControl: false, lastModified: false });
    } catch (error) {
      if (!(error instanceof PhotoBusyError)) return next(error);
      res
        .set("Retry-After", String(error.retryAfterSeconds))
        .set("Cache-Control", "no-store")
        .status(503)
        .type("text/plain")
        .send(error.message);
    }
  });
  return router;
}
