import type { LeadKindName } from "../../domain/lead-kinds";
import { eventLoopTurns, sortTakingTurns } from "../event-loop-turns";
import { bookedDayOf, contactsOf, searchTermsOf } from "./lead-search";
import type { KeptLead, LeadStatus } from "./lead-store";
import { TermIndex } from "./term-index";

/**
 * What the embedded store keeps in memory about each lead, to list and find leads without
 * reading every file: its kind, dates, status, and the normalised words and contacts it is
 * found by.
 */
export interface Entry {
  id: string;
  kind: LeadKindName;
  receivedAt: number;
  reference: string;
  key?: string;
  nextAttemptAt?: number;
  status: LeadStatus;
  read: boolean;
  vehicleId?: string;
  /** The branch its vehicle stood at, for a dealer group. */
  branch?: string;
  searchTerms: string[];
  contacts: string[];
  assigneeId?: string;
  followUpAt?: number;
  /** The day a test drive is booked for, YYYY-MM-DD. */
  bookedDay?: string;
  [TERM_NUMBER]?: number;
}

/**
 * The lead's number in the term index (TermIndex.add), by which a search as wide as one letter
 * marks the leads it finds, and every lead, walked in the order kept, is picked out by a look
 * at its mark. Never in the journal: JSON leaves symbol keys out.
 */
export const TERM_NUMBER = Symbol("number in the term index");

/** Every lead's entry, by id, key and reference, newest first, and the leads by the words they are found by. */
export class LeadEntries {
  readonly byId = new Map<string, Entry>();
  /** The entries, newest first (received, then id, descending), as lists show them. */
  newestFirst: Entry[] = [];
  private readonly idByKey = new Map<string, string>();
  private readonly idByReference = new Map<string, string>();
  /**
   * The leads by the words they are found by: built when first needed (a search, a lead's
   * page), taking turns, and dropped when leads are deleted. Leads that arrive meanwhile are
   * added to the index being built, which has read the rest from a snapshot.
   */
  private terms: { index: TermIndex<Entry>; built: Promise<TermIndex<Entry>> } | undefined;

  idOfKey(key: string): string | undefined {
    return this.idByKey.get(key);
  }

  hasReference(reference: string): boolean {
    return this.idByReference.has(reference);
  }

  byReference(reference: string): Entry | undefined {
    return this.byId.get(this.idByReference.get(reference) ?? "");
  }

  remember(entry: Entry): void {
    this.byId.set(entry.id, entry);
    this.idByReference.set(entry.reference, entry.id);
    if (entry.key !== undefined) this.idByKey.set(entry.key, entry.id);
    if (this.terms) entry[TERM_NUMBER] = this.terms.index.add(entry.searchTerms, entry);
  }

  /** A lead gone from the entries; `newestFirst` drops it at `dropForgotten`. */
  forget(id: string): void {
    const entry = this.byId.get(id);
    if (!entry) return;
    this.byId.delete(id);
    this.idByReference.delete(entry.reference);
    if (entry.key !== undefined) this.idByKey.delete(entry.key);
    this.terms = undefined;
  }

  dropForgotten(): void {
    this.newestFirst = this.newestFirst.filter(({ id }) => this.byId.has(id));
  }

  /** A lead just written: its entry changed where it stands, or a new one put in its place among the rest. */
  place(lead: KeptLead): Entry {
    const entry = entryOf(lead);
    const known = this.byId.get(lead.id);
    // A lead's terms come from what the visitor sent, which no change touches: the term index stays right.
    if (known) return Object.assign(known, entry);
    this.remember(entry);
    let [low, high] = [0, this.newestFirst.length];
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (newestFirstOrder(this.newestFirst[middle]!, entry) < 0) low = middle + 1;
      else high = middle;
    }
    this.newestFirst.splice(low, 0, entry);
    return entry;
  }

  /** The entries remembered put newest first, sorted taking turns: a single sort of 100,000 holds the event loop a second on a busy machine. */
  async sortNewestFirst(): Promise<void> {
    const all = [...this.byId.values()];
    const order = await sortTakingTurns(Uint32Array.from(all.keys()), (a, b) => newestFirstOrder(all[a]!, all[b]!));
    this.newestFirst = Array.from(order, (i) => all[i]!);
  }

  /** Building it at 100,000 leads takes half a second of work: in slices, so the site answers meanwhile. */
  termIndex(): Promise<TermIndex<Entry>> {
    if (this.terms) return this.terms.built;
    const index = new TermIndex<Entry>();
    const snapshot = this.newestFirst;
    const built = (async () => {
      const takeTurn = eventLoopTurns();
      for (const entry of snapshot) {
        entry[TERM_NUMBER] = index.add(entry.searchTerms, entry);
        await takeTurn();
      }
      return index;
    })();
    this.terms = { index, built };
    return built;
  }
}

export function newestFirstOrder(a: Entry, b: Entry): number {
  return b.receivedAt - a.receivedAt || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
}

export function entryOf(lead: KeptLead): Entry {
  return {
    id: lead.id,
    kind: lead.kind,
    receivedAt: lead.receivedAt.getTime(),
    reference: lead.reference,
    // Present though undefined, so that an entry changed in place loses what the lead no longer has.
    key: lead.key,
    nextAttemptAt: lead.nextAttemptAt?.getTime(),
    status: lead.work?.status ?? "new",
    read: lead.work?.readAt !== undefined,
    vehicleId: lead.vehicle?.id,
    branch: lead.vehicle?.branch,
    searchTerms: searchTermsOf(lead.kind, lead.data, lead.vehicle),
    contacts: contactsOf(lead.kind, lead.data),
    assigneeId: lead.work?.assigneeId,
    followUpAt: lead.work?.followUpAt?.getTime(),
    bookedDay: bookedDayOf(lead.kind, lead.data),
  };
}
