/**
 * The page numbers a pager shows: the first and last pages, and the pages within `reach`
 * of the current one, with a gap where pages are left out. Gaps of one page show the page
 * instead, since "…" would take as much room.
 */
export type PagerItem = number | "gap";

export function pageWindow(page: number, pageCount: number, reach = 2): PagerItem[] {
  const shown = new Set<number>([1, pageCount]);
  for (let p = page - reach; p <= page + reach; p++) if (p >= 1 && p <= pageCount) shown.add(p);
  const sorted = [...shown].sort((a, b) => a - b);
  const items: PagerItem[] = [];
  sorted.forEach((p, i) => {
    const previous = sorted[i - 1];
    if (previous !== undefined && p - previous === 2) items.push(previous + 1);
    else if (previous !== undefined && p - previous > 2) items.push("gap");
    items.push(p);
  });
  return items;
}
