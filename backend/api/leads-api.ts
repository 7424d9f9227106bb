import { Router, type Request, type RequestHandler } from "express";
import type { LeadKindName } from "../leads/lead-kinds";
import type { Leads } from "../leads/lead-intake";
import { ApiError } from "./api-error";

/** Printable ASCII, as clients generate them (UUIDs, ULIDs, random tokens). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

interface LeadForm {
  path: string;
  kind: LeadKindName;
  invalidCode: string;
  notAnObject: string;
  /**
   * Whether a repeat is marked with Idempotent-Replayed. Never for the newsletter: signing up
   * an address already signed up must answer exactly as the first time did, or the answer
   * would tell anyone whether an address is on the list.
   */
  marksReplays: boolean;
}

const FORMS: readonly LeadForm[] = [
  { path: "/finance-application", kind: "finance-application", invalidCode: "invalid_application", notAnObject: "Send the application as a JSON object.", marksReplays: true },
  { path: "/part-exchange", kind: "part-exchange", invalidCode: "invalid_part_exchange", notAnObject: "Send the request as a JSON object.", marksReplays: true },
  { path: "/enquiry", kind: "enquiry", invalidCode: "invalid_enquiry", notAnObject: "Send the enquiry as a JSON object.", marksReplays: true },
  { path: "/test-drive", kind: "test-drive", invalidCode: "invalid_test_drive", notAnObject: "Send the booking as a JSON object.", marksReplays: true },
  { path: "/call-back", kind: "call-back", invalidCode: "invalid_call_back", notAnObject: "Send the request as a JSON object.", marksReplays: true },
  { path: "/feedback", kind: "feedback", invalidCode: "invalid_feedback", notAnObject: "Send the feedback as a JSON object.", marksReplays: true },
  { path: "/newsletter", kind: "newsletter", invalidCode: "invalid_sign_up", notAnObject: "Send the sign-up as a JSON object.", marksReplays: false },
];

/**
 * POST /api/finance-application (PRODUCT.md §4), /api/part-exchange, /api/enquiry,
 * /api/test-drive, /api/call-back, /api/feedback and /api/newsletter: 201 `{ id, reference }`
 * once the lead is stored durably, with `vehicleInStock: false` when the vehicle it names
 * was sold since its page was opened; 400 naming the first field that needs fixing (and
 * `fields`, all of them). `jsonBody` answers 415 and 413
 * before a route runs. A client may name each submission with an Idempotency-Key header:
 * sent again with the same key, it gets the first answer back and nothing is stored twice.
 */
export function leadsApi(leads: Leads, jsonBody: RequestHandler[]): Router {
  const router = Router();
  for (const form of FORMS) router.post(form.path, ...jsonBody, answer(leads, form));
  return router;
}

function answer(leads: Leads, { kind, invalidCode, notAnObject, marksReplays }: LeadForm): RequestHandler {
  return async (req, res) => {
    const result = await leads.submit(kind, req.body, idempotencyKeyOf(req));
    if (!result.ok) {
      const { firstField, errors } = result;
      // A body that is not an object at all has no field to name.
      if (!firstField) throw new ApiError(400, "invalid_body", notAnObject);
      throw new ApiError(400, invalidCode, errors[firstField] ?? "Check this field", firstField, errors);
    }
    if (!result.created && marksReplays) res.set("Idempotent-Replayed", "true");
    const sold = result.vehicle?.inStock === false && result.vehicle.soldAt !== undefined;
    res.status(201).set("Cache-Control", "no-store").json({ id: result.id, reference: result.reference, ...(sold ? { vehicleInStock: false } : {}) });
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
