import type { RequestHandler } from "express";
import { isbot } from "isbot";
import type { VehicleViewCounter } from "../stock/vehicle-views";

/**
 * Counts each vehicle page served whole to a visitor (a 200 to a GET, from the page cache or
 * rendered), for the stock table's views column. Crawlers are not counted, nor anything
 * about the visitor kept: the counter learns a vehicle id and a day.
 */
export function countVehicleViews(views: VehicleViewCounter): RequestHandler {
  return (req, res, next) => {
    const id = req.params.id;
    if (req.method === "GET" && typeof id === "string" && !id.includes(".") && !isbot(req.get("user-agent"))) {
      res.on("finish", () => {
        if (res.statusCode === 200) views.count(id);
      });
    }
    next();
  };
}
