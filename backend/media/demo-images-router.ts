import { Router } from "express";
import { parseDemoImagePath } from "./demo-image-catalogue";
import { renderDemoImage } from "./demo-image-svg";
import { STANDALONE_IMAGE_POLICY } from "./photos-router";

/** Serves the demo stock's drawn pictures; an address names its picture, so it never changes. */
export function demoImagesRouter(): Router {
  const router = Router();
  const rendered = new Map<string, string>();
  router.get("/:shape/:colour/:view", (req, res, next) => {
    const { shape = "", colour = "", view = "" } = req.params;
    const image = parseDemoImagePath(shape, colour, view);
    if (!image) return next();
    let svg = rendered.get(req.path);
    if (svg === undefined) {
      svg = renderDemoImage(image);
      rendered.set(req.path, svg);
    }
    // Opened on its own ("View full screen" without JavaScript) a drawing is a document: its
    // inline styles are the site's own, and nothing in it may run or load.
    res
      .set("Cache-Control", "public, max-age=31536000, immutable")
      .set("Content-Security-Policy", STANDALONE_IMAGE_POLICY)
      .type("image/svg+xml")
      .send(svg);
  });
  return router;
}
