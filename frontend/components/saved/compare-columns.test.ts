import { describe, expect, it } from "vitest";
import type { LookedUpVehicle } from "../../../backend/catalogue";
import { knownRecord } from "../../../tests/support/known-vehicles";
import { formatPounds } from "../../../domain/format";
import { cardOf } from "../VehicleCard";
import { comparisonOf } from "./compare-columns";

const forSale = (id: string): LookedUpVehicle => ({ id, status: "for sale", record: knownRecord(id)! });
const rowOf = (comparison: ReturnType<typeof comparisonOf>, label: string) =>
  comparison.sections.flatMap((section) => section.rows).find((row) => row.label === label);

describe("comparisonOf", () => {
  const comparison = comparisonOf([forSale("fiesta-2019"), forSale("focus-2021")]);

  it("heads each column with the vehicle, in the order chosen", () => {
    expect(comparison.vehicles.map((vehicle) => vehicle.name)).toEqual(["Ford Fiesta", "Ford Focus"]);
    expect(comparison.sections.map((section) => section.heading)).toEqual(["Price", "Specification", "Running costs"]);
  });

  it("quotes the price and the monthly price as the cards do, and marks rows that differ", () => {
    expect(rowOf(comparison, "Price")).toEqual({ label: "Price", values: ["£10,000", "£15,495"], differs: true });
    const cardMonthly = (id: string) => `From ${formatPounds(cardOf(knownRecord(id)!).monthly)} a month`;
    expect(rowOf(comparison, "Monthly price")?.values).toEqual([cardMonthly("fiesta-2019"), cardMonthly("focus-2021")]);
    expect(rowOf(comparison, "Doors")).toEqual({ label: "Doors", values: ["5", "5"], differs: false });
  });

  it("shows a row any vehicle has, N/A where another lacks it, as the vehicle page does", () => {
    expect(rowOf(comparison, "Registration")).toEqual({ label: "Registration", values: ["MA19 ABC", "N/A"], differs: true });
    expect(rowOf(comparison, "ULEZ and Clean Air Zones")).toBeDefined();
  });

  it("lines up vans' payload, load length, roof height and gross weight, N/A for a van that does not state them", () => {
    const vans = comparisonOf([forSale("transit-custom-2020"), forSale("sprinter-2021"), forSale("transporter-2019")]);
    expect(rowOf(vans, "Payload")?.values).toEqual(["1,000 kg", "1,100 kg", "N/A"]);
    expect(rowOf(vans, "Load length")?.values).toEqual(["2,555 mm", "2,650 mm", "N/A"]);
    expect(rowOf(vans, "Roof height")?.values).toEqual(["Low", "High", "N/A"]);
    expect(rowOf(vans, "Gross vehicle weight")?.values).toEqual(["2,800 kg", "3,500 kg", "N/A"]);
    expect(rowOf(comparison, "Payload")).toBeUndefined();
  });

  it("leaves out sold and unknown vehicles, saying which", () => {
    const withGone = comparisonOf([
      forSale("fiesta-2019"),
      {
        id: "volvo-fh-2019",
        status: "sold",
        sold: { id: "volvo-fh-2019", make: "Volvo", model: "FH", priceGBP: 55000, soldAt: "2026-11-01T00:00:00.000Z" },
      },
      { id: "never-listed", status: "unknown" },
    ]);
    expect(withGone.vehicles.map((vehicle) => vehicle.id)).toEqual(["fiesta-2019"]);
    expect(withGone.leftOut).toEqual([
      { id: "volvo-fh-2019", name: "Volvo FH", reason: "sold" },
      { id: "never-listed", reason: "unknown" },
    ]);
    expect(rowOf(withGone, "Price")).toEqual({ label: "Price", values: ["£10,000"], differs: false });
  });
});
