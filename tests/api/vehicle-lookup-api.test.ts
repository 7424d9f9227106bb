import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { knownStockChange } from "../support/known-vehicles";
import { sellVehicle, startTestSite, type TestSite } from "../support/start-test-site";

/** GET /api/vehicle-lookup: what the saved list and recently viewed read after the page has loaded. */
let site: TestSite;
beforeAll(async () => {
  site = await startTestSite(knownStockChange(), { prepare: sellVehicle("volvo-fh-2019") });
});
afterAll(async () => {
  await site.close();
});

const lookUp = async (query: string) => {
  const response = await fetch(`${site.url}/api/vehicle-lookup${query}`);
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
};

describe("GET /api/vehicle-lookup", () => {
  it("answers each vehicle as it stands now, in the order asked: for sale with its record, sold, or unknown", async () => {
    const { status, body } = await lookUp("?ids=focus-2021,volvo-fh-2019,never-listed,fiesta-2019");
    expect(status).toBe(200);
    expect(body.vehicles).toEqual([
      {
        id: "focus-2021",
        status: "for sale",
        record: expect.objectContaining({
          _id: "focus-2021",
          adverts: { retailAdverts: expect.objectContaining({ totalPrice: { amountGBP: 15495 } }) },
        }),
      },
      { id: "volvo-fh-2019", status: "sold", sold: expect.objectContaining({ make: "Volvo", model: "FH", soldAt: expect.any(String) }) },
      { id: "never-listed", status: "unknown" },
      { id: "fiesta-2019", status: "for sale", record: expect.objectContaining({ _id: "fiesta-2019" }) },
    ]);
  });

  it("takes the ids repeated as a form sends them, each once", async () => {
    const { body } = await lookUp("?ids=fiesta-2019&ids=focus-2021&ids=fiesta-2019");
    expect((body.vehicles as { id: string }[]).map((vehicle) => vehicle.id)).toEqual(["fiesta-2019", "focus-2021"]);
  });

  it("refuses a missing list, a malformed id and more than 50 vehicles, naming ids", async () => {
    const missing = await lookUp("");
    expect(missing).toEqual({
      status: 400,
      body: { error: { code: "missing_parameter", message: expect.stringContaining("ids="), field: "ids" } },
    });
    const malformed = await lookUp(`?ids=fiesta-2019,${encodeURIComponent("../etc/passwd")}`);
    expect(malformed).toEqual({
      status: 400,
      body: { error: { code: "invalid_parameter", message: expect.stringContaining("(vehicle 2)"), field: "ids" } },
    });
    const tooMany = await lookUp(`?ids=${Array.from({ length: 51 }, (_, i) => `v${i}`).join(",")}`);
    expect(tooMany).toEqual({
      status: 400,
      body: { error: { code: "invalid_parameter", message: expect.stringContaining("more than 50 vehicles"), field: "ids" } },
    });
  });
});
