import { describe, expect, it } from "vitest";
import { searchKeyUid } from "./meili-keys";

describe("searchKeyUid", () => {
  it("is a version-4-shaped UUID, the same for the same index and different for another", () => {
    const uid = searchKeyUid("vehicles");
    expect(uid).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(searchKeyUid("vehicles")).toBe(uid);
    expect(searchKeyUid("vehicles_staging")).not.toBe(uid);
  });
});
