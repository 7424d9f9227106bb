import { RouterContextProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { EngineUnavailableError } from "../../../backend/engine-health";
import { staffContext } from "../../../backend/http/request-context";
import type { StaffMember } from "../../../backend/staff/staff-access";
import { loader } from "./stock-search-index";
import type { Route } from "./+types/stock-search-index";

const PAGE = "http://127.0.0.1/staff/stock/search-index";

/** A stock manager signed in, on a site whose store did not count its stock within its deadline. */
function pageWhileStoreTimesOut(): Route.LoaderArgs {
  const member = {
    account: { id: "staff-1", name: "Stock Person", role: "stock" },
    session: { csrfToken: "c".repeat(32) },
    needsCode: false,
    mustSetUpSecondFactor: false,
  } as unknown as StaffMember;
  const health = () => Promise.reject(new EngineUnavailableError("store"));
  const context = new RouterContextProvider();
  context.set(staffContext, { member, services: { searchIndex: { health } } } as never);
  return { request: new Request(PAGE), url: new URL(PAGE), params: {}, context } as unknown as Route.LoaderArgs;
}

describe("the stock console's search index page", () => {
  it("answers 503 with Retry-After, as any page does, when the store cannot count the stock in time", async () => {
    await expect(loader(pageWhileStoreTimesOut())).rejects.toMatchObject({
      data: { unavailable: "store" },
      init: { status: 503, headers: { "Retry-After": expect.stringMatching(/^\d+$/) } },
    });
  });
});
