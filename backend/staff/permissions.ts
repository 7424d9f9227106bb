import type { StaffMember } from "./staff-access";
import type { StaffRole } from "./staff-accounts";

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

/** Whether the member may open the dashboard: it shows leads to those who may act as sales, stock to those who may act as stock. */
export function mayOpenDashboard(member: StaffMember): boolean {
  return mayActAs(member, "sales") || mayActAs(member, "stock");
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
