import { describe, expect, it } from "vitest";
import { staffBranchesSchema } from "./staff-accounts";

describe("the branches an admin picks for an account", () => {
  const schema = staffBranchesSchema(["wigan", "bolton", "warrington"]);

  it("keeps those picked, once each, and reads none picked as every branch", () => {
    expect(schema.parse(["bolton", "wigan", "bolton"])).toEqual(["bolton", "wigan"]);
    expect(schema.parse([])).toBeNull();
  });

  it("refuses a code the dealer has not, saying which it has", () => {
    const parsed = schema.safeParse(["bolton", "york"]);
    expect(parsed.success).toBe(false);
    expect(parsed.error!.issues[0]!.message).toBe("Choose branches from: wigan, bolton, warrington");
  });
});
