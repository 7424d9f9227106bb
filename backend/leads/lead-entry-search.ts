import { newestFirstOrder, TERM_NUMBER, type Entry, type LeadEntries } from "./lead-entries";
import { leadSearchOf, matchesSearch } from "./lead-search";
import type { LeadFilters } from "./lead-store";
import type { TermIndex } from "./term-index";

/** About log2 of the leads a search finds: past one lead in this many, marking them and walking every lead in order costs less than sorting them. */
const SORT_COST = 16;
/** A search finding this many leads or fewer has them sorted however few leads there are: a millisecond's work at most. */
const ALWAYS_SORTED = 1_000;

/**
 * The leads a query's filters match: the candidates, newest first, and the test each must
 * pass. A search is answered from the term index: the leads holding a term that begins with
 * its narrowest word, with the whole search run together, or its reference. A few are
 * sorted; past one lead in SORT_COST they are marked instead, and every lead walked in the
 * order kept. Only a search of several words, or of a word in parts, then tests the terms
 * of those found.
 */
export function matchingOf(
  entries: LeadEntries,
  filters: LeadFilters,
  terms: TermIndex<Entry> | undefined,
): { candidates: readonly Entry[]; wanted: (entry: Entry) => boolean } {
  const filtered = matcherOf(filters);
  const search = terms && filters.search?.trim() ? leadSearchOf(filters.search) : undefined;
  // A search of nothing but accents or other marks has no words left: every lead matches it, as a blank search.
  if (!terms || !search || search.words.length === 0) return { candidates: entries.newestFirst, wanted: filtered };
  const { words, joined, reference } = search;
  const exact = words.length === 1 && words[0]!.parts.length <= 1;
  const tested = exact
    ? filtered
    : (entry: Entry) => filtered(entry) && (search.reference === entry.reference || matchesSearch(entry.searchTerms, search));
  const most = Math.max(ALWAYS_SORTED, entries.newestFirst.length / SORT_COST);
  // Counted only as far as `most`: one letter's range holds most leads.
  const width = (prefixes: readonly string[]) => prefixes.reduce((sum, prefix) => sum + terms.countBeginning(prefix, most), 0);
  // A word split into parts ("o'neill") also matches a lead whose terms begin with each part.
  const [narrowest] = words
    .map(({ whole, parts }) => (parts.length > 1 ? [whole, parts[0]!] : [whole]))
    .map((wordPrefixes) => ({ wordPrefixes, wide: width(wordPrefixes) }))
    .sort((a, b) => a.wide - b.wide);
  const prefixes = words.length > 1 ? [...narrowest!.wordPrefixes, joined] : narrowest!.wordPrefixes;
  const referenced = reference === undefined ? undefined : entries.byReference(reference);
  if (width(prefixes) <= most) {
    const found = terms.beginning(...prefixes);
    if (referenced) found.add(referenced);
    return { candidates: [...found].sort(newestFirstOrder), wanted: tested };
  }
  const marks = terms.marksBeginning(...prefixes);
  return {
    candidates: entries.newestFirst,
    wanted: (entry) => (marks[entry[TERM_NUMBER]!] === 1 || entry === referenced) && tested(entry),
  };
}

/** The test of a query's filters but its search. */
function matcherOf({
  kinds,
  statuses,
  from,
  to,
  vehicleId,
  branches,
  reachableFrom,
  unreadOnly,
  assigneeId,
  unassigned,
  followUpFrom,
  followUpBefore,
  booked,
}: LeadFilters): (entry: Entry) => boolean {
  const followUpWanted = followUpFrom !== undefined || followUpBefore !== undefined;
  return (entry) =>
    (!kinds || kinds.includes(entry.kind)) &&
    (!statuses || statuses.includes(entry.status)) &&
    (!from || entry.receivedAt >= from.getTime()) &&
    (!to || entry.receivedAt < to.getTime()) &&
    (!vehicleId || entry.vehicleId === vehicleId) &&
    (!branches || (entry.branch !== undefined && branches.includes(entry.branch))) &&
    (!reachableFrom || entry.branch === undefined || reachableFrom.includes(entry.branch)) &&
    (!unreadOnly || !entry.read) &&
    (!assigneeId || entry.assigneeId === assigneeId) &&
    (!unassigned || entry.assigneeId === undefined) &&
    (!followUpWanted ||
      (entry.followUpAt !== undefined &&
        (!followUpFrom || entry.followUpAt >= followUpFrom.getTime()) &&
        (!followUpBefore || entry.followUpAt < followUpBefore.getTime()))) &&
    (!booked || (entry.bookedDay !== undefined && entry.bookedDay >= booked.from && entry.bookedDay < booked.to));
}
