import { z } from "zod";
import { OpeningHoursError, scheduleOf } from "./opening-hours";

/**
 * Who the dealer is: name, contact details, address, regulatory references and hours. One
 * file (dealer.json, or DEALER_CONFIG) so any dealer can run the site; every page reads it
 * from here and nothing dealer-specific is written into the code. The shipped file is a
 * fictional Liverpool dealer (its phone numbers are in Ofcom's range kept for drama).
 */
const httpsUrl = z.url({ protocol: /^https$/, error: "must be an https:// address" });

const addressSchema = z.object({
  lines: z.array(z.string().min(1)).min(1),
  town: z.string().min(1),
  postcode: z.string().min(5),
});

const phoneSchema = z.string().regex(/^[0-9 +]{10,16}$/, "must be a phone number");

/** Read as well as shown ("Open today until 5pm", test-drive times): words like "Monday to Friday" and "9am to 5pm". */
const openingHoursSchema = z
  .array(z.object({ days: z.string().min(1), hours: z.string().min(1) }))
  .min(1)
  .superRefine((openingHours, context) => {
    try {
      scheduleOf({ openingHours });
    } catch (error) {
      if (!(error instanceof OpeningHoursError)) throw error;
      context.addIssue({ code: "custom", message: error.message });
    }
  });

/** Days the showroom is closed though its weekly hours say open, such as bank holidays. */
const closedOnSchema = z.array(z.iso.date()).optional();

/** A branch code, as feeds name a vehicle's branch and as its page's address reads: /branches/wigan. */
export const BRANCH_CODE_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,38}[a-z0-9])?$/;

/**
 * One site of a dealer group (domain/branches.ts): where it is, how to reach it, when it is
 * open and where its leads go. `location` is where distances are measured to; without it,
 * the centre of its postcode's outward code.
 */
export const branchSchema = z.object({
  code: z.string().regex(BRANCH_CODE_PATTERN, "must be lower-case letters, digits and hyphens, like wigan or st-helens"),
  name: z.string().min(1),
  address: addressSchema,
  location: z.object({ lat: z.number().min(49).max(61), lon: z.number().min(-9).max(2) }).optional(),
  phone: phoneSchema,
  /** Where the branch's leads are sent. */
  leadEmail: z.email(),
  openingHours: openingHoursSchema,
  closedOn: closedOnSchema,
});

/** A dealer's branches, each with a code of its own. */
export const branchListSchema = z
  .array(branchSchema)
  .refine((branches) => new Set(branches.map((branch) => branch.code)).size === branches.length, "gives one code to two branches");

export const dealerSchema = z.object({
  name: z.string().min(1),
  legalName: z.string().min(1),
  tagline: z.string().min(1),
  tradingSince: z.number().int().min(1800).max(2100),
  phone: phoneSchema,
  email: z.email(),
  messagingUrl: httpsUrl,
  address: addressSchema,
  fcaFirmReference: z.string().regex(/^\d{6,7}$/, "must be the 6 or 7 digit FCA firm reference number"),
  companyNumber: z.string().regex(/^[A-Z0-9]{8}$/, "must be the 8 character Companies House number"),
  /** Where the company is registered: "England and Wales", "Scotland" or "Northern Ireland". */
  registeredIn: z.enum(["England and Wales", "Scotland", "Northern Ireland", "Wales"]),
  registeredOffice: z.string().min(1),
  openingHours: openingHoursSchema,
  closedOn: closedOnSchema,
  replyTime: z.string().min(1),
  /**
   * How soon a question about a vehicle, a test-drive booking or a call-back request is
   * answered, as words following "We will be in touch": "within one business day". Without
   * it, replyTime.
   */
  leadReplyTime: z.string().min(1).optional(),
  /**
   * Hours within which the sales team aims to answer a new lead: the inbox shows a lead's age
   * in red once it is older than this and still new.
   */
  leadReplyTargetHours: z.number().positive().max(168).default(2),
  social: z.record(z.string(), httpsUrl).default({}),
  /** The dealer's partners that buy vans and trucks outright, linked from the header. */
  sellVanUrl: httpsUrl,
  sellTruckUrl: httpsUrl,
  // Claims only some dealers can truthfully make: a page says each only when it is set here,
  // and leaves the sentence out otherwise.
  /** The business is family-run (the About page says so). */
  familyRun: z.boolean().optional(),
  /** Where vehicles are delivered, as words following "We deliver": "across the UK". */
  deliveryArea: z.string().min(1).optional(),
  /**
   * What is done to every vehicle before it is listed, as words following "Every car is":
   * "inspected, road tested and history checked for outstanding finance and write-offs".
   */
  vehicleChecks: z.string().min(1).optional(),
  /**
   * A dealer group's sites, the first being where a vehicle whose feed names no branch
   * stands. Absent: one branch, made from the fields above (domain/branches.ts).
   */
  branches: branchListSchema.min(1).optional(),
});

export type Dealer = z.infer<typeof dealerSchema>;
