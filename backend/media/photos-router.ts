import { Router } from "express";
import {
  PHOTO_FORMATS,
  PHOTO_MIME_TYPES,
  PHOTO_WIDTHS,
  photoIdSchema,
  type PhotoFormat,
  type PhotoWidth,
} from "../../domain/vehicle-photos";
import type { PhotoLibrary } from "./photo-library";

const YEAR_SECONDS = 31_536_000;

/**
 * Serves /media/photos/{id}/{width}.{format}. An address names a photo's content, so what it
 * serves never changes: browsers and proxies keep it a year without asking again.
 */
export function photosRouter(library: PhotoLibrary): Router {
  const router = Router();
  router.get("/:id/:file", async (req, res, next) => {
    const id = photoIdSchema.safeParse(req.params.id);
    const [widthText, format] = req.params.file.split(".");
    const width = Number(widthText) as PhotoWidth;
    if (!id.success || !PHOTO_WIDTHS.includes(width) || !PHOTO_FORMATS.includes(format as PhotoFormat)) return next();
    try {
      const file = await library.size(id.data, width, format as PhotoFormat);
      if (!file) return next();
      res.set("Cache-Control", `public, max-age=${YEAR_SECONDS}, immutable`);
      res.type(PHOTO_MIME_TYPES[format as PhotoFormat]);
      res.sendFile(file, { dotfiles: "deny", cacheControl: false, lastModified: false });
    } catch (error) {
      next(error);
    }
  });
  return router;
}
