import { describe, expect, it } from "vitest";
import { queryTerms, typosAllowed, typosToMatch } from "./query-terms";
import { queryWords, searchWords } from "./search-words";

describe("searchWords", () => {
  it("cuts text as Meilisearch does: lower case, no accents, split at spaces and punctuation", () => {
    expect(searchWords("Citroën C4 1.2 PureTech Shine-Plus (£12,000)")).toEqual([
      "citroen",
      "c4",
      "1",
      "2",
      "puretech",
      "shine",
      "plus",
      "£12",
      "000",
    ]);
    expect(searchWords("320d M Sport")).toEqual(["320d", "m", "sport"]);
  });

  it("reads the first 10 words of a query", () => {
    expect(queryWords("a b c d e f g h i j k l")).toHaveLength(10);
    expect(queryWords(undefined)).toEqual([]);
  });
});

describe("typo rules", () => {
  it("allows one typo from 5 letters and two from 9", () => {
    expect([typosAllowed("ford"), typosAllowed("corsa"), typosAllowed("vauxhall"), typosAllowed("volkswagen")]).toEqual([0, 1, 1, 2]);
  });

  const term = (text: string, prefix = false) => ({ text, maxTypos: typosAllowed(text), prefix });

  it("counts insertions, deletions, substitutions and swaps as one typo each", () => {
    expect(typosToMatch(term("corsa"), "corsa")).toBe(0);
    expect(typosToMatch(term("cosra"), "corsa")).toBe(1);
    expect(typosToMatch(term("crsa"), "corsa")).toBeUndefined();
    expect(typosToMatch(term("vauxhsll"), "vauxhall")).toBe(1);
    expect(typosToMatch(term("vokswagan"), "volkswagen")).toBe(2);
    expect(typosToMatch(term("vauxhsal"), "vauxhall")).toBeUndefined();
  });

  it("counts a typo on the first letter as two", () => {
    expect(typosToMatch(term("gorsa"), "corsa")).toBeUndefined();
    expect(typosToMatch(term("xolkswagen"), "volkswagen")).toBe(2);
  });

  it("matches the start of a word for the last query word, typos included", () => {
    expect(typosToMatch(term("vaux", true), "vauxhall")).toBe(0);
    expect(typosToMatch(term("vauxg", true), "vauxhall")).toBe(1);
    expect(typosToMatch(term("vaux"), "vauxhall")).toBeUndefined();
  });

  it("joins two or three neighbouring words, with one typo fewer for each join", () => {
    expect(queryTerms(["m", "sport"]).map(({ text, maxTypos, prefix }) => ({ text, maxTypos, prefix }))).toEqual([
      { text: "m", maxTypos: 0, prefix: false },
      { text: "msport", maxTypos: 0, prefix: true },
      { text: "sport", maxTypos: 1, prefix: true },
    ]);
    expect(
      queryTerms(["a", "b", "c", "d"])
        .filter((t) => t.to - t.from === 3)
        .map((t) => t.text),
    ).toEqual(["abc", "bcd"]);
  });
});
