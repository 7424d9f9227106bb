import type { LeadFilters, StoredLead } from "../leads/lead-store";
import type { StaffMember } from "./staff-access";
import type { StaffAccount, StaffRole } from "./staff-accounts";

/**
 * What each role may do, asked here and nowhere else: by each staff service before it does
 * anything (the server decides, whatever a page showed or hid), by the staff pages' guard and
 * the links of the staff area's frame.
 */

/** What each role may do: admins do everything. */
export function hasRole(role: StaffRole, needed: StaffRole): boolean {
  return role === needed || role === "admin";
}

/** Whether the member may do what the role does now: the role allows it and they are wholly signed in (second factor done and set up). */
export function mayActAs(member: StaffMember, needed: StaffRole): boolean {
  return hasRole(member.account.role, needed) && !member.needsCode && !member.mustSetUpSecondFactor;
}

/** Whether the member may open the dashboard: it shows leads to those who see its lead figures, stock to those who may act as stock. */
export function mayOpenDashboard(member: StaffMember): boolean {
  return seesDashboardLeads(member) || mayActAs(member, "stock");
}

/** Whether the dashboard shows the member its lead figures: counted across every branch, they are for sales staff who work every branch. */
export function seesDashboardLeads(member: StaffMember): boolean {
  return mayActAs(member, "sales") && worksEveryBranch(member);
}

/**
 * Whether the member's lead work spans the whole dealer: no branches picked for their account.
 * Only such a member sees the dashboard's lead figures (counted across every branch) and
 * erases a person's leads (every branch's, as the law asks).
 */
export function worksEveryBranch(member: StaffMember): boolean {
  return member.account.branches === undefined;
}

/**
 * Whether the member may see and act on a lead: every member may when their account names no
 * branches; otherwise only a lead of one of theirs. A lead of no branch (no vehicle: a general
 * enquiry, or a dealer with one branch) is for every member.
 */
export function mayReachLead(member: BranchesOf, lead: Pick<StoredLead, "vehicle">): boolean {
  const branch = lead.vehicle?.branch;
  return branch === undefined || mayReachBranch(member, branch);
}

/** Whether the member may reach the leads of the branch with this code. */
export function mayReachBranch(member: BranchesOf, code: string): boolean {
  const { branches } = member.account;
  return branches === undefined || branches.includes(code);
}

/** A member of staff, signed in or not (one a lead may be given to), as far as their branches go. */
type BranchesOf = { account: Pick<StaffAccount, "branches"> };

/** The filters narrowed to the leads the member may reach (mayReachLead's rule, for a lead store to apply). */
export function withinReach<F extends LeadFilters>(member: StaffMember, filters: F): F {
  const { branches } = member.account;
  return branches === undefined ? filters : { ...filters, reachableFrom: branches };
}

/** A member of staff asked for something their role does not allow. */
export class NotAllowedError extends Error {
  constructor(readonly needed: StaffRole) {
    super(`This needs the ${needed} role`);
  }
}

/** Throws NotAllowedError unless the member may act as the role (mayActAs). */
export function requireRole(member: StaffMember, needed: StaffRole): void {
  if (!mayActAs(member, needed)) throw new NotAllowedError(needed);
}
