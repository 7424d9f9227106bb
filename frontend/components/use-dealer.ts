import { useRouteLoaderData } from "react-router";
import type { Dealer } from "../../domain/dealer";
import type { loader } from "../root";

/** The dealer's details, as the root route loaded them for every page. */
export function useDealer(): Dealer {
  const data = useRouteLoaderData<typeof loader>("root");
  if (!data) throw new Error("The dealer's details are loaded by the root route");
  return data.dealer;
}
