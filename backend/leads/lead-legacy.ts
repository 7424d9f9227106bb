import type { LeadKindName } from "../../domain/lead-kinds";
import { referenceOfId } from "./lead-reference";
import type { KeptLead } from "./lead-store";

/**
 * Leads stored before the kinds were one family: finance applications in their own folder
 * (DATA_DIR/applications) or collection (finance_applications), the small forms under
 * DATA_DIR/enquiries/<kind> or a collection each. The stores move them into the one place
 * leads are kept when they open, keeping each lead's id, times and forwarding state, so
 * nothing stored before an upgrade is lost or sent twice.
 */

export const LEGACY_PLACES: readonly { kind: LeadKindName; folder: string; collection: string }[] = [
  { kind: "finance-application", folder: "applications", collection: "finance_applications" },
  { kind: "newsletter", folder: "enquiries/newsletter", collection: "newsletter_signups" },
  { kind: "feedback", folder: "enquiries/feedback", collection: "feedback" },
  { kind: "part-exchange", folder: "enquiries/part-exchange", collection: "part_exchange_requests" },
];

interface OldShape {
  id?: unknown;
  _id?: unknown;
  receivedAt: string | Date;
  /** Finance applications' idempotency digest. */
  submissionKey?: string;
  /** The small forms' key (a newsletter address's digest). */
  key?: string;
  application?: { vehicleId: string; vehicleDetails?: { make?: string; model?: string; registration?: string; mileage?: number } };
  enquiry?: unknown;
  forwardAttempts?: number;
  forwardedAt?: string | Date;
  nextAttemptAt?: string | Date;
}

/** A lead as either old shape held it, its times read whether written as text (files) or dates (MongoDB). */
export function legacyLeadOf(kind: LeadKindName, old: OldShape): KeptLead {
  const id = String(old.id ?? old._id);
  const key = old.submissionKey ?? old.key;
  const details = old.application?.vehicleDetails;
  return {
    id,
    kind,
    reference: referenceOfId(id),
    receivedAt: new Date(old.receivedAt),
    ...(key === undefined ? {} : { key }),
    ...(old.application ? { vehicle: withoutBlanks({ id: old.application.vehicleId, inStock: true, ...details }) } : {}),
    data: old.application ?? old.enquiry,
    ...(old.forwardAttempts === undefined ? {} : { forwardAttempts: old.forwardAttempts }),
    ...(old.forwardedAt === undefined ? {} : { forwardedAt: new Date(old.forwardedAt) }),
    ...(old.nextAttemptAt === undefined ? {} : { nextAttemptAt: new Date(old.nextAttemptAt) }),
  };
}

/** MongoDB would store an absent field as null. */
function withoutBlanks<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, field]) => field !== undefined)) as T;
}
