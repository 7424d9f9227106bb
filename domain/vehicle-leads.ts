import { z } from "zod";
import { emailSchema, fieldErrors, optional, personName, requiredText, ukPhoneSchema, vehicleIdField } from "./form-fields";
import { formatCount } from "./format";
import {
  addDays,
  clockText,
  dayText,
  hoursOn,
  isCalendarDate,
  minutesOf,
  showroomMoment,
  TEST_DRIVE_DAYS_AHEAD,
  testDriveTimes,
  type Schedule,
} from "./opening-hours";
import {
  BEST_TIMES,
  CONTACT_METHODS,
  ENQUIRY_MESSAGE_MAX_LENGTH,
  LICENCE_CONFIRMATION_MISSING,
  type BestTime,
  type ContactMethod,
} from "./vehicle-lead-wording";

/**
 * The vehicle page's own forms, each checked once here for the browser and the server
 * alike: an enquiry, a test-drive booking and a call-back request, each about the vehicle
 * `vehicleId` names.
 */

const keyOf = <T extends Record<string, string>>(choices: T) => Object.keys(choices) as [keyof T & string, ...(keyof T & string)[]];

export const enquirySchema = z
  .object({
    name: personName("name", 100),
    email: optional(emailSchema),
    phone: optional(ukPhoneSchema),
    // Asked only to choose between two ways given: a buyer who gives one is answered that way.
    contactMethod: optional(z.enum(keyOf(CONTACT_METHODS), { error: "Choose how you would like us to reply" })),
    message: requiredText(ENQUIRY_MESSAGE_MAX_LENGTH, "Enter your message").max(
      ENQUIRY_MESSAGE_MAX_LENGTH,
      `Keep your message to ${formatCount(ENQUIRY_MESSAGE_MAX_LENGTH)} characters or fewer`,
    ),
    vehicleId: vehicleIdField(),
  })
  .superRefine(
    (enquiry, context) => {
      const { email, phone } = enquiry as { email?: unknown; phone?: unknown };
      if (email === undefined && phone === undefined) {
        context.addIssue({ code: "custom", path: ["email"], message: "Enter your email address or phone number, so we can reply" });
      }
    },
    // Said alongside any other problem, so that every one shows at once; a body that is not an object has no fields to name.
    { when: ({ value }) => typeof value === "object" && value !== null && !Array.isArray(value) },
  )
  .transform((enquiry) => ({ ...enquiry, contactMethod: replyMethodOf(enquiry) }));

/** The way given, when only one was; the one chosen (e-mail unless phone was) when both were. */
function replyMethodOf({ email, phone, contactMethod }: { email?: string; phone?: string; contactMethod?: ContactMethod }): ContactMethod {
  if (email === undefined) return "phone";
  if (phone === undefined) return "email";
  return contactMethod ?? "email";
}

export const callBackSchema = z.object({
  name: personName("name", 100),
  phone: ukPhoneSchema,
  bestTime: z.enum(keyOf(BEST_TIMES), { error: "Choose the best time to call you" }),
  vehicleId: vehicleIdField(),
});

/**
 * A test drive on a day the showroom is open, from tomorrow to 14 days ahead, at a time
 * it is open for the whole drive. The days and times depend on the dealer's hours and on
 * today in London, so the schema is made for both.
 */
export function testDriveSchema(schedule: Schedule, now: Date) {
  const today = showroomMoment(now).date;
  const lastDay = addDays(today, TEST_DRIVE_DAYS_AHEAD);
  return z
    .object({
      name: personName("name", 100),
      phone: ukPhoneSchema,
      // The drive is confirmed by phone; an address only adds the confirmation by e-mail.
      email: optional(emailSchema),
      // Aborting: the checks after it, and the object's own below, read the day as a date.
      day: z
        .string({ error: "Choose a day for your test drive" })
        .refine(isCalendarDate, { error: "Choose a day for your test drive", abort: true })
        .refine((day) => day > today, "Choose a day from tomorrow onwards")
        .refine((day) => day <= lastDay, `We book test drives up to ${TEST_DRIVE_DAYS_AHEAD} days ahead: choose an earlier day`)
        .refine((day) => hoursOn(schedule, day) !== undefined, {
          error: ({ input }) => `We are closed on ${dayText(String(input))}: choose another day`,
        }),
      time: z
        .string({ error: "Choose a time for your test drive" })
        .refine((time) => minutesOf(time) !== undefined, { error: "Choose a time for your test drive", abort: true }),
      licence: z.literal([true, "yes", "on", "true"], { error: LICENCE_CONFIRMATION_MISSING }).transform((): true => true),
      vehicleId: vehicleIdField(),
    })
    .superRefine(({ day, time }, context) => {
      // A day the showroom is closed is its own problem, already said.
      const hours = hoursOn(schedule, day);
      const times = hours ? testDriveTimes(hours) : [];
      if (!hours || times.includes(time) || times.length === 0) return;
      const last = minutesOf(times.at(-1)!)!;
      context.addIssue({
        code: "custom",
        path: ["time"],
        message: `On ${dayText(day)} we are open ${clockText(hours.opens)} to ${clockText(hours.closes)}: choose a time from ${clockText(hours.opens)} to ${clockText(last)}`,
      });
    });
}

export type Enquiry = z.output<typeof enquirySchema>;
export type CallBack = z.output<typeof callBackSchema>;
export type TestDrive = z.output<ReturnType<typeof testDriveSchema>>;
export type { BestTime, ContactMethod };

const FORM_ORDER: readonly string[] = [
  "name",
  "email",
  "phone",
  "contactMethod",
  "message",
  "day",
  "time",
  "licence",
  "bestTime",
  "vehicleId",
];

/** Problems by field in the order the forms ask, the first first: a refinement's problem comes in its field's place. */
export function vehicleLeadErrors(error: z.ZodError): Record<string, string> {
  const place = (field: string) => (FORM_ORDER.includes(field) ? FORM_ORDER.indexOf(field) : FORM_ORDER.length);
  return Object.fromEntries(Object.entries(fieldErrors(error)).sort(([a], [b]) => place(a) - place(b)));
}
