import { describe, expect, it } from "vitest";
import { knownRecord } from "../../../tests/support/known-vehicles";
import { specification } from "./vehicle-fact-rows";

const rows = (id: string) => new Map(specification(knownRecord(id)!.vehicle));

describe("specification", () => {
  it("lists a van's roof height, payload, load length and gross vehicle weight, in kilograms and millimetres", () => {
    const transit = rows("transit-custom-2020");
    expect(transit.get("Roof height")).toBe("Low");
    expect(transit.get("Payload")).toBe("1,000 kg");
    expect(transit.get("Load length")).toBe("2,555 mm");
    expect(transit.get("Gross vehicle weight")).toBe("2,800 kg");
    expect([...transit.keys()].slice(-4)).toEqual(["Roof height", "Payload", "Load length", "Gross vehicle weight"]);
  });

  it("leaves them out where the record does not state them, as a car's or this van's", () => {
    for (const id of ["fiesta-2019", "transporter-2019"]) {
      const labels = [...rows(id).keys()];
      for (const label of ["Roof height", "Payload", "Load length", "Gross vehicle weight"]) expect(labels, id).not.toContain(label);
    }
  });
});
