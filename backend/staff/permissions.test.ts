import { describe, expect, it } from "vitest";
import {
  hasRole,
  mayActAs,
  mayOpenDashboard,
  mayReachBranch,
  mayReachLead,
  NotAllowedError,
  requireRole,
  seesDashboardLeads,
  withinReach,
  worksEveryBranch,
} from "./permissions";
import type { StaffMember } from "./staff-access";
import { STAFF_ROLES, type StaffRole } from "./staff-accounts";

const member = (role: StaffRole, change: Partial<StaffMember> = {}, branches?: string[]) =>
  ({ account: { role, ...(branches ? { branches } : {}) }, needsCode: false, mustSetUpSecondFactor: false, ...change }) as StaffMember;

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

describe("branches", () => {
  const everyBranch = member("sales");
  const bolton = member("sales", {}, ["bolton"]);
  const leadAt = (branch?: string) => ({ vehicle: { id: "fiesta", inStock: true, ...(branch ? { branch } : {}) } });

  it("keep a member limited to some to their leads, and those of no branch (general enquiries) for everyone", () => {
    expect(mayReachLead(bolton, leadAt("bolton"))).toBe(true);
    expect(mayReachLead(bolton, leadAt("wigan"))).toBe(false);
    expect(mayReachLead(bolton, leadAt())).toBe(true);
    expect(mayReachLead(bolton, {})).toBe(true);
    expect(mayReachLead(everyBranch, leadAt("wigan"))).toBe(true);
    expect(mayReachLead(member("admin", {}, ["wigan"]), leadAt("bolton"))).toBe(false);
    expect(["wigan", "bolton", "warrington"].filter((code) => mayReachBranch(bolton, code))).toEqual(["bolton"]);
    expect(mayReachBranch(everyBranch, "warrington")).toBe(true);
  });

  it("narrow a store's filters the same way, leaving an unlimited member's as they were", () => {
    const filters = { branches: ["wigan"], unreadOnly: true };
    expect(withinReach(bolton, filters)).toEqual({ ...filters, reachableFrom: ["bolton"] });
    expect(withinReach(everyBranch, filters)).toBe(filters);
  });

  it("show the dashboard's dealer-wide lead figures only to a member of every branch", () => {
    expect(worksEveryBranch(everyBranch)).toBe(true);
    expect(worksEveryBranch(bolton)).toBe(false);
    expect(seesDashboardLeads(everyBranch)).toBe(true);
    expect(seesDashboardLeads(bolton)).toBe(false);
    expect(mayOpenDashboard(bolton)).toBe(false);
    expect(mayOpenDashboard(member("admin", {}, ["bolton"]))).toBe(true);
  });
});
