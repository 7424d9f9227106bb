import { formatPounds } from "../../domain/format";

/** "Price reduced by £500": for a vehicle whose price came down in the last 14 days (domain/price-reduction.ts). */
export function PriceReducedBadge({ by }: { by: number | undefined }) {
  if (by === undefined) return null;
  return <span className="price-reduced">Price reduced by {formatPounds(by)}</span>;
}
