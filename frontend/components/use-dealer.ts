import type { Dealer } from "../../domain/dealer";
import { useRootData } from "../root-data";

/** The dealer's details, as the root route loaded them for every page. */
export function useDealer(): Dealer {
  const data = useRootData();
  if (!data) throw new Error("The dealer's details are loaded by the root route");
  return data.dealer;
}

/** How soon a lead is answered, as words following "We will be in touch": the dealer's reply time for leads, else its usual one. */
export const leadReplyTimeOf = (dealer: Pick<Dealer, "replyTime" | "leadReplyTime">): string => dealer.leadReplyTime ?? dealer.replyTime;
