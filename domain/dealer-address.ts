import type { Dealer } from "./dealer";

/** "14 Wapping Quay, Liverpool, L3 4BP" */
export function postalAddress({ address }: Pick<Dealer, "address">): string {
  return [...address.lines, address.town, address.postcode].join(", ");
}
