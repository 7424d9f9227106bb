import { z } from "zod";
import { FEEDBACK_MAX_LENGTH, NEWSLETTER_CONSENT_MISSING } from "./enquiry-wording";
import { formatCount } from "./format";
import {
  blankToUndefined,
  emailSchema,
  optional,
  optionalText,
  personName,
  ukPhoneSchema,
  ukPostcodeSchema,
  vehicleIdField,
} from "./form-fields";
import { wholeNumberAsWritten } from "./uk-formats";
import { registrationSchema } from "./vehicle";

/**
 * The site's small forms (newsletter, feedback, part exchange), each checked once here for
 * the browser and the server alike. Messages are written for the visitor, to sit beside the
 * field they are about.
 */

/**
 * The page a form was sent from, as a path on this site. Only the path: a query string can
 * carry what a visitor typed elsewhere (a search, a marketing link's e-mail address).
 */
export const sitePathSchema = z
  .string({ error: "The page address must be a path on this site, like /vans" })
  .trim()
  .max(300, "The page address is too long")
  .regex(/^\/(?![/\\])[^\s?#]*$/, "The page address must be a path on this site, like /vans");

export const newsletterSignUpSchema = z.object({
  // One sign-up per address, whatever its case: addresses are compared lower-cased.
  email: emailSchema.transform((email) => email.toLowerCase()),
  // A ticked box arrives as "yes" from the form, true from the JSON API.
  consent: z.literal([true, "yes", "on", "true"], { error: NEWSLETTER_CONSENT_MISSING }).transform((): true => true),
  source: optional(sitePathSchema),
});

export const feedbackSchema = z.object({
  message: z
    .string({ error: "Enter your feedback" })
    .trim()
    .min(1, "Enter your feedback")
    .max(FEEDBACK_MAX_LENGTH, `Keep your feedback to ${formatCount(FEEDBACK_MAX_LENGTH)} characters or fewer`),
  email: optional(emailSchema),
  page: optional(sitePathSchema),
});

const PLATE_MISSING = "Enter your vehicle's registration";
const CURRENT_STYLE_PLATE = /^[A-Z]{2}\d{2}[A-Z]{3}$/;

/**
 * A UK plate in any spacing or case, kept without spaces, or as "MA19 ABC" for the current
 * style, whose split is known.
 */
const plateSchema = z
  .string({ error: PLATE_MISSING })
  .trim()
  .min(1, PLATE_MISSING)
  .max(20, "Enter a UK registration, like MA19 ABC")
  .transform((plate) => plate.toUpperCase().replace(/\s+/g, ""))
  .refine((plate) => registrationSchema.safeParse(plate).success, "Enter a UK registration, like MA19 ABC")
  .transform((plate) => (CURRENT_STYLE_PLATE.test(plate) ? `${plate.slice(0, 4)} ${plate.slice(4)}` : plate));

const MILEAGE_MESSAGE = "Enter the mileage as a whole number, like 42000";

/** Miles as typed in a form ("42000", "42,000", "42 000") become a number; anything else is left to fail. */
function milesOf(value: unknown): unknown {
  if (typeof value !== "string") return value;
  return wholeNumberAsWritten(value) ?? blankToUndefined(value);
}

const mileageSchema = z.preprocess(
  milesOf,
  z
    .number({ error: (issue) => (issue.input === undefined ? "Enter the mileage" : MILEAGE_MESSAGE) })
    .int(MILEAGE_MESSAGE)
    .min(0, MILEAGE_MESSAGE)
    .max(2_000_000, "Check the mileage: that is more than any vehicle on the road"),
);

export const partExchangeSchema = z.object({
  registration: plateSchema,
  mileage: mileageSchema,
  make: optionalText(40, "your vehicle's make"),
  model: optionalText(60, "your vehicle's model"),
  condition: optionalText(1000, "your vehicle's condition"),
  name: personName("name", 100),
  // The valuation can be given by phone; an address is welcome, not needed.
  email: optional(emailSchema),
  phone: ukPhoneSchema,
  postcode: ukPostcodeSchema,
  // The vehicle page the visitor came from, when they want to swap theirs for it.
  interestedIn: optional(vehicleIdField()),
});

export type NewsletterSignUp = z.output<typeof newsletterSignUpSchema>;
export type Feedback = z.output<typeof feedbackSchema>;
export type PartExchange = z.output<typeof partExchangeSchema>;
