import { describe, expect, it } from "vitest";
import { hasRole, mayActAs, mayOpenDashboard, NotAllowedError, requireRole } from "./permissions";
import type { StaffMember } from "./staff-access";
import { STAFF_ROLES, type StaffRole } from "./staff-accounts";

const member = (role: StaffRole, change: Partial<StaffMember> = {}) =>
  ({ account: { role }, needsCode: false, mustSetUpSecondFactor: false, ...change }) as StaffMember;

describe("roles", () => {
  it("let each role do its own work, and admins everything", () => {
    const allowed = STAFF_ROLES.map((role) => STAFF_ROLES.filter((needed) => hasRole(role, needed)));
    expect(allowed).toEqual([["sales"], ["stock"], ["editor"], ["sales", "stock", "editor", "admin"]]);
  });

  it("are enforced by the inbox, and nothing is open to a member halfway through signing in", () => {
    expect(() => requireRole(member("sales"), "sales")).not.toThrow();
    expect(() => requireRole(member("admin"), "sales")).not.toThrow();
    expect(() => requireRole(member("stock"), "sales")).toThrow(NotAllowedError);
    expect(() => requireRole(member("sales", { needsCode: true }), "sales")).toThrow(NotAllowedError);
    expect(() => requireRole(member("admin", { mustSetUpSecondFactor: true }), "sales")).toThrow(NotAllowedError);
  });

  it("open the staff area's links only to a member wholly signed in, for their role", () => {
    expect(mayActAs(member("admin"), "editor")).toBe(true);
    expect(mayActAs(member("editor"), "editor")).toBe(true);
    expect(mayActAs(member("editor"), "stock")).toBe(false);
    expect(mayActAs(member("admin", { mustSetUpSecondFactor: true }), "admin")).toBe(false);
  });

  it("open the dashboard to those who see its leads or its stock, not to an editor alone", () => {
    expect(STAFF_ROLES.filter((role) => mayOpenDashboard(member(role)))).toEqual(["sales", "stock", "admin"]);
    expect(mayOpenDashboard(member("sales", { needsCode: true }))).toBe(false);
    expect(mayOpenDashboard(member("stock", { mustSetUpSecondFactor: true }))).toBe(false);
  });
});
