import { z } from "zod";
import { HIRE_PURCHASE_TERMS } from "./finance";
import { IN_WORK, LICENCE_TYPES, MARITAL_STATUSES, OCCUPATIONAL_STATUSES, RESIDENTIAL_STATUSES } from "./finance-options";
import {
  emailSchema,
  fieldErrors,
  optional,
  optionalText,
  personName,
  requiredText,
  ukPhoneSchema,
  ukPostcodeSchema,
  vehicleIdField,
} from "./form-fields";
import { MOST_PREVIOUS_ADDRESSES } from "./address-history";
import { wholeNumberAsWritten } from "./uk-formats";

/**
 * A finance application: the fields the wizard asks for, checked once here for both the wizard in
 * the browser and POST /api/finance-application. Messages are written for the applicant, to
 * sit next to the field they are about.
 */

const MINIMUM_AGE = 18;

const VEHICLE_MILEAGE = "The vehicle's mileage must be a whole number of miles";
const TERM_MESSAGE = `Choose a term of ${HIRE_PURCHASE_TERMS.slice(0, -1).join(", ")} or ${HIRE_PURCHASE_TERMS.at(-1)} months`;

const choice = <T extends readonly [string, ...string[]]>(options: T, missing: string) => z.enum(options, { error: missing });

/** Whole numbers, sent as numbers or as digit strings from a form. */
const wholeNumber = (min: number, max: number, message: string) =>
  z
    .union([z.number(), z.string().trim().regex(/^\d+$/, message).transform(Number)], { error: message })
    .pipe(z.number().int(message).min(min, message).max(max, message));

/** Whole pounds, also as people write them: "2,000", "£2,000". */
const wholePounds = (min: number, max: number, message: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? (wholeNumberAsWritten(value, { pounds: true }) ?? value) : value),
    wholeNumber(min, max, message),
  );

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

const dateOfBirthSchema = z
  .string({ error: "Enter your date of birth" })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}$/, "Enter your date of birth as a date, like 1990-04-23")
  .refine(isRealDate, "Enter a real date of birth")
  .refine((dob) => ageOn(dob, new Date()) >= MINIMUM_AGE, `You must be ${MINIMUM_AGE} or over to apply for finance`)
  .refine((dob) => ageOn(dob, new Date()) <= 120, "Check the year of your date of birth");

/**
 * An address lived at before the current one, and for how long. Beside the public contract's
 * fields, never forwarded and never e-mailed: the form asks for it only until three years
 * are covered, and an applicant may leave it out.
 */
const previousAddressSchema = z.object(
  {
    address1: requiredText(100, "Enter the first line of this previous address"),
    address2: optionalText(100, "the second line of this previous address"),
    city: requiredText(60, "Enter the town or city of this previous address"),
    postcode: ukPostcodeSchema,
    residenceYears: optional(wholeNumber(0, 100, "Enter the years at this address as a whole number")),
    residenceMonths: optional(wholeNumber(0, 11, "Enter months from 0 to 11")),
  },
  { error: "Send each previous address as an object" },
);

export type PreviousAddress = z.output<typeof previousAddressSchema>;

export const financeApplicationSchema = z
  .object({
    licenseType: choice(LICENCE_TYPES, "Choose your licence type"),
    firstName: personName("first name", 50),
    surname: personName("surname", 50),
    phone: ukPhoneSchema,
    email: emailSchema,
    dob: dateOfBirthSchema,
    maritalStatus: choice(MARITAL_STATUSES, "Choose your marital status"),
    residentialStatus: choice(RESIDENTIAL_STATUSES, "Choose your residential status"),
    address1: requiredText(100, "Enter the first line of your address"),
    address2: optionalText(100, "the second line of your address"),
    city: requiredText(60, "Enter your town or city"),
    postcode: ukPostcodeSchema,
    residenceYears: wholeNumber(0, 100, "Enter the years at this address as a whole number").optional(),
    residenceMonths: wholeNumber(0, 11, "Enter months from 0 to 11").optional(),
    previousAddresses: optional(
      z
        .array(previousAddressSchema, { error: "Send the previous addresses as a list" })
        .max(MOST_PREVIOUS_ADDRESSES, `Give up to ${MOST_PREVIOUS_ADDRESSES} previous addresses`),
    ),
    occupationalStatus: choice(OCCUPATIONAL_STATUSES, "Choose your occupational status"),
    employer: optionalText(100, "your employer"),
    jobTitle: optionalText(100, "your job title"),
    workYears: wholeNumber(0, 70, "Enter the years in this job as a whole number").optional(),
    workMonths: wholeNumber(0, 11, "Enter months from 0 to 11").optional(),
    netIncome: wholePounds(0, 1_000_000, "Enter your monthly income after tax in whole pounds, like 2,000"),
    // What the applicant chose in the vehicle page's calculator, when they used it.
    deposit: wholePounds(0, 10_000_000, "Enter the deposit in whole pounds, like 1,500").optional(),
    termMonths: wholeNumber(1, 120, TERM_MESSAGE)
      .refine((months) => (HIRE_PURCHASE_TERMS as readonly number[]).includes(months), TERM_MESSAGE)
      .optional(),
    vehicleId: vehicleIdField("Say which vehicle you are applying for, by the id in its page's address"),
    // Checked for shape only: the intake replaces them with the vehicle's details in stock.
    vehicleDetails: z.object(
      {
        make: requiredText(80, "The vehicle's make is missing"),
        model: requiredText(80, "The vehicle's model is missing"),
        registration: optionalText(10, "the vehicle's registration"),
        mileage: optional(z.number({ error: VEHICLE_MILEAGE }).int(VEHICLE_MILEAGE).min(0, VEHICLE_MILEAGE)),
      },
      { error: "Send the vehicle's make and model, as vehicleDetails" },
    ),
  })
  .superRefine(
    (application, context) => {
      const need = (field: "employer" | "jobTitle" | "workYears", message: string) => {
        if (application[field] === undefined) context.addIssue({ code: "custom", path: [field], message });
      };
      need("employer", "Enter your employer (we never contact them)");
      need("jobTitle", "Enter your job title");
      need("workYears", "Enter how many years you have worked there");
    },
    // Asked of those in work even while other answers are wrong, so that every problem shows at once.
    { when: ({ value }) => IN_WORK.includes(String((value as { occupationalStatus?: unknown } | null)?.occupationalStatus)) },
  );

export type FinanceApplication = z.output<typeof financeApplicationSchema>;

/** The fields of the application in the order the wizard asks for them. */
const APPLICATION_FIELDS = [
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

/** An application's problems by field, in the order the form asks: Zod lists the job questions' last. */
export function applicationFieldErrors(error: z.ZodError): Record<string, string> {
  const place = (field: string) => {
    // The previous addresses come after the time at the current one, in their own order.
    if (field.startsWith("previousAddresses")) return APPLICATION_FIELDS.indexOf("residenceMonths") + 0.5;
    const index = (APPLICATION_FIELDS as readonly string[]).indexOf(field);
    return index < 0 ? APPLICATION_FIELDS.length : index;
  };
  return Object.fromEntries(Object.entries(fieldErrors(error)).sort(([a], [b]) => place(a) - place(b)));
}
