import { createHash } from "node:crypto";
import { feedbackSchema, newsletterSignUpSchema, partExchangeSchema, type Feedback, type PartExchange } from "../../domain/enquiries";
import { NEWSLETTER_CONSENT } from "../../domain/enquiry-wording";
import type { LeadKind } from "../finance/lead-forwarder";
import type { EnquiryKind } from "./enquiry-intake";
import type { StoredEnquiry } from "./enquiry-store";

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

export const NEWSLETTER: EnquiryKind<typeof newsletterSignUpSchema, NewsletterRecord> = {
  name: "Newsletter sign-up",
  schema: newsletterSignUpSchema,
  recordOf: ({ email, source }, receivedAt) => ({
    email,
    ...(source === undefined ? {} : { source }),
    consent: { wording: NEWSLETTER_CONSENT, givenAt: receivedAt.toISOString() },
  }),
  // One sign-up per address: signing up again keeps the first, with its consent record.
  // The key is a digest, so the index that enforces it holds no address.
  keyOf: ({ email }) => createHash("sha256").update(`newsletter\0${email}`).digest("hex"),
};

export const FEEDBACK: EnquiryKind<typeof feedbackSchema, Feedback> = {
  name: "Feedback",
  schema: feedbackSchema,
  recordOf: (feedback) => feedback,
};

export const PART_EXCHANGE: EnquiryKind<typeof partExchangeSchema, PartExchange> = {
  name: "Part-exchange request",
  schema: partExchangeSchema,
  recordOf: (request) => request,
};

/** What the lead-tracking service is sent for a part-exchange request: its fields, marked as one. */
export const PART_EXCHANGE_LEADS: LeadKind<StoredEnquiry<PartExchange>> = {
  name: "Part-exchange request",
  idField: "enquiryId",
  bodyOf: ({ enquiry, receivedAt }) => ({ leadType: "part-exchange", receivedAt: receivedAt.toISOString(), ...enquiry }),
};
