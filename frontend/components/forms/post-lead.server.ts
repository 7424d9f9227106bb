import { data, redirect, type RouterContextProvider } from "react-router";
import type { LeadKindName } from "../../../domain/lead-kinds";
import { leadsContext } from "../../../backend/http/request-context";
import { keepingAnswers } from "../../engine-outage.server";
import { formValues, IDEMPOTENCY_FIELD, IN_PLACE_FIELD, postedForm, type LeadPostOutcome } from "./form-parts";

/** A lead as its confirmation shows it: the reference to quote, and whether the vehicle it is about was still in stock. */
export interface PostedLead {
  reference: string;
  vehicleInStock: boolean;
}

interface LeadPost {
  kind: LeadKindName;
  request: Request;
  context: Readonly<RouterContextProvider>;
  /**
   * What the page adds to what was typed: the vehicle its own address names, which wins over
   * any the form sent. Run with the store's outage handled, since it may read the stock.
   */
  adding?(values: Record<string, string>): Promise<Record<string, unknown>> | Record<string, unknown>;
  /** The confirmation page a plain form post is sent on to, so that refreshing it sends nothing again. */
  confirmation(stored: PostedLead, values: Record<string, string>): string;
}

/**
 * The one action every lead form posts to, for every kind in domain/lead-kinds.ts: checked
 * and stored by the same intake as the JSON API. It answers a submission made in place by
 * script (IN_PLACE_FIELD) with data, and a plain form post (no JavaScript) with a redirect to
 * its confirmation; one with problems is sent back with what was typed and what to fix (400).
 * When the store cannot take it in time, the form is shown again with everything typed and
 * says so: 503 with Retry-After (keepingAnswers), for every form alike. A form may name its
 * submission (IDEMPOTENCY_FIELD), so sending it twice (a double click, a refresh) stores it once.
 */
export async function postLead({ kind, request, context, adding, confirmation }: LeadPost) {
  const form = await postedForm(request);
  const values = formValues(form);
  const key = form.get(IDEMPOTENCY_FIELD);
  return keepingAnswers(values, async () => {
    const submission = { ...values, ...(await adding?.(values)) };
    const result = await context.get(leadsContext).submit(kind, submission, typeof key === "string" && key ? key : undefined);
    if (!result.ok) return data<LeadPostOutcome>({ ok: false, values, errors: result.errors }, { status: 400 });
    const stored: PostedLead = { reference: result.reference, vehicleInStock: result.vehicle?.inStock !== false };
    if (form.has(IN_PLACE_FIELD)) return data<LeadPostOutcome>({ ok: true, ...stored });
    return redirect(confirmation(stored, values));
  });
}
