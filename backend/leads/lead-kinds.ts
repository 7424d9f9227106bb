import { createHash } from "node:crypto";
import type { z } from "zod";
import { feedbackSchema, newsletterSignUpSchema, partExchangeSchema, type Feedback, type PartExchange } from "../../domain/enquiries";
import { NEWSLETTER_CONSENT } from "../../domain/enquiry-wording";
import { applicationFieldErrors, financeApplicationSchema, type FinanceApplication } from "../../domain/finance-application";
import type { VehicleRecord } from "../../domain/vehicle";
import type { Config } from "../config";

/**
 * Every way a visitor raises a hand is a lead of one kind: each kind says how its form is
 * checked (one shared schema), what is kept, whether it goes on to the lead-tracking
 * service and how long it is kept. Everything else (storing, forwarding, retention) is one
 * piece of code for all of them.
 */

export const LEAD_KIND_NAMES = ["finance-application", "part-exchange", "feedback", "newsletter"] as const;
export type LeadKindName = (typeof LEAD_KIND_NAMES)[number];

export type RetentionSettings = Pick<
  Config,
  "FINANCE_RETENTION_DAYS" | "PART_EXCHANGE_RETENTION_DAYS" | "FEEDBACK_RETENTION_DAYS" | "NEWSLETTER_RETENTION_DAYS"
>;

export interface LeadKind<S extends z.ZodType = z.ZodType, T = unknown> {
  name: LeadKindName;
  /** "Finance application": how the log names one. */
  label: string;
  schema: S;
  /** Problems by field, first first, when the form's order differs from the schema's. */
  problemsOf?(error: z.ZodError): Record<string, string>;
  /**
   * The vehicle in stock a submission is about, when it names one (in `field`). Its details
   * are taken from the stock, never from the client. A submission naming one that is not in
   * stock is turned away with `refusal` where there is one, and kept, saying so, otherwise.
   */
  vehicle?: { field: string; idOf(submission: z.output<S>): string | undefined; refusal?: string };
  /** What is kept of a checked submission. */
  recordOf(submission: z.output<S>, context: { receivedAt: Date; vehicle?: VehicleRecord }): T;
  /** Submissions with the same key are one lead, and a repeat answers the first one's id. */
  keyOf?(submission: z.output<S>): string;
  /** Whether each one is sent on to the lead-tracking service, and as what. */
  forwarding?: { bodyOf(record: T): Record<string, unknown> };
  retentionDays(settings: RetentionSettings): number;
}

export const FINANCE_APPLICATION: LeadKind<typeof financeApplicationSchema, FinanceApplication> = {
  name: "finance-application",
  label: "Finance application",
  schema: financeApplicationSchema,
  problemsOf: applicationFieldErrors,
  vehicle: {
    field: "vehicleId",
    idOf: ({ vehicleId }) => vehicleId,
    refusal: "This vehicle is no longer in our stock: it may have just been sold. Please choose another, or call us.",
  },
  recordOf: (application, { vehicle }) => (vehicle ? { ...application, vehicleDetails: detailsInStock(vehicle) } : application),
  forwarding: {
    // spec.md §7: the form's fields with the vehicle, without the time at the address, which the form asks only for itself.
    bodyOf: ({ residenceYears: _years, residenceMonths: _months, ...lead }) => lead,
  },
  retentionDays: (settings) => settings.FINANCE_RETENTION_DAYS,
};

export const PART_EXCHANGE: LeadKind<typeof partExchangeSchema, PartExchange> = {
  name: "part-exchange",
  label: "Part-exchange request",
  schema: partExchangeSchema,
  // The vehicle they would swap theirs for may have gone; an offer for theirs is worth making all the same.
  vehicle: { field: "interestedIn", idOf: ({ interestedIn }) => interestedIn },
  recordOf: (request) => request,
  forwarding: { bodyOf: (request) => request },
  retentionDays: (settings) => settings.PART_EXCHANGE_RETENTION_DAYS,
};

export const FEEDBACK: LeadKind<typeof feedbackSchema, Feedback> = {
  name: "feedback",
  label: "Feedback",
  schema: feedbackSchema,
  recordOf: (feedback) => feedback,
  retentionDays: (settings) => settings.FEEDBACK_RETENTION_DAYS,
};

/** A newsletter sign-up as kept: the address and the record of consent that lets the dealer mail it (UK GDPR, PECR). */
export interface NewsletterRecord {
  email: string;
  /** The page it was signed up on. */
  source?: string;
  consent: {
    /** The words beside the tick box when it was ticked. */
    wording: string;
    givenAt: string;
  };
}

export const NEWSLETTER: LeadKind<typeof newsletterSignUpSchema, NewsletterRecord> = {
  name: "newsletter",
  label: "Newsletter sign-up",
  schema: newsletterSignUpSchema,
  recordOf: ({ email, source }, { receivedAt }) => ({
    email,
    ...(source === undefined ? {} : { source }),
    consent: { wording: NEWSLETTER_CONSENT, givenAt: receivedAt.toISOString() },
  }),
  // One sign-up per address: signing up again keeps the first, with its consent record.
  // The key is a digest, so the index that enforces it holds no address.
  keyOf: ({ email }) => createHash("sha256").update(`newsletter\0${email}`).digest("hex"),
  retentionDays: (settings) => settings.NEWSLETTER_RETENTION_DAYS,
};

export const LEAD_KINDS: Record<LeadKindName, LeadKind> = {
  "finance-application": FINANCE_APPLICATION,
  "part-exchange": PART_EXCHANGE,
  feedback: FEEDBACK,
  newsletter: NEWSLETTER,
};

function detailsInStock({ vehicle }: VehicleRecord): FinanceApplication["vehicleDetails"] {
  return { make: vehicle.make, model: vehicle.model, registration: vehicle.registration, mileage: vehicle.odometerReadingMiles };
}
