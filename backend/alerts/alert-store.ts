import type { AlertFrequency } from "../../domain/search-alerts";
import type { VehicleType } from "../../domain/vehicle-types";

/**
 * Buyers' saved searches and the state their alerts are worked out from, behind one
 * interface: embedded, journals under DATA_DIR/alerts (file-alert-store.ts); production, the
 * MongoDB collections `saved_searches`, `alert_prices` and `alert_state`
 * (mongo-alert-store.ts). Both pass one contract suite (tests/contract/alert-store-contract.ts).
 *
 * A saved search holds the buyer's e-mail address, which nothing else here does: everything
 * about one address is found, and erased, by its keyed hash (`recipient`), and logs name only
 * that hash and the search's id.
 */

/** unconfirmed: saved, its confirmation link not yet followed (nothing is sent); paused: kept, nothing sent until resumed. */
export type AlertStatus = "unconfirmed" | "active" | "paused";

/** What the buyer agreed to, where and when; the confirmation's time is the search's `confirmedAt`. */
export interface Consent {
  text: string;
  /** The page the form was on. */
  page: string;
  givenAt: Date;
}

/** Something to tell a buyer about one vehicle: a new match, a price drop, or (for a vehicle watched) its sale. */
export interface AlertEntry {
  vehicleId: string;
  kind: "new" | "drop" | "sold";
  /** The price when it was found. */
  priceGBP: number;
  /** The price before a drop. */
  wasGBP?: number;
  foundAt: Date;
}

/** What the stock console counts a search under: the make, model and the price it must be under, as the search names them. */
export interface DemandKey {
  make?: string;
  model?: string;
  /** The price band's ceiling the search's maximum price falls in. */
  priceCeiling?: number;
}

export interface SavedSearch extends DemandKey {
  /** 24 lower-case hex digits: part of mail ids and signed links. */
  id: string;
  email: string;
  /** The keyed hash of the address's mailbox (backend/mail/recipient-key.ts), under the store's secret. */
  recipient: string;
  type: VehicleType;
  /** The search as a query string (domain/search-alerts.ts, savedQueryOf): words, filters and sort. */
  query: string;
  /** The search in words, as it was saved. */
  description: string;
  /** A vehicle watched for a price drop or its sale, rather than a search. */
  vehicleId?: string;
  /** The make as its vehicles are indexed under it (textKey), or "" for a search of every make: what a change is matched by first. */
  makeKey: string;
  frequency: AlertFrequency;
  status: AlertStatus;
  consent: Consent;
  createdAt: Date;
  confirmedAt?: Date;
  /** Confirmed, changed or a link in one of its e-mails followed: an alert idle for 6 months ends. */
  lastActiveAt: Date;
  /** Vehicles already sent as new matches, oldest first, the last MOST_SENT_KEPT. */
  sent: string[];
  /** Found, not sent yet: waiting for the daily digest, or for tomorrow's allowance of e-mails. */
  pending: AlertEntry[];
  lastSentAt?: Date;
}

export const MOST_SENT_KEPT = 500;

/** What the buyer may change of a saved search, and what following a link or confirming changes. */
export type SearchChange = Partial<Pick<SavedSearch, "frequency" | "status" | "confirmedAt" | "lastActiveAt">>;

/** What a round of alerts changed on one search: only these fields, so a pause made meanwhile stands. */
export interface SearchProgress {
  id: string;
  sent: string[];
  pending: AlertEntry[];
  lastSentAt?: Date;
}

/** A vehicle as the alerts last saw it: its price, and when it was first seen (a new arrival is one seen after a search was confirmed). */
export interface PriceSeen {
  priceGBP: number;
  firstSeenAt: Date;
}

/** What a round records: its searches' progress, the prices now seen (undefined: no longer in stock), and where it got to. */
export interface AlertRound {
  progress: readonly SearchProgress[];
  prices: ReadonlyMap<string, PriceSeen | undefined>;
  cursor: AlertCursor;
}

/** Where the alerts have got to in the stock's changes, and how many rounds have been run (mail ids are made from it). */
export interface AlertCursor {
  position: number;
  round: number;
  /** The showroom day whose digest and sweep have been done, YYYY-MM-DD. */
  dayDone?: string;
}

/** People waiting for one kind of vehicle: counted by their addresses' keyed hashes, never the addresses. */
export interface DemandRow extends DemandKey {
  type: VehicleType;
  people: number;
}

export interface AlertStore {
  /** The secret alert links are signed with and addresses keyed by: made by the first caller, the same on every instance. */
  secret(): Promise<string>;
  add(search: SavedSearch): Promise<void>;
  get(id: string): Promise<SavedSearch | undefined>;
  /** Every search of one address (by its keyed hash), oldest first. */
  ofRecipient(recipient: string): Promise<SavedSearch[]>;
  /** Undefined when there is no such search. */
  change(id: string, change: SearchChange): Promise<SavedSearch | undefined>;
  /** Marks searches as wanted now (a link in an e-mail followed). */
  touch(ids: readonly string[], at: Date): Promise<void>;
  /** Deletes these searches; resolves to how many there were. */
  remove(ids: readonly string[]): Promise<number>;
  /** Deletes every search of one address; resolves to how many. */
  removeRecipient(recipient: string): Promise<number>;
  /** Deletes searches never confirmed and saved before `cutoff`; resolves to how many. */
  removeUnconfirmedBefore(cutoff: Date): Promise<number>;
  /**
   * Active searches (not vehicle watches) a vehicle of one of these types and makes could
   * match: those of its type naming its make (by textKey), and those naming no make.
   */
  candidates(keys: readonly { type: VehicleType; makeKey: string }[]): Promise<SavedSearch[]>;
  /** Active watches of these vehicles. */
  watchers(vehicleIds: readonly string[]): Promise<SavedSearch[]>;
  /** Active searches with entries waiting. */
  withPending(): Promise<SavedSearch[]>;
  /** Confirmed searches (active or paused) not wanted since `cutoff`. */
  idleSince(cutoff: Date): Promise<SavedSearch[]>;
  /** Confirmed searches, active or paused, counted by type, make, model and price band, busiest first. */
  demand(): Promise<DemandRow[]>;
  cursor(): Promise<AlertCursor | undefined>;
  /** The prices seen of these vehicles (those seen). */
  pricesOf(ids: readonly string[]): Promise<Map<string, PriceSeen>>;
  /** Every price seen. */
  allPrices(): Promise<Map<string, PriceSeen>>;
  /** Records a round, the cursor last, so a round cut short is run again from where it started. */
  recordRound(round: AlertRound): Promise<void>;
  close(): Promise<void>;
}

/** A search's id: 24 lower-case hex digits. */
export const SEARCH_ID_PATTERN = /^[0-9a-f]{24}$/;
