import { Bitset } from "./bitset";
import { queryTerms, typosBetween, type QueryTerm } from "./query-terms";

/**
 * The embedded engine's keyword index: every word in the stock with the documents holding
 * it. A query is matched as Meilisearch matches it with `matchingStrategy: "all"` (every
 * query word, or a run of them written together, found in the vehicle; see query-terms.ts).
 */

export interface TextMatch {
  /**
   * The documents matched with at most 0, 1, 2, … typos in all, the last holding every
   * match; a single set when the typos were not asked for.
   */
  byTypos: Bitset[];
}

/** Documents numbered between looks at the clock (eventLoopTurns) while the index is built. */
const DOCS_BETWEEN_CLOCK_CHECKS = 4096;

/** Collects each document's words while the stock is read, before documents are numbered. */
export class TextIndexBuilder {
  private readonly idOfWord = new Map<string, number>();
  private readonly words: string[] = [];
  /** The word ids of each source document, in the order read. */
  private readonly wordsOfSource: Uint32Array[] = [];

  add(words: Iterable<string>): void {
    const ids: number[] = [];
    for (const word of words) {
      let id = this.idOfWord.get(word);
      if (id === undefined) {
        id = this.words.length;
        this.idOfWord.set(word, id);
        this.words.push(word);
      }
      ids.push(id);
    }
    this.wordsOfSource.push(Uint32Array.from(ids));
  }

  /**
   * The index with documents numbered as `docOrder` numbers them (docOrder[doc] is the
   * source), awaiting `takeTurn` as it goes so that other work is not held up meanwhile.
   */
  async build(docOrder: readonly number[], takeTurn: () => Promise<void>): Promise<TextIndex> {
    const lengths = new Uint32Array(this.words.length);
    for (const ids of this.wordsOfSource) for (const id of ids) lengths[id]!++;
    await takeTurn();
    const postings = Array.from(lengths, (length) => new Uint32Array(length));
    const filled = new Uint32Array(this.words.length);
    // Documents in number order, so every posting list comes out sorted.
    for (let doc = 0; doc < docOrder.length; doc++) {
      if (doc % DOCS_BETWEEN_CLOCK_CHECKS === 0) await takeTurn();
      for (const id of this.wordsOfSource[docOrder[doc]!]!) postings[id]![filled[id]!++] = doc;
    }
    return new TextIndex(docOrder.length, this.words, postings);
  }
}

const MAX_TYPOS_PER_TERM = 2;

export class TextIndex {
  /** Word ids by first letter: a word may only differ there from a term allowed two typos. */
  private readonly byFirstLetter = new Map<string, number[]>();
  private readonly idOfWord: Map<string, number>;
  /** Each word split into characters once, for the typo rules. */
  private readonly charsOfWord: readonly string[][];

  constructor(
    private readonly size: number,
    private readonly words: readonly string[],
    private readonly postings: readonly Uint32Array[],
  ) {
    this.idOfWord = new Map(words.map((word, id) => [word, id]));
    this.charsOfWord = words.map((word) => [...word]);
    words.forEach((word, id) => {
      const first = String.fromCodePoint(word.codePointAt(0)!);
      const ids = this.byFirstLetter.get(first) ?? [];
      ids.push(id);
      this.byFirstLetter.set(first, ids);
    });
  }

  /**
   * The documents holding every query word. With `countTypos`, also split by the fewest
   * typos they match with, which Meilisearch ranks by first.
   */
  match(words: readonly string[], countTypos: boolean): TextMatch {
    const levels = countTypos ? MAX_TYPOS_PER_TERM * words.length + 1 : 1;
    // matched[i][t]: documents matching the first i words with at most t typos (t = 0 only
    // when typos are not counted, standing for any number).
    const matched: Bitset[][] = [Array.from({ length: levels }, () => Bitset.full(this.size))];
    const termsEndingAt = new Map<number, QueryTerm[]>();
    for (const term of queryTerms(words)) termsEndingAt.set(term.to, [...(termsEndingAt.get(term.to) ?? []), term]);

    for (let end = 1; end <= words.length; end++) {
      const row = Array.from({ length: levels }, () => new Bitset(this.size));
      for (const term of termsEndingAt.get(end) ?? []) {
        const byTypos = this.termDocs(term, countTypos);
        if (byTypos === undefined) continue;
        for (let total = 0; total < levels; total++) {
          for (let typos = 0; typos < byTypos.length && typos <= total; typos++) {
            row[total]!.orAnd(matched[term.from]![total - typos]!, byTypos[typos]!);
          }
        }
      }
      matched.push(row);
    }
    return { byTypos: matched[words.length]! };
  }

  /**
   * The documents holding a word that matches the term, by at most 0, 1 and 2 typos (one set
   * for any number when typos are not counted); undefined when no word matches.
   */
  private termDocs(term: QueryTerm, countTypos: boolean): Bitset[] | undefined {
    const found: { id: number; typos: number }[] = [];
    if (term.maxTypos === 0 && !term.prefix) {
      const id = this.idOfWord.get(term.text);
      if (id !== undefined) found.push({ id, typos: 0 });
    } else {
      const first = String.fromCodePoint(term.text.codePointAt(0)!);
      const candidates = term.maxTypos >= 2 ? this.words.keys() : (this.byFirstLetter.get(first) ?? []).values();
      const query = [...term.text];
      for (const id of candidates) {
        const typos = typosBetween(query, term, this.charsOfWord[id]!);
        if (typos !== undefined) found.push({ id, typos });
      }
    }
    if (found.length === 0) return undefined;
    const sets = Array.from({ length: countTypos ? term.maxTypos + 1 : 1 }, () => new Bitset(this.size));
    for (const { id, typos } of found) {
      for (let level = countTypos ? typos : 0; level < sets.length; level++) sets[level]!.addAll(this.postings[id]!);
    }
    return sets;
  }
}
