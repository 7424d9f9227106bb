import {
  VEHICLE_DIALOG_LEAD_KINDS,
  vehicleDialogFormOf,
  vehicleSlugOf,
  type VehicleDialogForm,
  type VehicleDialogLeadKind,
} from "../../../domain/lead-kinds";
import type { LeadPostOutcome } from "../forms/form-parts";

interface LeadForm extends VehicleDialogForm {
  /** The last part of the form's own page: /vehicles/{id}/enquire. */
  slug: string;
}

/** The vehicle page's forms opened in a dialog, each a lead kind with a page of its own under /vehicles/{id}/ (domain/lead-kinds.ts). */
export const LEAD_FORMS = Object.fromEntries(
  VEHICLE_DIALOG_LEAD_KINDS.map((kind) => [kind, { ...vehicleDialogFormOf(kind), slug: vehicleSlugOf(kind) }]),
) as Record<VehicleDialogLeadKind, LeadForm>;

/** The vehicle a form is about, as its page shows it. */
export interface LeadFormVehicle {
  id: string;
  make: string;
  model: string;
  registration?: string;
}

export const leadFormPath = (vehicleId: string, kind: VehicleDialogLeadKind) => `/vehicles/${vehicleId}/${LEAD_FORMS[kind].slug}`;

/** What a form's action answers when sent in place: stored (and whether the vehicle was still in stock), or what to fix. */
export type LeadOutcome = LeadPostOutcome;
