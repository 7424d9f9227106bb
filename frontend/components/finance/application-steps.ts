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
  name: ApplicationField;
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

/** The step a field is asked on. */
export function stepOf(field: string): number {
  return APPLICATION_STEPS.findIndex((step) => step.fields.some((spec) => spec.name === field));
}
