/**
 * The choices and words of the vehicle page's forms (enquiry, test drive, call back) that
 * the pages show and the schemas check, kept apart from the schemas so that a page showing a
 * form does not load the validator (zod) until the form is used.
 */

export const CONTACT_METHODS = { email: "Email", phone: "Phone" } as const;
export type ContactMethod = keyof typeof CONTACT_METHODS;

export const BEST_TIMES = { morning: "Morning", afternoon: "Afternoon", any: "Any time" } as const;
export type BestTime = keyof typeof BEST_TIMES;

/** What a test driver confirms; each booking stores that it was ticked. */
export const LICENCE_CONFIRMATION = "I hold a full driving licence valid in the UK, and I'll bring it with me";
export const LICENCE_CONFIRMATION_MISSING = "Tick the box to confirm you hold a full driving licence";

export const ENQUIRY_MESSAGE_MAX_LENGTH = 2000;

/** The enquiry's message as it starts: "Is the Ford Fiesta MA19 ABC still available?" */
export function enquiryOpening(vehicle: { make: string; model: string; registration?: string }): string {
  return `Is the ${[vehicle.make, vehicle.model, vehicle.registration].filter(Boolean).join(" ")} still available?`;
}
