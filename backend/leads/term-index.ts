/**
 * The words leads are found by (lead-search.ts's terms), each with what holds it, and sorted,
 * so that a staff search gathers the few leads whose words begin with what was typed by a
 * binary search, rather than testing every lead: an e-mail address or a phone number among
 * 100,000 leads is looked up, not scanned for. Items are only added; a store that deletes
 * leads builds a new index instead (deleting is rare, and rewrites its journal anyway).
 */
export class TermIndex<T> {
  private readonly holders = new Map<string, T[]>();
  /** Every term held, in order; sorted when a search first needs it (sorting is most of the cost of building), then kept in step. */
  private sorted: string[] | undefined;

  add(terms: readonly string[], item: T): void {
    for (const term of terms) {
      const held = this.holders.get(term);
      if (held) held.push(item);
      else {
        this.holders.set(term, [item]);
        this.sorted?.splice(lowerBound(this.sorted, term), 0, term);
      }
    }
  }

  /** What holds exactly this term. */
  holding(term: string): readonly T[] {
    return this.holders.get(term) ?? [];
  }

  /**
   * What holds a term beginning with `prefix`, however many: the terms sharing a prefix sit
   * together in sorted order, so even one letter is one range. Undefined once that is more
   * than `most`, for a caller that needs fewer than it already has.
   */
  beginning(prefix: string, most = Infinity): Set<T> | undefined {
    const sorted = (this.sorted ??= [...this.holders.keys()].sort());
    const found = new Set<T>();
    for (let i = lowerBound(sorted, prefix); i < sorted.length && sorted[i]!.startsWith(prefix); i++) {
      for (const item of this.holders.get(sorted[i]!)!) {
        found.add(item);
        if (found.size > most) return undefined;
      }
    }
    return found;
  }
}

/** Where `term` is, or would go, in sorted `terms`. */
function lowerBound(terms: readonly string[], term: string): number {
  let [low, high] = [0, terms.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (terms[middle]! < term) low = middle + 1;
    else high = middle;
  }
  return low;
}
