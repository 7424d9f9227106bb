import type { z } from "zod";
import type { branchSchema, Dealer } from "./dealer";

/**
 * A dealer's branches, as every page and the server read them: a group lists its sites in
 * the dealer file (`branches`); a dealer with one site has one branch, made from its own
 * address, phone and hours, so nothing about it changes. The dealer file is where branches
 * come from today; whatever source replaces it need only give the same `Dealer` shape.
 */

export type Branch = z.infer<typeof branchSchema>;

/** Lower-case letters and digits with hyphens between: "St Helens" → "st-helens". */
export function branchCodeFor(words: string): string {
  const code = words
    .normalize("NFKD")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 40)
    .replace(/-+$/, "");
  return code || "main";
}

/** The dealer's branches, the first being where a vehicle whose feed names none stands. */
export function dealerBranches(dealer: Dealer): readonly Branch[] {
  if (dealer.branches) return dealer.branches;
  return [
    {
      code: branchCodeFor(dealer.address.town),
      name: dealer.address.town,
      address: dealer.address,
      phone: dealer.phone,
      leadEmail: dealer.email,
      openingHours: dealer.openingHours,
      closedOn: dealer.closedOn,
    },
  ];
}

/** Whether the dealer has more than one site: only then do pages offer a branch to choose or name one on a card. */
export function isDealerGroup(dealer: Dealer): boolean {
  return (dealer.branches?.length ?? 1) > 1;
}

/** The branch a vehicle stands at: the one its record names, or the first when it names none the dealer has. */
export function branchOf(branches: readonly Branch[], code: string | undefined): Branch {
  return branches.find((branch) => branch.code === code) ?? branches[0]!;
}

/**
 * Where the notice of a lead goes: the lead e-mail of the branch its vehicle stood at, or the
 * dealer's own address for a lead of no branch (no vehicle, or a branch since closed).
 */
export function leadEmailOf(dealer: Dealer, branchCode: string | undefined): string {
  const branch = branchCode === undefined ? undefined : dealerBranches(dealer).find(({ code }) => code === branchCode);
  return branch?.leadEmail ?? dealer.email;
}
