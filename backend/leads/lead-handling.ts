import { createHash } from "node:crypto";
import type { NewsletterSignUp, PartExchange } from "../../domain/enquiries";
import { NEWSLETTER_CONSENT } from "../../domain/enquiry-wording";
import type { FinanceApplication } from "../../domain/finance-application";
import {
  LEAD_KIND_NAMES,
  LEAD_KINDS,
  type LeadCheck,
  type LeadContext,
  type LeadKindEntry,
  type LeadKindName,
  type RetentionSetting,
} from "../../domain/lead-kinds";
import type { CallBack, Enquiry, TestDrive } from "../../domain/vehicle-leads";
import type { LeadVehicle } from "./lead-store";

/**
 * Every way a visitor raises a hand is a lead of one kind. What every part of the site knows
 * of a kind (its schema, label, pages, retention, whether it is forwarded) is in the one
 * table, domain/lead-kinds.ts; here is only what the server does beyond checking and
 * storing a submission as it came: the vehicle it names, what is kept of it, what makes two
 * submissions one, and what is forwarded. A kind with nothing special needs nothing here.
 * Everything else (storing, forwarding, retention) is one piece of code for all of them.
 */

/** How many days each kind is kept, by its setting (FINANCE_RETENTION_DAYS and the rest). */
export type RetentionSettings = Record<RetentionSetting, number>;

export interface LeadHandling<S = unknown, T = unknown> {
  name: LeadKindName;
  /** "Finance application": how the log names one. */
  label: string;
  /** The one schema its form is checked against, made afresh for each submission where it depends on the moment or the hours. */
  check(context: LeadContext): Promise<LeadCheck>;
  /**
   * The vehicle a submission is about, when it names one (in `field`). Its details are taken
   * from the stock, never from the client: as listed now, or as listed when it was sold (a
   * lead about a vehicle sold since its page was opened is kept and says so). One never
   * listed, or sold too long ago to remember, is turned away with `unknown` where there is
   * one, and kept as not in stock otherwise.
   */
  vehicle?: { field: string; idOf(submission: S): string | undefined; unknown?: string };
  /** What is kept of a checked submission. */
  recordOf(submission: S, context: { receivedAt: Date; vehicle?: LeadVehicle }): T;
  /** Submissions with the same key are one lead, and a repeat answers the first one's id. */
  keyOf?(submission: S): string;
  /**
   * Whether a second one about the same vehicle from the same e-mail address or phone number
   * within a day is marked as likely repeating the first (still stored and forwarded: the
   * visitor may have changed a detail, and staff decide).
   */
  marksLikelyDuplicates?: boolean;
  /** Whether each one is sent on to the lead-tracking service (the table's `forwarded`). */
  forwarded: boolean;
  /** What is sent on of one that is forwarded. */
  forwardedBodyOf(record: T): Record<string, unknown>;
  retentionDays(settings: RetentionSettings): number;
}

/** What the server does with a kind beyond the table: each part left out is the plain case (kept as checked, forwarded as kept). */
type SpecialHandling<S, T> = Partial<
  Pick<LeadHandling<S, T>, "vehicle" | "recordOf" | "keyOf" | "marksLikelyDuplicates" | "forwardedBodyOf">
>;

const UNKNOWN_VEHICLE = "We have no record of this vehicle. Please choose one from our stock, or call us.";

/** A lead about one of the dealer's vehicles, kept with the vehicle as the stock describes it. */
export type AboutVehicle<T> = T & { vehicle: LeadVehicle };

/** Forwarded and kept like a part exchange; the vehicle goes with it, so the service needs no stock of its own. */
function aboutVehicle<S extends { vehicleId: string }>(): SpecialHandling<S, AboutVehicle<S>> {
  return {
    vehicle: { field: "vehicleId", idOf: ({ vehicleId }) => vehicleId, unknown: UNKNOWN_VEHICLE },
    recordOf: (submission, { vehicle }) => ({ ...submission, vehicle: vehicle! }),
    marksLikelyDuplicates: true,
  };
}

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

/** A kind's handling, checked against what its schema gives and what is kept, then filed with the others. */
const handled = <S, T>(handling: SpecialHandling<S, T>) => handling as unknown as SpecialHandling<unknown, unknown>;

const SPECIAL_HANDLING: Partial<Record<LeadKindName, SpecialHandling<unknown, unknown>>> = {
  "finance-application": handled<FinanceApplication, FinanceApplication>({
    vehicle: { field: "vehicleId", idOf: ({ vehicleId }) => vehicleId, unknown: UNKNOWN_VEHICLE },
    recordOf: (application, { vehicle }) => (vehicle?.make ? { ...application, vehicleDetails: detailsOf(vehicle) } : application),
    // As the site this one replaced sent it: the form's fields with the vehicle, without the time at the address or the
    // addresses before it, which the form asks only for the dealer's own staff.
    forwardedBodyOf: ({ residenceYears: _years, residenceMonths: _months, previousAddresses: _previous, ...lead }) => lead,
    // A buyer who saw no confirmation (a phone's screen) sends it again.
    marksLikelyDuplicates: true,
  }),
  // The vehicle they would swap theirs for may have gone; an offer for theirs is worth making all the same.
  "part-exchange": handled<PartExchange, PartExchange>({ vehicle: { field: "interestedIn", idOf: ({ interestedIn }) => interestedIn } }),
  enquiry: handled(aboutVehicle<Enquiry>()),
  "test-drive": handled(aboutVehicle<TestDrive>()),
  "call-back": handled(aboutVehicle<CallBack>()),
  // Feedback is kept as checked, and not forwarded (the table says so).
  newsletter: handled<NewsletterSignUp, NewsletterRecord>({
    recordOf: ({ email, source }, { receivedAt }) => ({
      email,
      ...(source === undefined ? {} : { source }),
      consent: { wording: NEWSLETTER_CONSENT, givenAt: receivedAt.toISOString() },
    }),
    // One sign-up per address: signing up again keeps the first, with its consent record.
    // The key is a digest, so the index that enforces it holds no address.
    keyOf: ({ email }) => createHash("sha256").update(`newsletter\0${email}`).digest("hex"),
  }),
};

function handlingOf(name: LeadKindName): LeadHandling {
  const entry: LeadKindEntry = LEAD_KINDS[name];
  const handling = (SPECIAL_HANDLING[name] ?? {}) as SpecialHandling<unknown, unknown>;
  const kept = (record: unknown) => record as Record<string, unknown>;
  return {
    name,
    label: entry.label,
    check: entry.check,
    ...(handling.vehicle ? { vehicle: handling.vehicle } : {}),
    recordOf: handling.recordOf ?? ((submission) => submission),
    ...(handling.keyOf ? { keyOf: handling.keyOf } : {}),
    ...(handling.marksLikelyDuplicates ? { marksLikelyDuplicates: true } : {}),
    forwarded: entry.forwarded,
    forwardedBodyOf: handling.forwardedBodyOf ?? kept,
    retentionDays: (settings) => settings[entry.retention.setting as RetentionSetting],
  };
}

export const LEAD_HANDLING = Object.fromEntries(LEAD_KIND_NAMES.map((name) => [name, handlingOf(name)])) as Record<
  LeadKindName,
  LeadHandling
>;

/** The application's vehicle details as the stock lists the vehicle, or listed it when it was sold. */
function detailsOf({ make = "", model = "", registration, mileage }: LeadVehicle): FinanceApplication["vehicleDetails"] {
  return { make, model, ...(registration === undefined ? {} : { registration }), ...(mileage === undefined ? {} : { mileage }) };
}
