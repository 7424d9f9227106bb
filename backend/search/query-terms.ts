/**
 * How a keyword query matches words, by Meilisearch's default rules (milli's query terms),
 * written once for the embedded engine and the reference search:
 *
 * - A query word of 5 to 8 letters may have one typo, of 9 or more two. A typo is an
 *   insertion, deletion, substitution or swap of neighbours; one on the first letter
 *   counts as two, so a shorter word must start with the right letter.
 * - The last word of the query also matches the start of a longer word ("vauxh", "tran").
 * - Two or three neighbouring query words also match written together ("m sport" finds
 *   "msport"), with one typo fewer for each word joined.
 *
 * Not copied: Meilisearch also tries a query word cut in two where the two halves stand
 * side by side in the stock ("transitcustom" finds "Transit Custom"); the embedded engine
 * does not, and the contract leaves such queries out.
 */

export interface QueryTerm {
  /** The query words this term stands for: one, or two or three written together. */
  from: number;
  to: number;
  text: string;
  maxTypos: number;
  prefix: boolean;
}

export const MIN_LENGTH_ONE_TYPO = 5;
export const MIN_LENGTH_TWO_TYPOS = 9;
const LONGEST_JOIN = 3;

export function typosAllowed(word: string): number {
  const length = [...word].length;
  return length < MIN_LENGTH_ONE_TYPO ? 0 : length < MIN_LENGTH_TWO_TYPOS ? 1 : 2;
}

/** Every term of a query: each word, and each run of two or three neighbouring words written together. */
export function queryTerms(words: readonly string[]): QueryTerm[] {
  const terms: QueryTerm[] = [];
  for (let from = 0; from < words.length; from++) {
    for (let length = 1; length <= LONGEST_JOIN && from + length <= words.length; length++) {
      const text = words.slice(from, from + length).join("");
      terms.push({
        from,
        to: from + length,
        text,
        maxTypos: Math.max(0, typosAllowed(text) - (length - 1)),
        prefix: from + length === words.length,
      });
    }
  }
  return terms;
}

/** The typos with which a stock word matches a term, or undefined when it does not. */
export function typosToMatch(term: Pick<QueryTerm, "text" | "maxTypos" | "prefix">, word: string): number | undefined {
  return typosBetween([...term.text], term, [...word]);
}

/** As typosToMatch, for a term and a word already split into characters (an index does it once). */
export function typosBetween(
  query: readonly string[],
  term: Pick<QueryTerm, "maxTypos" | "prefix">,
  candidate: readonly string[],
): number | undefined {
  if (term.maxTypos === 0) {
    if (candidate.length < query.length || (!term.prefix && candidate.length !== query.length)) return undefined;
    return query.every((char, i) => candidate[i] === char) ? 0 : undefined;
  }
  if (!term.prefix && Math.abs(candidate.length - query.length) > term.maxTypos) return undefined;
  if (term.prefix && candidate.length < query.length - term.maxTypos) return undefined;
  const sameStart = candidate[0] === query[0];
  const distance = editDistance(query, candidate, sameStart ? term.maxTypos : 1, term.prefix);
  if (distance === undefined) return undefined;
  if (sameStart) return distance;
  // A typo on the first letter counts as two: only words allowed two typos may have one there.
  return term.maxTypos >= 2 ? 2 : undefined;
}

/**
 * Edit distance with swaps of neighbours (optimal string alignment), or undefined above
 * `limit`; with `prefix`, the distance to the closest start of the candidate.
 */
function editDistance(query: readonly string[], candidate: readonly string[], limit: number, prefix: boolean): number | undefined {
  const m = query.length;
  const n = candidate.length;
  let before = new Array<number>(n + 1);
  let previous = Array.from({ length: n + 1 }, (_, j) => j);
  let current = new Array<number>(n + 1);
  let previousBest = 0;
  for (let i = 1; i <= m; i++) {
    current[0] = i;
    let rowBest = current[0];
    for (let j = 1; j <= n; j++) {
      const cost = query[i - 1] === candidate[j - 1] ? 0 : 1;
      let value = Math.min(previous[j]! + 1, current[j - 1]! + 1, previous[j - 1]! + cost);
      if (i > 1 && j > 1 && query[i - 1] === candidate[j - 2] && query[i - 2] === candidate[j - 1]) {
        value = Math.min(value, before[j - 2]! + 1);
      }
      current[j] = value;
      if (value < rowBest) rowBest = value;
    }
    // A swap reaches back two rows, so only two rows over the limit rule a match out.
    if (rowBest > limit && previousBest > limit) return undefined;
    previousBest = rowBest;
    [before, previous, current] = [previous, current, before];
  }
  const distance = prefix ? Math.min(...previous) : previous[n]!;
  return distance <= limit ? distance : undefined;
}
