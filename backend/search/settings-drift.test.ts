import { describe, expect, it } from "vitest";
import type { Settings } from "meilisearch";
import { meiliSettings } from "./meili-documents";
import { settingsDrift } from "./settings-drift";

/** The settings as Meilisearch gives them back: every setting, some lists in its own order. */
function asMeilisearchAnswers(settings: Settings): Settings {
  return {
    displayedAttributes: ["*"],
    stopWords: [],
    synonyms: {},
    distinctAttribute: null,
    typoTolerance: { enabled: true },
    ...settings,
    filterableAttributes: [...(settings.filterableAttributes ?? [])].reverse(),
    sortableAttributes: [...(settings.sortableAttributes ?? [])].sort(),
    pagination: { ...settings.pagination },
    faceting: { ...settings.faceting, sortFacetValuesBy: { "*": "alpha" } },
  };
}

describe("settingsDrift", () => {
  const wanted = meiliSettings();

  it("finds nothing when the index has what the code sets, in whatever order Meilisearch keeps sets", () => {
    expect(settingsDrift(wanted, asMeilisearchAnswers(wanted))).toEqual([]);
  });

  it("names the settings of an index created without them", () => {
    const fresh: Settings = {
      displayedAttributes: ["*"],
      filterableAttributes: [],
      sortableAttributes: [],
      searchableAttributes: ["*"],
      rankingRules: ["words", "typo", "proximity", "attribute", "sort", "exactness"],
      typoTolerance: { enabled: true, minWordSizeForTypos: { oneTypo: 5, twoTypos: 9 }, disableOnWords: [], disableOnAttributes: [] },
      localizedAttributes: null,
      pagination: { maxTotalHits: 1000 },
      faceting: { maxValuesPerFacet: 100, sortFacetValuesBy: { "*": "alpha" } },
    };
    expect(settingsDrift(wanted, fresh)).toEqual([
      "filterableAttributes",
      "sortableAttributes",
      "displayedAttributes",
      "searchableAttributes",
      "rankingRules",
      "localizedAttributes",
      "pagination",
      "faceting",
    ]);
  });

  it("notices an index built before its documents held their records, which shows every attribute", () => {
    expect(settingsDrift(wanted, asMeilisearchAnswers({ ...wanted, displayedAttributes: ["*"] }))).toEqual(["displayedAttributes"]);
    const reordered = asMeilisearchAnswers({ ...wanted, displayedAttributes: [...wanted.displayedAttributes!].reverse() });
    expect(settingsDrift(wanted, reordered)).toEqual([]);
  });

  it("notices a filter added since the index was built", () => {
    const old = asMeilisearchAnswers({ ...wanted, filterableAttributes: wanted.filterableAttributes!.slice(1) });
    expect(settingsDrift(wanted, old)).toEqual(["filterableAttributes"]);
  });

  it("treats the order of ranking rules and searchable attributes as meaningful", () => {
    const reordered = asMeilisearchAnswers({
      ...wanted,
      rankingRules: [...wanted.rankingRules!].reverse(),
      searchableAttributes: [...wanted.searchableAttributes!].reverse(),
    });
    expect(settingsDrift(wanted, reordered)).toEqual(["searchableAttributes", "rankingRules"]);
  });

  it("compares nested limits", () => {
    const smaller = asMeilisearchAnswers({
      ...wanted,
      pagination: { maxTotalHits: 1000 },
      faceting: { ...wanted.faceting, maxValuesPerFacet: 100 },
    });
    expect(settingsDrift(wanted, smaller)).toEqual(["pagination", "faceting"]);
  });

  it("treats a filterable attribute given as a pattern object as different from its name", () => {
    const granular = asMeilisearchAnswers({
      ...wanted,
      filterableAttributes: wanted.filterableAttributes!.map((name) =>
        name === "type"
          ? { attributePatterns: ["type"], features: { facetSearch: false, filter: { equality: true, comparison: false } } }
          : name,
      ),
    });
    expect(settingsDrift(wanted, granular)).toEqual(["filterableAttributes"]);
  });
});
