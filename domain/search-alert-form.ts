/** The save-search form as the server (and, when a form is used, the browser) checks it: one schema for both. */
import { z } from "zod";
import { emailSchema } from "./form-fields";
import { ALERT_FREQUENCY_NAMES } from "./search-alerts";
import { VEHICLE_ID_PATTERN } from "./vehicle-id";
import { VEHICLE_TYPES } from "./vehicle-types";

/** The longest saved query string: every filter at its longest is well within it. */
const MAX_QUERY_LENGTH = 2000;

/** What the save form sends: the address, how often, and the search (its type and query string) or the vehicle watched. */
export const saveAlertSchema = z.object({
  email: emailSchema,
  frequency: z.enum(ALERT_FREQUENCY_NAMES, { error: "Choose how often to hear from us" }).default("immediate"),
  type: z.enum(VEHICLE_TYPES, { error: "Choose cars, vans or trucks" }),
  query: z.string().max(MAX_QUERY_LENGTH, "That search is too long to save").default(""),
  vehicleId: z.string().regex(VEHICLE_ID_PATTERN, "That is not one of our vehicles").optional(),
  /** The page the form was on, kept with the consent; one that is not a path of this site is left out, not refused. */
  page: z
    .string()
    .max(300)
    .regex(/^\/[^\s]*$/)
    .optional()
    .catch(undefined),
});
export type SaveAlert = z.infer<typeof saveAlertSchema>;
