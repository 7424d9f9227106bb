import type { BreadcrumbList, WithContext } from "schema-dts";
import { SiteLink } from "./SiteLink";

/** One step of the way to a page: the last is the page itself, with no link. */
export interface Crumb {
  name: string;
  path?: string;
}

/** Where a page sits in the site, as a trail of links, for people. */
export function Breadcrumbs({ crumbs }: { crumbs: readonly Crumb[] }) {
  return (
    <nav aria-label="Breadcrumb" className="breadcrumbs">
      <ol>
        {crumbs.map(({ name, path }) => (
          <li key={name}>{path ? <SiteLink to={path}>{name}</SiteLink> : <span aria-current="page">{name}</span>}</li>
        ))}
      </ol>
    </nav>
  );
}

/** The same trail for search engines (schema.org BreadcrumbList), with absolute addresses. */
export function breadcrumbStructuredData(crumbs: readonly Crumb[], pageUrl: string): WithContext<BreadcrumbList> {
  return {
    "@context": "https://schema.org",
    "@type": "BreadcrumbList",
    itemListElement: crumbs.map(({ name, path }, i) => ({
      "@type": "ListItem",
      position: i + 1,
      name,
      item: path ? new URL(path, pageUrl).href : pageUrl,
    })),
  };
}
