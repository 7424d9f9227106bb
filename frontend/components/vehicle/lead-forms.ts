import type { LeadKindName } from "../../../backend/leads/lead-kinds";
import type { FormErrors, FormKind, FormValues } from "../forms/form-parts";

/** The vehicle page's three forms, each a lead kind with a page of its own under /vehicles/{id}/. */
export type VehicleLeadKind = Extract<LeadKindName, "enquiry" | "test-drive" | "call-back">;

interface LeadForm {
  /** The last part of the form's own page: /vehicles/{id}/enquire. */
  slug: string;
  formKind: FormKind;
  title: string;
  submit: string;
  thanks: string;
  /** What happens next, before "within one business day". */
  next: string;
}

export const LEAD_FORMS: Record<VehicleLeadKind, LeadForm> = {
  enquiry: {
    slug: "enquire",
    formKind: "enquiry",
    title: "Enquire about this vehicle",
    submit: "Send enquiry",
    thanks: "Thank you: we have your question",
    next: "We will reply",
  },
  "test-drive": {
    slug: "test-drive",
    formKind: "testDrive",
    title: "Book a test drive",
    submit: "Request test drive",
    thanks: "Thank you: we have your test-drive request",
    next: "We will call you to confirm the day and time",
  },
  "call-back": {
    slug: "call-back",
    formKind: "callBack",
    title: "Request a call back",
    submit: "Call me back",
    thanks: "Thank you: we will call you back",
    next: "We will call you",
  },
};

export const VEHICLE_LEAD_KINDS = Object.keys(LEAD_FORMS) as VehicleLeadKind[];

/** The vehicle a form is about, as its page shows it. */
export interface LeadFormVehicle {
  id: string;
  make: string;
  model: string;
  registration?: string;
}

export const leadFormPath = (vehicleId: string, kind: VehicleLeadKind) => `/vehicles/${vehicleId}/${LEAD_FORMS[kind].slug}`;

/** What a form's action answers when sent in place: stored (and whether the vehicle was still in stock), or what to fix. */
export type LeadOutcome =
  { ok: true; reference: string; vehicleInStock: boolean } | { ok: false; values: FormValues; errors: FormErrors } | { ok: false; failed: true; values?: FormValues };
