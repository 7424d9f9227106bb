/** How numbers read on the site: British English, pounds, miles. */

const wholePounds = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", maximumFractionDigits: 0 });
const poundsAndPence = new Intl.NumberFormat("en-GB", { style: "currency", currency: "GBP", minimumFractionDigits: 2 });
const count = new Intl.NumberFormat("en-GB");

/** "£12,495", or "£309.93" when there are pence. */
export function formatPounds(amount: number): string {
  return Number.isInteger(amount) ? wholePounds.format(amount) : poundsAndPence.format(amount);
}

export function formatCount(value: number): string {
  return count.format(value);
}

export function formatMiles(miles: number): string {
  return `${count.format(miles)} ${miles === 1 ? "mile" : "miles"}`;
}
