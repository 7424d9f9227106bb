import { Router, type Request } from "express";
import type { FinanceApplications } from "../finance/finance-applications";
import { ApiError } from "./api-error";

/** Printable ASCII, as clients generate them (UUIDs, ULIDs, random tokens). */
const IDEMPOTENCY_KEY = /^[\x21-\x7e]{1,255}$/;

/**
 * POST /api/finance-application (PRODUCT.md §4): 201 `{ id }` once the application is stored
 * durably, 400 naming the first field that needs fixing (and `fields`, all of them). The
 * body arrives parsed: create-app.ts answers 415 and 413 before this route runs.
 */
export function financeApi(applications: FinanceApplications): Router {
  const router = Router();

  router.post("/", async (req, res) => {
    const result = await applications.submit(req.body, idempotencyKeyOf(req));
    if (!result.ok) {
      const { firstField, errors } = result;
      // A body that is not an object at all has no field to name.
      if (!firstField) throw new ApiError(400, "invalid_body", "Send the application as a JSON object.");
      throw new ApiError(400, "invalid_application", errors[firstField] ?? "Check this field", firstField, errors);
    }
    if (!result.created) res.set("Idempotent-Replayed", "true");
    res.status(201).set("Cache-Control", "no-store").json({ id: result.id });
  });

  return router;
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
