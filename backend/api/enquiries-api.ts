import { Router, type RequestHandler } from "express";
import type { EnquiryService, Enquiries } from "../enquiries/enquiry-intake";
import { ApiError } from "./api-error";

/**
 * POST /api/newsletter, /api/feedback and /api/part-exchange: 201 `{ id }` once the record
 * is stored durably, 400 naming the first field that needs fixing (and `fields`, all of
 * them). `jsonBody` answers 415 and 413 before a route runs, as for finance applications.
 *
 * Signing up an address already signed up answers exactly as the first time did, with no
 * header saying so: the answer must not tell anyone whether an address is on the list.
 */
export function enquiriesApi(enquiries: Enquiries, jsonBody: RequestHandler[]): Router {
  const router = Router();
  router.post("/newsletter", ...jsonBody, answer(enquiries.newsletter, "invalid_sign_up", "Send the sign-up as a JSON object."));
  router.post("/feedback", ...jsonBody, answer(enquiries.feedback, "invalid_feedback", "Send the feedback as a JSON object."));
  router.post("/part-exchange", ...jsonBody, answer(enquiries.partExchange, "invalid_part_exchange", "Send the request as a JSON object."));
  return router;
}

function answer(service: EnquiryService, invalidCode: string, notAnObject: string): RequestHandler {
  return async (req, res) => {
    const result = await service.submit(req.body);
    if (!result.ok) {
      const { firstField, errors } = result;
      // A body that is not an object at all has no field to name.
      if (!firstField) throw new ApiError(400, "invalid_body", notAnObject);
      throw new ApiError(400, invalidCode, errors[firstField] ?? "Check this field", firstField, errors);
    }
    res.status(201).set("Cache-Control", "no-store").json({ id: result.id });
  };
}
