import { Router, type Request, type Response } from "express";
import { parseSearchRequest } from "../../domain/parse-search-request";
import { readVehicleIdList } from "../../domain/vehicle-id-list";
import { VEHICLE_LISTS } from "../../domain/vehicle-lists";
import { searchRequestToParams, type SearchRequest } from "../../domain/search-request";
import { priceOf } from "../../domain/vehicle-price";
import { VEHICLE_TYPES, vehicleTypeSchema, type VehicleRecord, type VehicleType } from "../../domain/vehicle";
import type { Catalogue } from "../catalogue";
import { buyerLocation, UnknownPostcodeError } from "../geo/buyer-location";
import { ApiError } from "./api-error";
import { setPagingHeaders } from "./paging-headers";

/** The read side of the public JSON API, mounted at /api/vehicles: its addresses and shapes must not change. */
export function vehiclesApi(catalogue: Catalogue): Router {
  const router = Router();

  router.get("/distinct/:type", async (req, res) => {
    const type = vehicleTypeOf(req);
    const { filters, q } = searchRequestOf(req);
    res.set("Cache-Control", CACHE_BRIEFLY).json(await catalogue.distinct(type, filters, q));
  });

  router.get("/search/:type", async (req, res) => {
    const type = vehicleTypeOf(req);
    const request = searchRequestOf(req);
    const { total, vehiclesJson } = await catalogue.searchJson(type, request);
    setPagingHeaders(res, { total, ...request }, (page) => pageUrl(req, { ...request, page }));
    sendJsonText(res, `[${vehiclesJson.join(",")}]`);
  });

  router.get("/", async (req, res) => {
    const { page, pageSize } = searchRequestOf(req);
    const request: SearchRequest = { filters: {}, sort: "relevance", page, pageSize };
    const { total, vehicles } = await catalogue.search(undefined, request);
    setPagingHeaders(res, { total, page, pageSize }, (p) => pageUrl(req, { page: p, pageSize }));
    res.set("Cache-Control", CACHE_BRIEFLY).json(vehicles.map(withListFields));
  });

  router.get("/:id", async (req, res) => {
    const vehicle = await catalogue.get(String(req.params.id));
    if (!vehicle) throw new ApiError(404, "vehicle_not_found", "Vehicle not found.", "id");
    res.set("Cache-Control", CACHE_BRIEFLY).json(vehicle);
  });

  return router;
}

/**
 * The search screen's one call, mounted at /api/search: a page of results and every
 * filter's options with how many vehicles each would give, so a filter change costs one
 * round trip.
 */
export function searchScreenApi(catalogue: Catalogue): Router {
  const router = Router();
  router.get("/:type", async (req, res) => {
    const type = vehicleTypeOf(req);
    const request = searchRequestOf(req);
    const { total, vehiclesJson, options } = await catalogue.searchJson(type, request, true);
    setPagingHeaders(res, { total, ...request }, (page) => pageUrl(req, { ...request, page }));
    const head = JSON.stringify({ total, page: request.page, pageSize: request.pageSize });
    sendJsonText(res, `${head.slice(0, -1)},"vehicles":[${vehiclesJson.join(",")}],"options":${JSON.stringify(options)}}`);
  });
  return router;
}

/**
 * The search box's suggestions, mounted at /api/suggest: `{ suggestions: [{ label, count,
 * href }] }` for the words typed so far in `q`, read by the same rules as a search's `q`.
 */
export function suggestApi(catalogue: Catalogue): Router {
  const router = Router();
  router.get("/:type", async (req, res) => {
    const type = vehicleTypeOf(req);
    const { q } = searchRequestOf(req);
    res.set("Cache-Control", CACHE_BRIEFLY).json({ suggestions: q ? await catalogue.suggest(type, q) : [] });
  });
  return router;
}

/**
 * A visitor's saved or recently viewed vehicles as they stand now, mounted at
 * /api/vehicle-lookup: `?ids=a,b,c` (at most as many as a saved list holds) answers
 * `{ vehicles: [{ id, status: "for sale", record } | { id, status: "sold", sold } | { id,
 * status: "unknown" }] }` in the order asked.
 */
export function vehicleLookupApi(catalogue: Catalogue): Router {
  const router = Router();
  router.get("/", async (req, res) => {
    const list = readVehicleIdList(new URL(req.originalUrl, "http://localhost").searchParams, VEHICLE_LISTS.saved);
    if (!list.ok) throw new ApiError(400, "invalid_parameter", list.message, "ids");
    if (list.ids.length === 0) throw new ApiError(400, "missing_parameter", "Name the vehicles to look up: ids=id1,id2", "ids");
    res.set("Cache-Control", CACHE_BRIEFLY).json({ vehicles: await catalogue.lookUp(list.ids) });
  });
  return router;
}

/** Stock changes with each import; a short lifetime spares repeat requests from a phone. */
const CACHE_BRIEFLY = "public, max-age=15";

/** Sends JSON already written as text (stored records are kept as JSON text). */
function sendJsonText(res: Response, json: string): void {
  res.set("Cache-Control", CACHE_BRIEFLY).type("json").send(json);
}

function vehicleTypeOf(req: Request): VehicleType {
  const parsed = vehicleTypeSchema.safeParse(req.params.type);
  if (!parsed.success) {
    throw new ApiError(
      404,
      "unknown_vehicle_type",
      `There is no vehicle type ${JSON.stringify(String(req.params.type).slice(0, 40))}; use ${VEHICLE_TYPES.join(", ")}`,
      "type",
    );
  }
  return parsed.data;
}

function searchRequestOf(req: Request): SearchRequest {
  const parsed = parseSearchRequest(new URL(req.originalUrl, "http://localhost").searchParams);
  if (!parsed.ok) throw new ApiError(400, "invalid_parameter", parsed.error.message, parsed.error.field);
  if (parsed.value.postcode) {
    try {
      buyerLocation(parsed.value.postcode);
    } catch (error) {
      if (error instanceof UnknownPostcodeError) throw new ApiError(400, "unknown_postcode", error.message, "postcode");
      throw error;
    }
  }
  return parsed.value;
}

function pageUrl(req: Request, request: Partial<SearchRequest>): string {
  const query = searchRequestToParams(request).toString();
  const path = `${req.baseUrl}${req.path === "/" ? "" : req.path}`;
  return query ? `${path}?${query}` : path;
}

/** The simple list reads make, model and price at the top level, as the site this one replaced sent them. */
function withListFields(record: VehicleRecord) {
  return {
    ...record,
    make: record.vehicle.make,
    model: record.vehicle.model,
    price: priceOf(record),
  };
}
