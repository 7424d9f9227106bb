import { Router, type Request, type RequestHandler } from "express";
import { LEAD_KIND_NAMES, LEAD_KINDS, type LeadKindName } from "../../domain/lead-kinds";
import type { Leads } from "../leads/lead-intake";
import { ApiError } from "./api-error";

/** Printable ASCII, as clients generate them (UUIDs, ULIDs, random tokens). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * POST /api/{kind} for every kind in domain/lead-kinds.ts: /api/finance-application
 * (part of the public API, which must not change), /api/part-exchange, /api/enquiry, /api/test-drive, /api/call-back,
 * /api/feedback and /api/newsletter: 201 `{ id, reference }`
 * once the lead is stored durably, with `vehicleInStock: false` when the vehicle it names
 * was sold since its page was opened; 400 naming the first field that needs fixing (and
 * `fields`, all of them). `jsonBody` answers 415 and 413
 * before a route runs. A client may name each submission with an Idempotency-Key header:
 * sent again with the same key, it gets the first answer back and nothing is stored twice.
 */
export function leadsApi(leads: Leads, jsonBody: RequestHandler[]): Router {
  const router = Router();
  // One route per kind in the table, at its name: a kind added there is taken here.
  for (const kind of LEAD_KIND_NAMES) router.post(`/${kind}`, ...jsonBody, answer(leads, kind));
  return router;
}

function answer(leads: Leads, kind: LeadKindName): RequestHandler {
  // Whether a repeat is marked with Idempotent-Replayed: never for the newsletter (see the table).
  const { invalidCode, notAnObject, replayedHeader } = LEAD_KINDS[kind].api;
  return async (req, res) => {
    const result = await leads.submit(kind, req.body, idempotencyKeyOf(req));
    if (!result.ok) {
      const { firstField, errors } = result;
      // A body that is not an object at all has no field to name.
      if (!firstField) throw new ApiError(400, "invalid_body", notAnObject);
      throw new ApiError(400, invalidCode, errors[firstField] ?? "Check this field", firstField, errors);
    }
    if (!result.created && replayedHeader) res.set("Idempotent-Replayed", "true");
    const sold = result.vehicle?.inStock === false && result.vehicle.soldAt !== undefined;
    res
      .status(201)
      .set("Cache-Control", "no-store")
      .json({ id: result.id, reference: result.reference, ...(sold ? { vehicleInStock: false } : {}) });
  };
}

/** The client's name for this submission: sent again with a retry, it gets the first answer back. */
function idempotencyKeyOf(req: Request): string | undefined {
  const key = req.get("Idempotency-Key");
  if (key === undefined) return undefined;
  if (!IDEMPOTENCY_KEY.test(key)) {
    throw new ApiError(400, "invalid_idempotency_key", "The Idempotency-Key header must be 1 to 255 printable characters without spaces.");
  }
  return key;
}
