import {
  MOST_PREVIOUS_ADDRESSES,
  previousAddressFieldName,
  type PreviousAddressField,
  type PreviousAddressFieldName,
} from "../../../domain/address-history";
import type { ApplicationField } from "../../../domain/finance-application";
import { LICENCE_TYPES, MARITAL_STATUSES, OCCUPATIONAL_STATUSES, RESIDENTIAL_STATUSES } from "../../../domain/finance-options";

/**
 * The finance application as the visitor meets it: seven steps in a fixed order (no Back), each
 * with its fields. The dialog shows one step at a time; without JavaScript one page shows
 * them all.
 */
/** The spec's words for the outcome of an application. */
export const SUBMITTED = "Application submitted!";
export const SUBMISSION_FAILED = "Submission failed—please try again.";

export interface FieldSpec {
  name: ApplicationField | PreviousAddressFieldName;
  label: string;
  kind: "choice" | "text" | "email" | "tel" | "date" | "whole-number";
  options?: readonly string[];
  autoComplete?: string;
  hint?: string;
  optional?: boolean;
}

export interface StepSpec {
  title: string;
  fields: readonly FieldSpec[];
}

export const APPLICATION_STEPS: readonly StepSpec[] = [
  {
    title: "Licence type",
    fields: [{ name: "licenseType", label: "Which driving licence do you hold?", kind: "choice", options: LICENCE_TYPES }],
  },
  {
    title: "Personal details",
    fields: [
      { name: "firstName", label: "First name", kind: "text", autoComplete: "given-name" },
      { name: "surname", label: "Surname", kind: "text", autoComplete: "family-name" },
      { name: "phone", label: "Phone number", kind: "tel", autoComplete: "tel" },
      { name: "email", label: "Email address", kind: "email", autoComplete: "email" },
      { name: "dob", label: "Date of birth", kind: "date", autoComplete: "bday", hint: "You must be 18 or over" },
    ],
  },
  {
    title: "Marital status",
    fields: [{ name: "maritalStatus", label: "What is your marital status?", kind: "choice", options: MARITAL_STATUSES }],
  },
  {
    title: "Residential status",
    fields: [{ name: "residentialStatus", label: "What is your residential status?", kind: "choice", options: RESIDENTIAL_STATUSES }],
  },
  {
    title: "Address and time at address",
    fields: [
      { name: "address1", label: "Address line 1", kind: "text", autoComplete: "address-line1" },
      { name: "address2", label: "Address line 2", kind: "text", autoComplete: "address-line2", optional: true },
      { name: "city", label: "Town or city", kind: "text", autoComplete: "address-level2" },
      { name: "postcode", label: "Postcode", kind: "text", autoComplete: "postal-code" },
      { name: "residenceYears", label: "Years at this address", kind: "whole-number", optional: true },
      { name: "residenceMonths", label: "And months", kind: "whole-number", optional: true },
    ],
  },
  {
    title: "Occupational status",
    fields: [{ name: "occupationalStatus", label: "What is your occupational status?", kind: "choice", options: OCCUPATIONAL_STATUSES }],
  },
  {
    title: "Employment and income",
    fields: [
      { name: "employer", label: "Employer", kind: "text", autoComplete: "organization", hint: "We never contact your employer" },
      { name: "jobTitle", label: "Job title", kind: "text", autoComplete: "organization-title" },
      { name: "workYears", label: "Years in this job", kind: "whole-number" },
      { name: "workMonths", label: "And months", kind: "whole-number", optional: true },
      { name: "netIncome", label: "Monthly income after tax (£)", kind: "whole-number" },
    ],
  },
];

/** The step a field is asked on; the previous addresses are asked with the current one. */
export function stepOf(field: string): number {
  const asked = field.startsWith("previousAddresses.") ? "address1" : field;
  return APPLICATION_STEPS.findIndex((step) => step.fields.some((spec) => spec.name === asked));
}

/** The step that asks for the address, where the previous addresses follow the time at the current one. */
export const ADDRESS_STEP = stepOf("address1");

/** Which previous address a label is about, so that each field's name is its own. */
const PREVIOUS = ["Previous", "Second previous", "Third previous"] as const satisfies { length: typeof MOST_PREVIOUS_ADDRESSES };

/** The fields of the previous address at `index`: "Previous address line 1", "Second previous postcode". */
export function previousAddressFields(index: number): FieldSpec[] {
  const name = (field: PreviousAddressField) => previousAddressFieldName(index, field);
  const which = PREVIOUS[index]!;
  return [
    { name: name("address1"), label: `${which} address line 1`, kind: "text" },
    { name: name("address2"), label: `${which} address line 2`, kind: "text", optional: true },
    { name: name("city"), label: `${which} town or city`, kind: "text" },
    { name: name("postcode"), label: `${which} postcode`, kind: "text" },
    { name: name("residenceYears"), label: `Years at the ${which.toLowerCase()} address`, kind: "whole-number", optional: true },
    { name: name("residenceMonths"), label: "And months", kind: "whole-number", optional: true },
  ];
}
