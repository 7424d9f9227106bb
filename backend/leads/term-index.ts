/**
 * The words leads are found by (lead-search.ts's terms), each with what holds it, and sorted,
 * so that a staff search finds the leads whose words begin with what was typed by a binary
 * search, rather than testing every lead: an e-mail address or a phone number among 100,000
 * leads is looked up, not scanned for, and even one letter is one range of the sorted terms.
 * Items are only added; a store that deletes leads builds a new index instead (deleting is
 * rare, and rewrites its journal anyway).
 */
export class TermIndex<T> {
  /** Every item added, by the number `add` gave it. */
  private readonly items: T[] = [];
  private readonly holders = new Map<string, number[]>();
  /**
   * Every term held, in order, and the numbers of what holds each, side by side: sorted when
   * a search first needs them (sorting is most of the cost of building), then kept in step.
   * A prefix is one range of both, walked without a lookup per term.
   */
  private sorted: { terms: string[]; holders: number[][] } | undefined;

  /** Adds an item with the terms it is found by; answers the number it has here (marksBeginning). */
  add(terms: readonly string[], item: T): number {
    const number = this.items.push(item) - 1;
    for (const term of terms) {
      const held = this.holders.get(term);
      if (held) held.push(number);
      else {
        const holders = [number];
        this.holders.set(term, holders);
        if (this.sorted) {
          const at = lowerBound(this.sorted.terms, term);
          this.sorted.terms.splice(at, 0, term);
          this.sorted.holders.splice(at, 0, holders);
        }
      }
    }
    return number;
  }

  /** What holds exactly this term. */
  holding(term: string): T[] {
    return (this.holders.get(term) ?? []).map((number) => this.items[number]!);
  }

  /**
   * How wide a prefix is: the holdings of the terms it begins, an item holding two of them
   * counted twice; counted only until past `most`.
   */
  countBeginning(prefix: string, most = Infinity): number {
    const { holders, from, to } = this.rangeOf(prefix);
    let count = 0;
    for (let i = from; i < to && count <= most; i++) count += holders[i]!.length;
    return count;
  }

  /** What holds a term beginning with any of `prefixes`. */
  beginning(...prefixes: string[]): Set<T> {
    const found = new Set<T>();
    for (const prefix of prefixes) {
      const { holders, from, to } = this.rangeOf(prefix);
      for (let i = from; i < to; i++) for (const number of holders[i]!) found.add(this.items[number]!);
    }
    return found;
  }

  /**
   * The same, as a mark (1) at the number of each item found: for a prefix most items hold
   * (one letter), where gathering them into a set would cost more than the search it serves.
   */
  marksBeginning(...prefixes: string[]): Uint8Array {
    const marks = new Uint8Array(this.items.length);
    for (const prefix of prefixes) {
      const { holders, from, to } = this.rangeOf(prefix);
      for (let i = from; i < to; i++) for (const number of holders[i]!) marks[number] = 1;
    }
    return marks;
  }

  /** The range of sorted terms beginning with `prefix`, and the numbers of what holds each. */
  private rangeOf(prefix: string): { holders: readonly number[][]; from: number; to: number } {
    const { terms, holders } = (this.sorted ??= this.sortedNow());
    const from = lowerBound(terms, prefix);
    // The terms a prefix begins sort before the prefix with its last character one higher ("b" → "c").
    const last = prefix.charCodeAt(prefix.length - 1);
    if (prefix === "" || last === 0xffff) return { holders, from, to: terms.length };
    return { holders, from, to: lowerBound(terms, `${prefix.slice(0, -1)}${String.fromCharCode(last + 1)}`) };
  }

  private sortedNow(): { terms: string[]; holders: number[][] } {
    const terms = [...this.holders.keys()].sort();
    return { terms, holders: terms.map((term) => this.holders.get(term)!) };
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
