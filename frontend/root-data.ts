import { useRouteLoaderData } from "react-router";
import type { SiteContent } from "../domain/content/site-content";
import type { Dealer } from "../domain/dealer";

/**
 * What the root route (root.tsx) loads for every page: the dealer's details for the header,
 * footer and every page that quotes them, the site-wide notice when there is one, the
 * site's origin, and the document a member of staff is previewing.
 */
export interface RootData {
  dealer: Dealer;
  notice: SiteContent["notice"];
  origin: string;
  previewOf: SiteContent["previewOf"];
  /** The year by the server's clock, for the footer: a browser's clock may read another, and the page would not hydrate as drawn. */
  year: number;
}

/** The root route's data; undefined when an error stopped its loader. */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
