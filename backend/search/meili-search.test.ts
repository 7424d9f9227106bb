import { MeilisearchApiError } from "meilisearch";
import { describe, expect, it } from "vitest";
import { isRefusalOfAnOldIndex } from "./meili-search";

/** An error as Meilisearch 1.50 answers it, body and all. */
const refusal = (code: string, message: string) =>
  new MeilisearchApiError(new Response(null, { status: 400 }), {
    code,
    message,
    type: "invalid_request",
    link: `https://docs.meilisearch.com/errors#${code}`,
  });

describe("isRefusalOfAnOldIndex", () => {
  it("reads a filter, count or order on an attribute the index was not set up for, or no index, as an index to set up again", () => {
    expect(
      isRefusalOfAnOldIndex(
        refusal(
          "invalid_search_filter",
          "Inside `.queries[2]`: Index `stock`: Attribute `reduced` is not filterable. Available filterable attribute patterns are: `make`.",
        ),
      ),
    ).toBe(true);
    expect(
      isRefusalOfAnOldIndex(
        refusal("invalid_search_facets", "Inside `.queries[0]`: Invalid facet distribution: Attribute `reduced` is not filterable."),
      ),
    ).toBe(true);
    expect(isRefusalOfAnOldIndex(refusal("invalid_search_sort", "Inside `.queries[0]`: Attribute `reducedAt` is not sortable."))).toBe(
      true,
    );
    expect(isRefusalOfAnOldIndex(refusal("index_not_found", "Inside `.queries[0]`: Index `stock` not found."))).toBe(true);
  });

  it("leaves a filter Meilisearch cannot read, a refused key and anything else as they are: those are not the index's age", () => {
    expect(
      isRefusalOfAnOldIndex(
        refusal(
          "invalid_search_filter",
          "Was expecting an operation `=`, `!=`, `>=`, `>`, `<=`, `<`, `IN`, `NOT IN`, `TO`, `EXISTS`, `NOT EXISTS`, `IS NULL`, `IS NOT NULL`, `IS EMPTY`, `IS NOT EMPTY`, `CONTAINS`, `NOT CONTAINS`, `STARTS WITH`, `NOT STARTS WITH`, `_geoRadius`, or `_geoBoundingBox` at `make`.",
        ),
      ),
    ).toBe(false);
    expect(isRefusalOfAnOldIndex(refusal("invalid_api_key", "The provided API key is invalid."))).toBe(false);
    expect(isRefusalOfAnOldIndex(new Error("Attribute `reduced` is not filterable"))).toBe(false);
  });
});
