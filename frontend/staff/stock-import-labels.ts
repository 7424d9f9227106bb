/** What each way of importing a feed does, in the stock manager's words (the upload form and the history). */
export const MODE_LABELS = {
  replace: "The whole stock (vehicles missing from it are removed as sold)",
  upsert: "An update (adds and changes vehicles, removes none)",
} as const;
export const MODE_NAMES = { replace: "whole stock", upsert: "update" } as const;
