import { z } from "zod";
import { IN_WORK, LICENCE_TYPES, MARITAL_STATUSES, OCCUPATIONAL_STATUSES, RESIDENTIAL_STATUSES } from "./finance-options";
import { COMPACT_UK_POSTCODE, wholeNumberAsWritten } from "./uk-formats";
import { vehicleIdSchema } from "./vehicle";

/**
 * A finance application: the fields of spec.md §3, checked once here for both the wizard in
 * the browser and POST /api/finance-application. Messages are written for the applicant, to
 * sit next to the field they are about.
 */

export const MINIMUM_AGE = 18;

const text = (max: number, missing: string) => z.string({ error: missing }).trim().min(1, missing).max(max, `Keep this under ${max} characters`);
const optionalText = (max: number) => z.string().trim().max(max, `Keep this under ${max} characters`).optional();

const name = (what: string) =>
  text(50, `Enter your ${what}`).regex(/^\p{L}[\p{L}\p{M}' .-]*$/u, `Your ${what} can only have letters, spaces, hyphens and apostrophes`);

const choice = <T extends readonly [string, ...string[]]>(options: T, missing: string) => z.enum(options, { error: missing });

/** Whole numbers, sent as numbers or as digit strings from a form. */
const wholeNumber = (min: number, max: number, message: string) =>
  z.union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: message }).pipe(z.number().int(message).min(min, message).max(max, message));

/** Whole pounds, also as people write them: "2,000", "£2,000". */
const wholePounds = (min: number, max: number, message: string) =>
  z.preprocess((value) => (typeof value === "string" ? (wholeNumberAsWritten(value, { pounds: true }) ?? value) : value), wholeNumber(min, max, message));

/** UK numbers: a mobile (07…) or a landline (01…, 02…, 03…), written with or without +44, spaces or dashes. */
export const ukPhoneSchema = z
  .string({ error: "Enter your phone number" })
  .trim()
  .min(1, "Enter your phone number")
  .transform((phone) => phone.replace(/[\s()-]/g, "").replace(/^\+44/, "0"))
  .pipe(z.string().regex(/^0(?:7\d{9}|[123]\d{8,9})$/, "Enter a UK phone number, like 07700 900123 or 0151 496 0123"));

/** A UK postcode in any spacing or case, kept in the standard form ("L3 4BP"). */
export const ukPostcodeSchema = z
  .string({ error: "Enter your postcode" })
  .trim()
  .min(1, "Enter your postcode")
  .transform((postcode) => postcode.replace(/\s+/g, "").toUpperCase())
  .pipe(z.string().regex(COMPACT_UK_POSTCODE, "Enter a UK postcode, like L3 4BP"))
  .transform((postcode) => `${postcode.slice(0, -3)} ${postcode.slice(-3)}`);

/** The age in whole years on a day, for a date of birth. */
export function ageOn(dateOfBirth: string, day: Date): number {
  const [year, month, date] = dateOfBirth.split("-").map(Number) as [number, number, number];
  const hadBirthday = day.getUTCMonth() + 1 > month || (day.getUTCMonth() + 1 === month && day.getUTCDate() >= date);
  return day.getUTCFullYear() - year - (hadBirthday ? 0 : 1);
}

function isRealDate(text: string): boolean {
  const [year, month, date] = text.split("-").map(Number) as [number, number, number];
  const parsed = new Date(Date.UTC(year, month - 1, date));
  return parsed.getUTCFullYear() === year && parsed.getUTCMonth() === month - 1 && parsed.getUTCDate() === date;
}

export const dateOfBirthSchema = z
  .string({ error: "Enter your date of birth" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter your date of birth as a date, like 1990-04-23")
  .refine(isRealDate, "Enter a real date of birth")
  .refine((dob) => ageOn(dob, new Date()) >= MINIMUM_AGE, `You must be ${MINIMUM_AGE} or over to apply for finance`)
  .refine((dob) => ageOn(dob, new Date()) <= 120, "Check the year of your date of birth");

export const financeApplicationSchema = z
  .object({
    licenseType: choice(LICENCE_TYPES, "Choose your licence type"),
    firstName: name("first name"),
    surname: name("surname"),
    phone: ukPhoneSchema,
    email: z
      .string({ error: "Enter your email address" })
      .trim()
      .min(1, "Enter your email address")
      .max(254, "Keep this under 254 characters")
      .pipe(z.email("Enter an email address like name@example.com")),
    dob: dateOfBirthSchema,
    maritalStatus: choice(MARITAL_STATUSES, "Choose your marital status"),
    residentialStatus: choice(RESIDENTIAL_STATUSES, "Choose your residential status"),
    address1: text(100, "Enter the first line of your address"),
    address2: optionalText(100),
    city: text(60, "Enter your town or city"),
    postcode: ukPostcodeSchema,
    residenceYears: wholeNumber(0, 100, "Enter the years at this address as a whole number").optional(),
    residenceMonths: wholeNumber(0, 11, "Enter months from 0 to 11").optional(),
    occupationalStatus: choice(OCCUPATIONAL_STATUSES, "Choose your occupational status"),
    employer: optionalText(100),
    jobTitle: optionalText(100),
    workYears: wholeNumber(0, 70, "Enter the years in this job as a whole number").optional(),
    workMonths: wholeNumber(0, 11, "Enter months from 0 to 11").optional(),
    netIncome: wholePounds(0, 1_000_000, "Enter your monthly income after tax in whole pounds, like 2,000"),
    vehicleId: vehicleIdSchema,
    vehicleDetails: z.object({
      make: text(80, "The vehicle's make is missing"),
      model: text(80, "The vehicle's model is missing"),
      registration: optionalText(10),
      mileage: z.number().int().min(0).optional(),
    }),
  })
  .superRefine(
    (application, context) => {
      const need = (field: "employer" | "jobTitle" | "workYears", message: string) => {
        if (application[field] === undefined || application[field] === "") context.addIssue({ code: "custom", path: [field], message });
      };
      need("employer", "Enter your employer (we never contact them)");
      need("jobTitle", "Enter your job title");
      need("workYears", "Enter how many years you have worked there");
    },
    // Asked of those in work even while other answers are wrong, so that every problem shows at once.
    { when: ({ value }) => IN_WORK.includes(String((value as { occupationalStatus?: unknown } | null)?.occupationalStatus)) },
  );

export type FinanceApplicationInput = z.input<typeof financeApplicationSchema>;
export type FinanceApplication = z.output<typeof financeApplicationSchema>;

/** The fields of the application in the order the wizard asks for them. */
export const APPLICATION_FIELDS = [
  "licenseType",
  "firstName",
  "surname",
  "phone",
  "email",
  "dob",
  "maritalStatus",
  "residentialStatus",
  "address1",
  "address2",
  "city",
  "postcode",
  "residenceYears",
  "residenceMonths",
  "occupationalStatus",
  "employer",
  "jobTitle",
  "workYears",
  "workMonths",
  "netIncome",
] as const satisfies readonly (keyof FinanceApplication)[];

export type ApplicationField = (typeof APPLICATION_FIELDS)[number];

/** Problems by field, the first for each, in the order of the schema's fields; vehicle problems under their own path. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const issue of error.issues) {
    const field = issue.path.join(".");
    errors[field] ??= issue.message;
  }
  return errors;
}

/** An application's problems by field, in the order the form asks: Zod lists the job questions' last. */
export function applicationFieldErrors(error: z.ZodError): Record<string, string> {
  const place = (field: string) => {
    const index = (APPLICATION_FIELDS as readonly string[]).indexOf(field);
    return index < 0 ? APPLICATION_FIELDS.length : index;
  };
  return Object.fromEntries(Object.entries(fieldErrors(error)).sort(([a], [b]) => place(a) - place(b)));
}
