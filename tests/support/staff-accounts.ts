import { FileStaffStore } from "../../backend/staff/file-staff-store";
import { StaffAccess, type StaffMember, type StaffSettings } from "../../backend/staff/staff-access";
import type { StaffRole } from "../../backend/staff/staff-accounts";
import type { StaffStore } from "../../backend/staff/staff-store";

/** The password every test account is given: long enough, and common nowhere. */
export const STAFF_PASSWORD = "harbour lantern ferry quay";

const SETTINGS: StaffSettings = {
  idleMinutes: 30,
  absoluteHours: 12,
  requireSecondFactorForAdmins: false,
  setPasswordLinkHours: 48,
  siteOrigin: "http://127.0.0.1",
  issuer: "Test dealer",
  dealerEmail: "sales@dealer.example",
};

/** A test account's address: `<role>@dealer.example`, or `<prefix>-<role>@…` where tests sharing a site need their own. */
export const staffEmail = (role: StaffRole, prefix?: string) => `${prefix ? `${prefix}-` : ""}${role}@dealer.example`;

/**
 * Staff accounts in a site's data folder, made the way `npm run staff -- add` and the
 * set-password link make them: one per role, all with STAFF_PASSWORD. The site reads the
 * same files, so sessions signed in here work there too.
 */
export async function addStaffAccounts(
  dataDir: string,
  roles: readonly StaffRole[] = ["sales", "stock", "admin"],
  prefix?: string,
): Promise<void> {
  const store = await FileStaffStore.open(dataDir);
  await addStaffAccountsTo(store, roles, prefix);
  await store.close();
}

/** As addStaffAccounts, in any staff store (MongoDB's, for a site that keeps its records there). */
export async function addStaffAccountsTo(store: StaffStore, roles: readonly StaffRole[], prefix?: string): Promise<void> {
  const access = new StaffAccess(store, SETTINGS);
  for (const role of roles) {
    const { link } = await access.createAccount("command line", {
      email: staffEmail(role, prefix),
      name: `${role[0]!.toUpperCase()}${role.slice(1)} Person`,
      role,
    });
    const result = await access.setPassword(new URL(link).searchParams.get("token")!, STAFF_PASSWORD, "127.0.0.1");
    if (!result.ok) throw new Error(result.problem);
  }
}

/** A session for a role's test account, as signing in would give it: the session id and its CSRF token. */
export async function signedInAs(dataDir: string, role: StaffRole): Promise<{ sessionId: string; csrfToken: string; accountId: string }> {
  const store = await FileStaffStore.open(dataDir);
  try {
    return await signedInTo(store, role);
  } finally {
    await store.close();
  }
}

/** As signedInAs, in any staff store (MongoDB's, for a site that keeps its records there). */
export async function signedInTo(store: StaffStore, role: StaffRole): Promise<{ sessionId: string; csrfToken: string; accountId: string }> {
  const result = await new StaffAccess(store, SETTINGS).signIn(staffEmail(role), STAFF_PASSWORD, "127.0.0.1");
  if (!result.ok) throw new Error(`${role} could not sign in`);
  return { sessionId: result.sessionId, csrfToken: result.member.session.csrfToken, accountId: result.member.account.id };
}

/** The staff area over a data folder, with a role's test account signed in: for tests of the services behind the staff pages. */
export async function signedInMember(
  dataDir: string,
  role: StaffRole,
): Promise<{ access: StaffAccess; member: StaffMember; close(): Promise<void> }> {
  await addStaffAccounts(dataDir, [role]);
  const store = await FileStaffStore.open(dataDir);
  const access = new StaffAccess(store, SETTINGS);
  const result = await access.signIn(staffEmail(role), STAFF_PASSWORD, "127.0.0.1");
  if (!result.ok) throw new Error(`${role} could not sign in`);
  return { access, member: result.member, close: () => store.close() };
}
