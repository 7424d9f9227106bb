import { MAIL_ID_PATTERN, type GatheredEntry, type Gathering, type OutgoingMail } from "./mail-outbox";

/**
 * How both outboxes keep a gathering round (mail-outbox.ts, `gather`): the round's message is
 * stored like any other, due when the round closes, beside the entries it was written from.
 */

/** Entries kept, and so listed, per round; the rest are counted. Keeps each rewrite small however long a burst lasts. */
export const MOST_GATHERED_KEPT = 50;
/** A round stops taking entries this long before it is due, so that none is added while the sender takes it. */
export const GATHERING_MARGIN_MS = 2_000;
const ROUND_DIGITS = 4;

/** What a round's message keeps beside what it says. */
export interface GatheredState {
  closesAt: Date;
  entries: GatheredEntry[];
  count: number;
}

export function roundId(series: string, round: number): string {
  const id = `${series}-${String(round).padStart(ROUND_DIGITS, "0")}`;
  if (!MAIL_ID_PATTERN.test(id)) throw new Error(`Not a mail id: ${id}`);
  return id;
}

/** The round an id names, for ids of `series`; rounds are padded, so the latest id sorts last. */
export function roundOf(series: string, id: string): number | undefined {
  const match = new RegExp(`^${series}-(\\d{${ROUND_DIGITS}})$`).exec(id);
  return match ? Number(match[1]) : undefined;
}

/** The range of ids a series' rounds fall in, for a store's range query. */
export function roundRange(series: string): { after: string; before: string } {
  return { after: `${series}-`, before: `${series}-~` };
}

export function isOpen(state: GatheredState, at: Date): boolean {
  return at.getTime() < state.closesAt.getTime() - GATHERING_MARGIN_MS;
}

/** A new round, with its first entry, and its message. */
export function firstRound(
  gathering: Gathering,
  entry: GatheredEntry,
  at: Date,
): { state: GatheredState; message: Omit<OutgoingMail, "id"> } {
  const state = { closesAt: new Date(at.getTime() + gathering.holdMs), entries: [entry], count: 1 };
  return { state, message: gathering.render(state.entries, state.count) };
}

/** The round with `entry` added, and its message written again; undefined when the round lists it already. */
export function withEntry(
  gathering: Gathering,
  state: GatheredState,
  entry: GatheredEntry,
): { state: GatheredState; message: Omit<OutgoingMail, "id"> } | undefined {
  if (state.entries.some(({ key }) => key === entry.key)) return undefined;
  const entries = state.entries.length < MOST_GATHERED_KEPT ? [...state.entries, entry] : state.entries;
  const next = { closesAt: state.closesAt, entries, count: state.count + 1 };
  return { state: next, message: gathering.render(next.entries, next.count) };
}
