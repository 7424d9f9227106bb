import { createHash } from "node:crypto";
import type { z } from "zod";
import { feedbackSchema, newsletterSignUpSchema, partExchangeSchema, type Feedback, type PartExchange } from "../../domain/enquiries";
import { NEWSLETTER_CONSENT } from "../../domain/enquiry-wording";
import { applicationFieldErrors, financeApplicationSchema, type FinanceApplication } from "../../domain/finance-application";
import type { Schedule } from "../../domain/opening-hours";
import { callBackSchema, enquirySchema, testDriveSchema, vehicleLeadErrors, type CallBack, type Enquiry, type TestDrive } from "../../domain/vehicle-leads";
import type { Config } from "../config";
import type { LeadVehicle } from "./lead-store";

/**
 * Every way a visitor raises a hand is a lead of one kind: each kind says how its form is
 * checked (one shared schema), what is kept, whether it goes on to the lead-tracking
 * service and how long it is kept. Everything else (storing, forwarding, retention) is one
 * piece of code for all of them.
 */

export const LEAD_KIND_NAMES = ["finance-application", "part-exchange", "enquiry", "test-drive", "call-back", "feedback", "newsletter"] as const;
export type LeadKindName = (typeof LEAD_KIND_NAMES)[number];

export type RetentionSettings = Pick<
  Config,
  | "FINANCE_RETENTION_DAYS"
  | "PART_EXCHANGE_RETENTION_DAYS"
  | "ENQUIRY_RETENTION_DAYS"
  | "TEST_DRIVE_RETENTION_DAYS"
  | "CALL_BACK_RETENTION_DAYS"
  | "FEEDBACK_RETENTION_DAYS"
  | "NEWSLETTER_RETENTION_DAYS"
>;

/** What a kind's rules may depend on beyond the submission: the moment it arrives and the showroom's hours. */
export interface LeadContext {
  now: Date;
  schedule: Schedule;
}

export interface LeadKind<S extends z.ZodType = z.ZodType, T = unknown> {
  name: LeadKindName;
  /** "Finance application": how the log names one. */
  label: string;
  /** The one schema its form is checked against; made afresh for each submission where it depends on the moment or the hours. */
  schema: S | ((context: LeadContext) => S);
  /** Problems by field, first first, when the form's order differs from the schema's. */
  problemsOf?(error: z.ZodError): Record<string, string>;
  /**
   * The vehicle a submission is about, when it names one (in `field`). Its details are taken
   * from the stock, never from the client: as listed now, or as listed when it was sold (a
   * lead about a vehicle sold since its page was opened is kept and says so). One never
   * listed, or sold too long ago to remember, is turned away with `unknown` where there is
   * one, and kept as not in stock otherwise.
   */
  vehicle?: { field: string; idOf(submission: z.output<S>): string | undefined; unknown?: string };
  /** What is kept of a checked submission. */
  recordOf(submission: z.output<S>, context: { receivedAt: Date; vehicle?: LeadVehicle }): T;
  /** Submissions with the same key are one lead, and a repeat answers the first one's id. */
  keyOf?(submission: z.output<S>): string;
  /** Whether each one is sent on to the lead-tracking service, and as what. */
  forwarding?: { bodyOf(record: T): Record<string, unknown> };
  retentionDays(settings: RetentionSettings): number;
}

const UNKNOWN_VEHICLE = "We have no record of this vehicle. Please choose one from our stock, or call us.";

export const FINANCE_APPLICATION: LeadKind<typeof financeApplicationSchema, FinanceApplication> = {
  name: "finance-application",
  label: "Finance application",
  schema: financeApplicationSchema,
  problemsOf: applicationFieldErrors,
  vehicle: {
    field: "vehicleId",
    idOf: ({ vehicleId }) => vehicleId,
    unknown: UNKNOWN_VEHICLE,
  },
  recordOf: (application, { vehicle }) => (vehicle?.make ? { ...application, vehicleDetails: detailsOf(vehicle) } : application),
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

/** A lead about one of the dealer's vehicles, kept with the vehicle as the stock describes it. */
export type AboutVehicle<T> = T & { vehicle: LeadVehicle };

/** Forwarded and kept like a part exchange; the vehicle goes with it, so the service needs no stock of its own. */
function aboutVehicle<S extends z.ZodType<{ vehicleId: string }>>({ name, label, schema, retentionDays }: Pick<LeadKind<S>, "name" | "label" | "schema" | "retentionDays">): LeadKind<S, AboutVehicle<z.output<S>>> {
  return {
    name,
    label,
    schema,
    retentionDays,
    problemsOf: vehicleLeadErrors,
    vehicle: { field: "vehicleId", idOf: ({ vehicleId }) => vehicleId, unknown: UNKNOWN_VEHICLE },
    recordOf: (submission, { vehicle }) => ({ ...submission, vehicle: vehicle! }),
    forwarding: { bodyOf: (record) => record },
  };
}

export const ENQUIRY: LeadKind<typeof enquirySchema, AboutVehicle<Enquiry>> = aboutVehicle({
  name: "enquiry",
  label: "Vehicle enquiry",
  schema: enquirySchema,
  retentionDays: (settings) => settings.ENQUIRY_RETENTION_DAYS,
});

export const TEST_DRIVE: LeadKind<ReturnType<typeof testDriveSchema>, AboutVehicle<TestDrive>> = aboutVehicle({
  name: "test-drive",
  label: "Test-drive booking",
  schema: ({ schedule, now }: LeadContext) => testDriveSchema(schedule, now),
  retentionDays: (settings) => settings.TEST_DRIVE_RETENTION_DAYS,
});

export const CALL_BACK: LeadKind<typeof callBackSchema, AboutVehicle<CallBack>> = aboutVehicle({
  name: "call-back",
  label: "Call-back request",
  schema: callBackSchema,
  retentionDays: (settings) => settings.CALL_BACK_RETENTION_DAYS,
});

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
  enquiry: ENQUIRY,
  "test-drive": TEST_DRIVE,
  "call-back": CALL_BACK,
  feedback: FEEDBACK,
  newsletter: NEWSLETTER,
};

/** The application's vehicle details as the stock lists the vehicle, or listed it when it was sold. */
function detailsOf({ make = "", model = "", registration, mileage }: LeadVehicle): FinanceApplication["vehicleDetails"] {
  return { make, model, ...(registration === undefined ? {} : { registration }), ...(mileage === undefined ? {} : { mileage }) };
}
