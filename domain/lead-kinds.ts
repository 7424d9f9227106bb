import type { z } from "zod";
import type { Feedback, NewsletterSignUp, PartExchange } from "./enquiries";
import { FEEDBACK_MAX_LENGTH } from "./enquiry-wording";
import type { FinanceApplication } from "./finance-application";
import type { Schedule } from "./opening-hours";
import type { CallBack, Enquiry, TestDrive } from "./vehicle-leads";

/**
 * Every kind of lead, once: the one table the API's routes, the site's route table, the
 * browser's forms and their check, the staff area's labels, the erasure page's wording and
 * the retention settings are all made from. A kind missing from it does not compile
 * (`satisfies Record<LeadKindName, …>`). What the server does with a kind beyond this
 * (what is kept, the vehicle it names, what is forwarded) is in backend/leads/lead-handling.ts,
 * where a kind with nothing special needs no entry.
 *
 * The browser imports this table, so it holds no zod: each kind's schema is fetched when its
 * form is first used (`check`), keeping zod off every page until then (tests/e2e/page-weight).
 * See docs/adding-a-lead-kind.md.
 */

export const LEAD_KIND_NAMES = [
  "finance-application",
  "part-exchange",
  "enquiry",
  "test-drive",
  "call-back",
  "feedback",
  "newsletter",
] as const;
export type LeadKindName = (typeof LEAD_KIND_NAMES)[number];

/** What a kind's check may depend on beyond the submission: the moment it arrives and the showroom's hours. */
export interface LeadContext {
  now: Date;
  schedule: Schedule;
}

/** How a submission of one kind is checked: its schema, and its problems by field, first first, in the form's order. */
export interface LeadCheck {
  schema: z.ZodType;
  problemsOf(error: z.ZodError): Record<string, string>;
}

/** A field of a form made from this table: a text box, or a box for a longer message. */
export interface LeadFormField {
  name: string;
  label: string;
  hint?: string;
  optional?: boolean;
  type?: "text" | "email" | "tel";
  autoComplete?: string;
  multiline?: boolean;
  maxLength?: number;
}

/** The words of a form on a page of its own (/feedback), sent in place from wherever it is embedded. */
export interface SitePageForm {
  /** The page's heading and title. */
  title: string;
  /** What search engines and link previews say of the page. */
  description: string;
  /** The paragraph under the page's heading. */
  lede?: string;
  /** The confirmation page's title, and its heading. */
  doneTitle: string;
  doneHeading: string;
  /** The confirmation itself. */
  thanks: string;
  /** Said in the form when it could not be sent: what was typed stays. */
  failed: string;
  /** The query parameter of the confirmation page a plain form post is sent on to: /feedback?sent. */
  sentParam: string;
  /** The hidden field that records the page the form was sent from. */
  fromField: string;
  submit: string;
  sending: string;
  /** The fields in the order asked, when the form is made from this table (absent: the kind's own component draws it). */
  fields?: readonly LeadFormField[];
}

/** The words of one of the vehicle page's dialogs, whose page of its own is /vehicles/{id}/{slug}. */
export interface VehicleDialogForm {
  title: string;
  submit: string;
  thanks: string;
  /** What happens next, before "within one business day". */
  next: string;
}

/** Where a kind's form lives: a page of the site's own, or a page under a vehicle's address. */
export type LeadPage = { path: `/${string}`; form?: SitePageForm } | { vehicleSlug: string; form?: VehicleDialogForm };

/** What each kind's schema gives: where a kind names its person is checked against it. */
interface Submissions {
  "finance-application": FinanceApplication;
  "part-exchange": PartExchange;
  enquiry: Enquiry;
  "test-drive": TestDrive;
  "call-back": CallBack;
  feedback: Feedback;
  newsletter: NewsletterSignUp;
}

type FieldOf<S> = keyof S & string;

/**
 * The fields a kind's submission names the person who sent it in: their name (whole, or a
 * first name and a surname), e-mail address and phone number, null for what its form does not
 * ask. Every view of a lead finds its person through these (domain/lead-person.ts), so a kind
 * whose schema names its person differently does not compile.
 */
export interface PersonFields<S = Record<string, unknown>> {
  name: { whole: FieldOf<S> } | { first: FieldOf<S>; surname: FieldOf<S> } | null;
  email: FieldOf<S> | null;
  phone: FieldOf<S> | null;
}

export interface LeadKindEntry<S = Record<string, unknown>> {
  /** "Finance application": how the staff inbox, the log and the forwarded lead name one. */
  label: string;
  /** How the erasure page names everything of this kind held about someone: "finance applications". */
  erasure: string;
  /**
   * POST /api/{kind}: the error code of a submission that fails its check, what a body that is
   * not an object is told, and whether a repeat (the same Idempotency-Key) is marked with
   * Idempotent-Replayed.
   */
  api: { invalidCode: string; notAnObject: string; replayedHeader: boolean };
  page: LeadPage;
  /** The setting of how many days one is kept (UK GDPR's storage limitation), and its default. */
  retention: { setting: `${Uppercase<string>}_RETENTION_DAYS`; defaultDays: number; about: string };
  /** Where its submission names the person who sent it. */
  person: PersonFields<S>;
  /** Whether each one is sent on to the lead-tracking service (LEAD_WEBHOOK_URL). */
  forwarded: boolean;
  /** Whether it books a time, so that its check needs the showroom's hours. */
  booksTime: boolean;
  /** Its schema, fetched when first needed. */
  check(context: LeadContext): Promise<LeadCheck>;
}

/** The small forms' problems come in the schema's order. */
const inSchemaOrder = async (schema: z.ZodType): Promise<LeadCheck> => ({
  schema,
  problemsOf: (await import("./form-fields")).fieldErrors,
});

export const LEAD_KINDS = {
  "finance-application": {
    label: "Finance application",
    erasure: "finance applications",
    api: { invalidCode: "invalid_application", notAnObject: "Send the application as a JSON object.", replayedHeader: true },
    page: { vehicleSlug: "finance" },
    retention: { setting: "FINANCE_RETENTION_DAYS", defaultDays: 90, about: "Days a finance application is kept before it is deleted." },
    person: { name: { first: "firstName", surname: "surname" }, email: "email", phone: "phone" },
    forwarded: true,
    booksTime: false,
    check: async () => {
      const { financeApplicationSchema, applicationFieldErrors } = await import("./finance-application");
      return { schema: financeApplicationSchema, problemsOf: applicationFieldErrors };
    },
  },
  "part-exchange": {
    label: "Part-exchange request",
    erasure: "part-exchange requests",
    api: { invalidCode: "invalid_part_exchange", notAnObject: "Send the request as a JSON object.", replayedHeader: true },
    page: { path: "/part-exchange" },
    retention: {
      setting: "PART_EXCHANGE_RETENTION_DAYS",
      defaultDays: 90,
      about: "Days a part-exchange request is kept, forwarded or not: like a finance application.",
    },
    person: { name: { whole: "name" }, email: "email", phone: "phone" },
    forwarded: true,
    booksTime: false,
    check: async () => inSchemaOrder((await import("./enquiries")).partExchangeSchema),
  },
  enquiry: {
    label: "Vehicle enquiry",
    erasure: "vehicle enquiries",
    api: { invalidCode: "invalid_enquiry", notAnObject: "Send the enquiry as a JSON object.", replayedHeader: true },
    page: {
      vehicleSlug: "enquire",
      form: {
        title: "Enquire about this vehicle",
        submit: "Send enquiry",
        thanks: "Thank you: we have your question",
        next: "We will reply",
      },
    },
    retention: {
      setting: "ENQUIRY_RETENTION_DAYS",
      defaultDays: 90,
      about: "Days a question about a vehicle is kept: like a part-exchange request.",
    },
    person: { name: { whole: "name" }, email: "email", phone: "phone" },
    forwarded: true,
    booksTime: false,
    check: async () => {
      const { enquirySchema, vehicleLeadErrors } = await import("./vehicle-leads");
      return { schema: enquirySchema, problemsOf: vehicleLeadErrors };
    },
  },
  "test-drive": {
    label: "Test-drive booking",
    erasure: "test-drive bookings",
    api: { invalidCode: "invalid_test_drive", notAnObject: "Send the booking as a JSON object.", replayedHeader: true },
    page: {
      vehicleSlug: "test-drive",
      form: {
        title: "Book a test drive",
        submit: "Request test drive",
        thanks: "Thank you: we have your test-drive request",
        next: "We will call you to confirm the day and time",
      },
    },
    retention: { setting: "TEST_DRIVE_RETENTION_DAYS", defaultDays: 90, about: "Days a test-drive booking is kept." },
    person: { name: { whole: "name" }, email: "email", phone: "phone" },
    forwarded: true,
    booksTime: true,
    check: async ({ schedule, now }) => {
      const { testDriveSchema, vehicleLeadErrors } = await import("./vehicle-leads");
      return { schema: testDriveSchema(schedule, now), problemsOf: vehicleLeadErrors };
    },
  },
  "call-back": {
    label: "Call-back request",
    erasure: "call-back requests",
    api: { invalidCode: "invalid_call_back", notAnObject: "Send the request as a JSON object.", replayedHeader: true },
    page: {
      vehicleSlug: "call-back",
      form: { title: "Request a call back", submit: "Call me back", thanks: "Thank you: we will call you back", next: "We will call you" },
    },
    retention: { setting: "CALL_BACK_RETENTION_DAYS", defaultDays: 90, about: "Days a call-back request is kept." },
    person: { name: { whole: "name" }, email: null, phone: "phone" },
    forwarded: true,
    booksTime: false,
    check: async () => {
      const { callBackSchema, vehicleLeadErrors } = await import("./vehicle-leads");
      return { schema: callBackSchema, problemsOf: vehicleLeadErrors };
    },
  },
  feedback: {
    label: "Feedback",
    erasure: "feedback",
    api: { invalidCode: "invalid_feedback", notAnObject: "Send the feedback as a JSON object.", replayedHeader: true },
    page: {
      path: "/feedback",
      form: {
        title: "Send us feedback",
        description: "Tell us what works on our website and what doesn't: we read every message.",
        doneTitle: "Thank you for your feedback",
        doneHeading: "Thank you",
        thanks: "Thank you for your feedback. We read every message.",
        failed: "Sorry, your feedback couldn't be sent just now. Please try again in a moment.",
        sentParam: "sent",
        fromField: "page",
        submit: "Send feedback",
        sending: "Sending…",
        fields: [
          {
            name: "message",
            label: "Your feedback",
            hint: "What worked, what didn't, or what you couldn't find. Please don't include card or bank details.",
            multiline: true,
            maxLength: FEEDBACK_MAX_LENGTH,
          },
          {
            name: "email",
            type: "email",
            autoComplete: "email",
            label: "Your email address",
            optional: true,
            hint: "Only if you would like a reply.",
          },
        ],
      },
    },
    retention: { setting: "FEEDBACK_RETENTION_DAYS", defaultDays: 365, about: "Days feedback from the site's feedback form is kept." },
    person: { name: null, email: "email", phone: null },
    forwarded: false,
    booksTime: false,
    check: async () => inSchemaOrder((await import("./enquiries")).feedbackSchema),
  },
  newsletter: {
    label: "Newsletter sign-up",
    erasure: "the newsletter sign-up",
    // No Idempotent-Replayed: signing up an address already signed up must answer exactly as the
    // first time did, or the answer would tell anyone whether an address is on the list.
    api: { invalidCode: "invalid_sign_up", notAnObject: "Send the sign-up as a JSON object.", replayedHeader: false },
    page: {
      path: "/newsletter",
      // Drawn by NewsletterBox, which sits on other pages too: an address and the consent box on one line.
      form: {
        title: "Sign up to our newsletter",
        description: "Get our offers and the latest cars, vans and trucks in stock by email. Unsubscribe at any time.",
        doneTitle: "You're signed up to our newsletter",
        doneHeading: "You're signed up",
        thanks: "Thanks, you're signed up. Look out for our offers and new stock in your inbox.",
        failed: "Sorry, we couldn't sign you up just now. Please try again in a moment.",
        sentParam: "signed-up",
        fromField: "source",
        submit: "Sign up",
        sending: "Signing up…",
      },
    },
    retention: {
      setting: "NEWSLETTER_RETENTION_DAYS",
      defaultDays: 730,
      about: "Days a newsletter sign-up and its consent record are kept, counted from the sign-up.",
    },
    person: { name: null, email: "email", phone: null },
    forwarded: false,
    booksTime: false,
    check: async () => inSchemaOrder((await import("./enquiries")).newsletterSignUpSchema),
  },
} as const satisfies { [K in LeadKindName]: LeadKindEntry<Submissions[K]> };

type Kinds = typeof LEAD_KINDS;

/** The setting each kind's retention is read from: FINANCE_RETENTION_DAYS and the rest. */
export type RetentionSetting = Kinds[LeadKindName]["retention"]["setting"];

/** Each kind's retention setting at its default: what the site keeps when the environment sets none. */
export const DEFAULT_RETENTION_DAYS = Object.fromEntries(
  LEAD_KIND_NAMES.map((kind) => [LEAD_KINDS[kind].retention.setting, LEAD_KINDS[kind].retention.defaultDays]),
) as Record<RetentionSetting, number>;

/** The kinds asked for on a page of the site's own (/feedback), and those asked about one vehicle (/vehicles/{id}/enquire). */
export type SitePageLeadKind = { [K in LeadKindName]: Kinds[K]["page"] extends { path: string } ? K : never }[LeadKindName];
export type VehiclePageLeadKind = { [K in LeadKindName]: Kinds[K]["page"] extends { vehicleSlug: string } ? K : never }[LeadKindName];

/** The site-page kinds whose page is made from this table's words (routes/forms/site-form.tsx), and the vehicle kinds with a dialog. */
export type SiteFormLeadKind = { [K in SitePageLeadKind]: Kinds[K]["page"] extends { form: SitePageForm } ? K : never }[SitePageLeadKind];
export type VehicleDialogLeadKind = {
  [K in VehiclePageLeadKind]: Kinds[K]["page"] extends { form: VehicleDialogForm } ? K : never;
}[VehiclePageLeadKind];

const entries = LEAD_KIND_NAMES.map((kind) => [kind, LEAD_KINDS[kind] as LeadKindEntry] as const);

export const SITE_PAGE_LEAD_KINDS = entries.filter(([, { page }]) => "path" in page).map(([kind]) => kind as SitePageLeadKind);
export const VEHICLE_PAGE_LEAD_KINDS = entries.filter(([, { page }]) => "vehicleSlug" in page).map(([kind]) => kind as VehiclePageLeadKind);
export const VEHICLE_DIALOG_LEAD_KINDS = VEHICLE_PAGE_LEAD_KINDS.filter(
  (kind) => (LEAD_KINDS[kind].page as LeadPage).form !== undefined,
) as VehicleDialogLeadKind[];

export const sitePageOf = (kind: SitePageLeadKind): { path: `/${string}`; form?: SitePageForm } => LEAD_KINDS[kind].page;
export const vehicleSlugOf = (kind: VehiclePageLeadKind): string => LEAD_KINDS[kind].page.vehicleSlug;
export const sitePageFormOf = (kind: SiteFormLeadKind): SitePageForm => LEAD_KINDS[kind].page.form;
export const vehicleDialogFormOf = (kind: VehicleDialogLeadKind): VehicleDialogForm => LEAD_KINDS[kind].page.form;

/** The kind a page of the site's own asks for, by its path ("/feedback"). */
export const sitePageKindOf = (path: string): SitePageLeadKind | undefined =>
  SITE_PAGE_LEAD_KINDS.find((kind) => sitePageOf(kind).path === path);

/** The kind a page under a vehicle's address asks for, by the address's last part ("enquire"). */
export const vehicleKindOfSlug = (slug: string): VehiclePageLeadKind | undefined =>
  VEHICLE_PAGE_LEAD_KINDS.find((kind) => vehicleSlugOf(kind) === slug);

/** "finance applications, part-exchange requests, … and the newsletter sign-up": everything the erasure page deletes. */
export const ERASED_KINDS_TEXT = (() => {
  const words = LEAD_KIND_NAMES.map((kind) => LEAD_KINDS[kind].erasure as string);
  return `${words.slice(0, -1).join(", ")} and ${words.at(-1)}`;
})();
