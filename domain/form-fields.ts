import { z } from "zod";
import { COMPACT_UK_POSTCODE, normalPhone } from "./uk-formats";
import { VEHICLE_ID_PATTERN } from "./vehicle";

/**
 * The fields the site's forms share (names, contact details, free text, the vehicle a form
 * is about), each with messages written for the visitor, to sit beside the field: the same
 * words whether the form was checked in the browser or a script posted JSON to the API.
 * Every message says what is wanted, so no schema library's wording ("Invalid input:
 * expected string, received number") ever reaches anyone.
 */

/** Forms send an untouched optional field as an empty string; it means "not given". */
export const blankToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;
export const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

const tooLong = (max: number) => `Keep this under ${max} characters`;

/** Text that must be given: `missing` says what to enter, whether it was left out or was not text at all. */
export const requiredText = (max: number, missing: string) => z.string({ error: missing }).trim().min(1, missing).max(max, tooLong(max));

/** Text that may be left out; `what` names it for a value that is not text ("the second line of your address"). */
export const optionalText = (max: number, what: string) =>
  optional(
    z
      .string({ error: `Enter ${what} as text, up to ${max} characters` })
      .trim()
      .max(max, tooLong(max)),
  );

/** A person's name: letters, with the spaces, hyphens and apostrophes of real names. */
export const personName = (what: string, max: number) =>
  requiredText(max, `Enter your ${what}`).regex(
    /^\p{L}[\p{L}\p{M}' .-]*$/u,
    `Your ${what} can only have letters, spaces, hyphens and apostrophes`,
  );

export const emailSchema = z
  .string({ error: "Enter your email address" })
  .trim()
  .min(1, "Enter your email address")
  .max(254, "Keep this under 254 characters")
  .pipe(z.email("Enter an email address like name@example.com"));

/** UK numbers: a mobile (07…) or a landline (01…, 02…, 03…), written however people write them (+44, 0044, "(0)", spaces, brackets, dashes). */
export const ukPhoneSchema = z
  .string({ error: "Enter your phone number" })
  .trim()
  .min(1, "Enter your phone number")
  .transform(normalPhone)
  .pipe(z.string().regex(/^0(?:7\d{9}|[123]\d{8,9})$/, "Enter a UK phone number, like 07700 900123 or 0151 496 0123"));

/** A UK postcode in any spacing or case, kept in the standard form ("L3 4BP"). */
export const ukPostcodeSchema = z
  .string({ error: "Enter your postcode" })
  .trim()
  .min(1, "Enter your postcode")
  .transform((postcode) => postcode.replace(/\s+/g, "").toUpperCase())
  .pipe(z.string().regex(COMPACT_UK_POSTCODE, "Enter a UK postcode, like L3 4BP"))
  .transform((postcode) => `${postcode.slice(0, -3)} ${postcode.slice(-3)}`);

/** The id of the vehicle a form is about, as its page's address names it. */
export const vehicleIdField = (message = "Say which vehicle this is about, by the id in its page's address") =>
  z.string({ error: message }).trim().regex(VEHICLE_ID_PATTERN, message);

/** Problems by field, the first for each, in the order of the schema's fields; nested fields under their path ("vehicleDetails.make"). */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".");
    errors[field] ??= issue.message;
  }
  return errors;
}
