import type { VehicleRecord } from "../../domain/vehicle";
import type { LeadKindName } from "./lead-kinds";

/**
 * Where every lead is kept, whatever its kind: the outbox the forwarder works from and the
 * record staff read. Embedded: one file per lead under DATA_DIR/leads/; production: the
 * MongoDB collection `leads`. Both pass one contract suite (lead-store-contract.ts), and
 * both take in the leads stored before the family was one (lead-legacy.ts).
 */

/** The vehicle a lead is about, as the stock described it when the lead arrived. */
export interface LeadVehicle {
  id: string;
  /** False when the vehicle was not in stock by then: the rest is as it was listed when sold, or unknown. */
  inStock: boolean;
  make?: string;
  model?: string;
  derivative?: string;
  registration?: string;
  mileage?: number;
  priceGBP?: number;
  /** When an import removed it from stock, for a vehicle sold since its page was opened. */
  soldAt?: string;
}

export interface StoredLead<T = unknown> {
  id: string;
  kind: LeadKindName;
  /** What the visitor was told to quote ("K7F3-9QXA"). */
  reference: string;
  receivedAt: Date;
  vehicle?: LeadVehicle;
  /** What the visitor sent, as its kind keeps it. */
  data: T;
  /** When the lead-tracking service took it (answered 2xx); absent until then, and for kinds never forwarded. */
  forwardedAt?: Date;
  /** Sends tried so far; always 0 for kinds never forwarded. */
  forwardAttempts: number;
}

/** A lead as a store keeps it: what it hands out, plus its key and forwarding schedule. */
export interface KeptLead {
  id: string;
  kind: LeadKindName;
  reference: string;
  receivedAt: Date;
  key?: string;
  vehicle?: LeadVehicle;
  data: unknown;
  /** Absent for kinds never forwarded. */
  forwardAttempts?: number;
  forwardedAt?: Date;
  /** Absent once forwarded, and for kinds never forwarded, so it is never due. */
  nextAttemptAt?: Date;
}

export interface NewLead {
  kind: LeadKindName;
  receivedAt: Date;
  vehicle?: LeadVehicle;
  data: unknown;
  /** Names what the lead is (a newsletter address's digest, a client's idempotency key): a second add with the same key stores nothing. */
  key?: string;
  /** Whether it waits to be sent to the lead-tracking service. */
  forwarded: boolean;
}

export interface AddResult {
  id: string;
  /** Given by the store, which makes sure no other lead has it. */
  reference: string;
  /** False when a lead with the same key was already stored: these are its id and reference. */
  created: boolean;
}

/** What forwarding needs of a store. */
export interface LeadOutbox {
  /** The not-yet-forwarded lead whose next try is the most overdue, held back from every other claimant (any process) for `leaseMs`. */
  claimNextDue(now: Date, leaseMs: number): Promise<StoredLead | undefined>;
  markForwarded(id: string, at: Date): Promise<void>;
  /** Counts a failed send and sets when to try again. */
  markForwardFailed(id: string, retryAt: Date): Promise<void>;
}

export interface LeadStore extends LeadOutbox {
  /** Resolves only once the lead would survive a crash or power cut. */
  add(lead: NewLead): Promise<AddResult>;
  get(id: string): Promise<StoredLead | undefined>;
  /** Deletes every lead of a kind received before `cutoff`, and its key; resolves to how many went. */
  deleteReceivedBefore(kind: LeadKindName, cutoff: Date): Promise<number>;
  close(): Promise<void>;
}

export function leadVehicleOf(id: string, record: VehicleRecord | undefined): LeadVehicle {
  if (!record) return { id, inStock: false };
  const { make, model, derivative, registration, odometerReadingMiles } = record.vehicle;
  return {
    id,
    inStock: true,
    make,
    model,
    ...(derivative === undefined ? {} : { derivative }),
    ...(registration === undefined ? {} : { registration }),
    ...(odometerReadingMiles === undefined ? {} : { mileage: odometerReadingMiles }),
    priceGBP: record.adverts.retailAdverts.totalPrice.amountGBP,
  };
}
