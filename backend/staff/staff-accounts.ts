import { z } from "zod";

/**
 * The people who work the site: sales staff (leads), stock managers (the stock console),
 * editors (the site's pages, offers, articles, notice and the dealer's details) and admins
 * (accounts, and all of the others). Roles are checked on the server for every staff page
 * and call.
 */

export const STAFF_ROLES = ["sales", "stock", "editor", "admin"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const staffEmailSchema = z
  .string({ error: "Enter the e-mail address" })
  .trim()
  .toLowerCase()
  .max(254, "Keep the e-mail address under 254 characters")
  .pipe(z.email("Enter an e-mail address like name@example.com"));

export const staffNameSchema = z
  .string({ error: "Enter the name" })
  .trim()
  .min(1, "Enter the name")
  .max(80, "Keep the name under 80 characters");

export const staffRoleSchema = z.enum(STAFF_ROLES, { error: `Choose a role: ${STAFF_ROLES.join(", ")}` });

/**
 * The branches a member of staff works, as an admin picks them among the dealer group's
 * `codes`: none picked is every branch (stored as no limit at all).
 */
export function staffBranchesSchema(codes: readonly string[]) {
  return z
    .array(z.string().refine((code) => codes.includes(code), { error: `Choose branches from: ${codes.join(", ")}` }))
    .transform((picked) => (picked.length === 0 ? null : [...new Set(picked)]));
}

/** Whose leads a member of staff with these branches (null: every branch) works, as words. */
export function leadsWorked(branches: readonly string[] | null): string {
  return branches ? `the leads of ${branches.join(", ")} and those of no branch` : "the leads of every branch";
}

export interface StaffAccount {
  id: string;
  /** Lower-cased: addresses are compared that way. */
  email: string;
  name: string;
  role: StaffRole;
  /** Absent until the person sets a password through their link. */
  passwordHash?: string;
  passwordSetAt?: Date;
  disabled: boolean;
  createdAt: Date;
  /** The authenticator app's shared secret (base32), once a second factor is set up. */
  totpSecret?: string;
  /**
   * The codes of the branches whose leads they see and work (staff/permissions.ts); absent for
   * every branch, as for every account made before branches could be picked.
   */
  branches?: string[];
  /** The time step of the last code accepted: a code is taken once, and never one older than it. */
  totpLastStep?: number;
}
