/**
 * The finance application's pick-lists, word for word as lenders expect them. Kept apart from
 * the schema so a page can show them without shipping the validator.
 */

export const LICENCE_TYPES = ["Full UK", "Provisional UK", "CBT", "A2", "Full A Class", "European", "International", "None"] as const;

export const MARITAL_STATUSES = [
  "Single",
  "Cohabiting",
  "Married",
  "Separated",
  "Divorced",
  "Widowed",
  "Civil Partnership",
  "Dissolved Civil Partnership",
  "Engaged",
] as const;

export const RESIDENTIAL_STATUSES = [
  "Homeowner",
  "Tenant - Private",
  "Tenant - Housing Association",
  "Tenant - Council",
  "Living With Family",
  "Military Accommodation",
  "Work Accommodation",
  "Student Accommodation",
] as const;

export const OCCUPATIONAL_STATUSES = [
  "Full-Time Employment",
  "Part-Time Employment",
  "Self-Employed",
  "Temporary/ Contract",
  "Retired",
  "Homemaker",
  "Carer",
  "Education",
  "Benefits",
  "Armed Services",
] as const;

/** Those in work, who are asked for their employer, job and time there. */
export const IN_WORK: readonly string[] = [
  "Full-Time Employment",
  "Part-Time Employment",
  "Self-Employed",
  "Temporary/ Contract",
  "Armed Services",
];
