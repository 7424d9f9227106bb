import type { StaffMember } from "./staff-access";
import { hasRole, type StaffRole } from "./staff-accounts";

/**
 * What each staff service checks before it does anything: the server decides, whatever a
 * page showed or hid. The inbox, the stock console and the accounts page all ask here.
 */

/** A member of staff asked for something their role does not allow. */
export class NotAllowedError extends Error {
  constructor(readonly needed: StaffRole) {
    super(`This needs the ${needed} role`);
  }
}

/** Throws NotAllowedError unless the member has the role and is wholly signed in (second factor done and set up). */
export function requireRole(member: StaffMember, needed: StaffRole): void {
  if (!hasRole(member.account.role, needed) || member.needsCode || member.mustSetUpSecondFactor) throw new NotAllowedError(needed);
}
