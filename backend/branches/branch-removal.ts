import { dealerBranches } from "../../domain/branches";
import type { Dealer } from "../../domain/dealer";
import { formatCount } from "../../domain/format";
import type { StockView } from "../store/vehicle-store";

/**
 * What stops the dealer's details being published with fewer branches, by the field to fix
 * (`branches`): a branch whose code vehicles in stock still name cannot be removed, since
 * they would stand at the first branch, and their leads go to its address, unseen; the
 * message says how many stand there, to move (their feed's branch) or sell first. Vehicles
 * that name no branch stand at whichever is first, and follow it.
 */
export async function branchRemovalProblems(published: Dealer, next: Dealer, stock: StockView): Promise<Record<string, string>> {
  const kept = new Set(dealerBranches(next).map(({ code }) => code));
  const removed = dealerBranches(published).filter(({ code }) => !kept.has(code));
  if (removed.length === 0) return {};
  const counts = await vehiclesNaming(
    stock,
    removed.map(({ code }) => code),
  );
  const stocked = removed.filter(({ code }) => (counts.get(code) ?? 0) > 0);
  if (stocked.length === 0) return {};
  const named = stocked.map(({ code, name }) => {
    const count = counts.get(code)!;
    return `${name} (${code}) still has ${formatCount(count)} ${count === 1 ? "vehicle" : "vehicles"}`;
  });
  return { branches: `${named.join("; ")}: move them to another branch or sell them before removing it` };
}

/** How many vehicles in stock, whatever their state, name each of the codes as their branch. */
async function vehiclesNaming(stock: StockView, codes: readonly string[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  const wanted = new Set(codes);
  for await (const record of stock.scan()) {
    if (record.branch !== undefined && wanted.has(record.branch)) counts.set(record.branch, (counts.get(record.branch) ?? 0) + 1);
  }
  return counts;
}
