import { branchOf, type Branch } from "../../domain/branches";
import type { VehicleRecord } from "../../domain/vehicle";
import type { LeadKindName } from "../../domain/lead-kinds";
import type { OutboxBacklog } from "../outbox-worker";

/**
 * Where every lead is kept, whatever its kind: the outbox the forwarder works from and the
 * record staff read. Embedded: one file per lead under DATA_DIR/leads/; production: the
 * MongoDB collection `leads`. Both pass one contract suite (tests/contract/lead-store-contract.ts), and
 * both take in the leads stored before the family was one (lead-legacy.ts).
 */

/** A lead as it arrived: what the notices about it (mail/mail-notices.ts) are written from. */
export interface ArrivedLead {
  id: string;
  kind: LeadKindName;
  reference: string;
  receivedAt: Date;
  vehicle?: LeadVehicle;
  data: unknown;
}

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
  /**
   * The code of the branch it stood at (domain/branches.ts), kept so the lead stays with its
   * branch after the vehicle is sold; absent for a dealer with one branch, a vehicle never
   * listed and leads stored before branches were kept.
   */
  branch?: string;
}

export const LEAD_STATUSES = ["new", "contacted", "won", "lost"] as const;
export type LeadStatus = (typeof LEAD_STATUSES)[number];

/** A change staff made to a lead, stamped with who and when. */
export interface LeadHistoryEntry {
  at: Date;
  /** The staff account. */
  byId: string;
  change: "read" | "status" | "assignee" | "note" | "forwarding-retried" | "follow-up";
  /** The new status, assignee or follow-up time (ISO); absent for the others. */
  to?: string;
  from?: string;
}

/** How staff are getting on with a lead. */
export interface LeadWork {
  status: LeadStatus;
  /** Why it was lost, when it was. */
  lostReason?: string;
  /** The staff account looking after it. */
  assigneeId?: string;
  /** When a member of staff first opened it: until then it is unread. */
  readAt?: Date;
  /** When someone means to get back to the buyer next; absent when no one has said. */
  followUpAt?: Date;
  notes: { at: Date; byId: string; text: string }[];
  history: LeadHistoryEntry[];
}

export const NEW_WORK: LeadWork = { status: "new", notes: [], history: [] };

/** A change staff make to a lead's work. */
export type WorkEdit =
  | { type: "read" }
  | { type: "status"; status: LeadStatus; lostReason?: string }
  | { type: "assignee"; assigneeId?: string }
  | { type: "note"; text: string }
  | { type: "follow-up"; at?: Date }
  | { type: "forwarding-retried" };

/** The work after an edit: a pure function, so both stores make the same change. */
export function editedWork(work: LeadWork, edit: WorkEdit, byId: string, at: Date): LeadWork {
  switch (edit.type) {
    case "read":
      return work.readAt ? work : { ...work, readAt: at, history: [...work.history, { at, byId, change: "read" }] };
    case "status": {
      const { lostReason: _, ...rest } = work;
      return {
        ...rest,
        status: edit.status,
        ...(edit.status === "lost" && edit.lostReason ? { lostReason: edit.lostReason } : {}),
        history: [...work.history, { at, byId, change: "status", from: work.status, to: edit.status }],
      };
    }
    case "assignee": {
      const { assigneeId: previous, ...rest } = work;
      return {
        ...rest,
        ...(edit.assigneeId ? { assigneeId: edit.assigneeId } : {}),
        history: [
          ...work.history,
          { at, byId, change: "assignee", ...(previous ? { from: previous } : {}), ...(edit.assigneeId ? { to: edit.assigneeId } : {}) },
        ],
      };
    }
    case "note":
      return { ...work, notes: [...work.notes, { at, byId, text: edit.text }], history: [...work.history, { at, byId, change: "note" }] };
    case "follow-up": {
      const { followUpAt: previous, ...rest } = work;
      return {
        ...rest,
        ...(edit.at ? { followUpAt: edit.at } : {}),
        history: [
          ...work.history,
          {
            at,
            byId,
            change: "follow-up",
            ...(previous ? { from: previous.toISOString() } : {}),
            ...(edit.at ? { to: edit.at.toISOString() } : {}),
          },
        ],
      };
    }
    case "forwarding-retried":
      return { ...work, history: [...work.history, { at, byId, change: "forwarding-retried" }] };
  }
}

export interface LeadQuery {
  kinds?: readonly LeadKindName[];
  statuses?: readonly LeadStatus[];
  /** Received at or after. */
  from?: Date;
  /** Received before. */
  to?: Date;
  vehicleId?: string;
  /** About a vehicle at one of these branches (LeadVehicle.branch): a lead of no branch is in none. */
  branches?: readonly string[];
  /**
   * Of one of these branches or of none (a general enquiry, or a dealer with one branch): the
   * leads a member of staff limited to these branches may reach (staff/permissions.ts).
   */
  reachableFrom?: readonly string[];
  /** Name, e-mail address, phone number or registration, as staff type it (lead-search.ts). */
  search?: string;
  unreadOnly?: boolean;
  /** Looked after by this staff account. */
  assigneeId?: string;
  /** Looked after by nobody yet. */
  unassigned?: boolean;
  /** A follow-up is set at or after this time. */
  followUpFrom?: Date;
  /** A follow-up is set before this time. */
  followUpBefore?: Date;
  /** A booking (a test drive) for a day from `from` up to, not including, `to`, both YYYY-MM-DD. */
  booked?: { from: string; to: string };
  page: number;
  pageSize: number;
}

export type LeadFilters = Omit<LeadQuery, "page" | "pageSize">;

/** Why the last send to the lead-tracking service failed: its status code, or what kept it from answering. */
export interface ForwardFailure {
  at: Date;
  status?: number;
  reason?: string;
}

/**
 * The earlier lead a new one likely repeats: of the same kind, about the same vehicle, from
 * the same e-mail address or phone number, received within the day before it (lead-intake.ts).
 * The new lead is stored and forwarded all the same; staff see the two side by side.
 */
export interface DuplicateOf {
  id: string;
  reference: string;
  receivedAt: Date;
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
  /** When the next send is due; absent once forwarded, and for kinds never forwarded. */
  nextAttemptAt?: Date;
  lastForwardFailure?: ForwardFailure;
  /** The earlier lead this one likely repeats; absent for most. */
  likelyDuplicateOf?: DuplicateOf;
  work: LeadWork;
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
  lastForwardFailure?: ForwardFailure;
  likelyDuplicateOf?: DuplicateOf;
  /** Absent until staff first touch it. */
  work?: LeadWork;
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
  /** The earlier lead it likely repeats, as the intake found it. */
  likelyDuplicateOf?: DuplicateOf;
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
  /** Counts a failed send, notes why, and sets when to try again. */
  markForwardFailed(id: string, retryAt: Date, failure: ForwardFailure): Promise<void>;
  /** Leads waiting to be forwarded, and when the longest-waiting one was received (the metrics). */
  backlog(): Promise<OutboxBacklog>;
}

export interface LeadStore extends LeadOutbox {
  /** Resolves only once the lead would survive a crash or power cut. */
  add(lead: NewLead): Promise<AddResult>;
  get(id: string): Promise<StoredLead | undefined>;
  /** Deletes every lead of a kind received before `cutoff`, and its key; resolves to how many went. */
  deleteReceivedBefore(kind: LeadKindName, cutoff: Date): Promise<number>;

  /** Newest first. */
  list(query: LeadQuery): Promise<{ total: number; leads: StoredLead[] }>;
  /** Every lead a query's filters match, newest first, read a few at a time (an export): memory stays flat however many. */
  each(filters: LeadFilters): AsyncIterable<StoredLead>;
  /** Leads no member of staff has opened yet. */
  countUnread(): Promise<number>;
  /** The leads holding any of these normalised e-mail addresses or phone numbers (contactsOf), newest first, at most `limit`. */
  withContacts(contacts: readonly string[], limit: number): Promise<StoredLead[]>;
  /** Applies a staff member's change; undefined when there is no such lead. */
  applyWork(id: string, edit: WorkEdit, byId: string, at: Date): Promise<StoredLead | undefined>;
  /** Makes a lead waiting to be forwarded due now; false when it is not waiting (forwarded, or never forwarded). */
  forwardNow(id: string, byId: string, at: Date): Promise<boolean>;
  /**
   * Deletes every lead holding this e-mail address or phone number (UK GDPR's right to
   * erasure); resolves to how many of each kind went.
   */
  eraseContact(contact: string): Promise<Partial<Record<LeadKindName, number>>>;
  close(): Promise<void>;
}

/** A new lead as a store keeps it, with the id and reference the store gave it. */
export function keptLeadOf(
  { kind, receivedAt, vehicle, data, key, forwarded, likelyDuplicateOf }: NewLead,
  id: string,
  reference: string,
): KeptLead {
  return {
    id,
    kind,
    reference,
    receivedAt,
    ...(key === undefined ? {} : { key }),
    ...(vehicle === undefined ? {} : { vehicle }),
    data,
    // Due at once: the forwarder sends it as soon as it is told of it.
    ...(forwarded ? { forwardAttempts: 0, nextAttemptAt: receivedAt } : {}),
    ...(likelyDuplicateOf === undefined ? {} : { likelyDuplicateOf }),
  };
}

/** A listed vehicle as a lead keeps it. */
export function leadVehicleOf(id: string, record: VehicleRecord, branches: readonly Branch[]): LeadVehicle {
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
    ...branchStoodAt(branches, record.branch),
  };
}

/**
 * The branch a lead's vehicle stood at, among the dealer's `branches`, the first when its
 * record names none of them; kept only for a dealer with more than one, as with one every
 * lead is the dealer's own.
 */
export function branchStoodAt(branches: readonly Branch[], code: string | undefined): Pick<LeadVehicle, "branch"> {
  return branches.length > 1 ? { branch: branchOf(branches, code).code } : {};
}
