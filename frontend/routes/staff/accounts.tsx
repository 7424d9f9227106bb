import { data, Form, useNavigation } from "react-router";
import { Field } from "../../components/forms/form-parts";
import { AccountExistsError } from "../../../backend/staff/staff-store";
import {
  leadsWorked,
  STAFF_ROLES,
  staffBranchesSchema,
  staffEmailSchema,
  staffNameSchema,
  staffRoleSchema,
} from "../../../backend/staff/staff-accounts";
import { dealerContext } from "../../../backend/http/request-context";
import { dealerBranches } from "../../../domain/branches";
import { londonTime } from "../../staff/lead-views.server";
import { staffPageMeta } from "../../staff/staff-meta";
import { Choice } from "../../staff/Choice";
import { checkedForm, formText, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/accounts";

export function meta() {
  return staffPageMeta("Accounts");
}

/**
 * Admins' page: every account with its state (disabled, new browsers waiting after failed
 * sign-ins, no password yet, second factor), adding one, and changing a role, the branches
 * whose leads it works (a dealer group's only), disabling, letting new browsers in, resetting
 * a password or removing a lost second factor. Each change is audited.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "admin");
  const { access, branchCodes } = staffOf(context).services;
  const codes = branchCodes();
  const accounts = await access.accounts();
  const now = new Date();
  const waits = await Promise.all(accounts.map((account) => access.newBrowsersWaitFor(account, now)));
  return {
    csrf: member.session.csrfToken,
    self: member.account.id,
    roles: [...STAFF_ROLES],
    // Offered only to a dealer group: one branch's leads are every lead.
    branches:
      codes.length > 1
        ? dealerBranches(context.get(dealerContext))
            .filter(({ code }) => codes.includes(code))
            .map(({ code, name }) => ({ code, name }))
        : [],
    accounts: accounts.map((account, i) => ({
      id: account.id,
      email: account.email,
      name: account.name,
      role: account.role,
      branches: account.branches ?? [],
      disabled: account.disabled,
      passwordSet: account.passwordHash !== undefined,
      secondFactor: account.totpSecret !== undefined,
      locked: waits[i] && `Sign-ins from new browsers wait until ${londonTime(waits[i].until)} after ${waits[i].attempts} failed attempts`,
    })),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const member = requireMember(context, url, "admin");
  const { services, address } = staffOf(context);
  const form = await checkedForm(member, request);
  const actor = { account: member.account };
  const intent = formText(form, "intent");
  if (intent === "add") {
    const email = staffEmailSchema.safeParse(formText(form, "email"));
    const name = staffNameSchema.safeParse(formText(form, "name"));
    const role = staffRoleSchema.safeParse(formText(form, "role"));
    const errors = {
      ...(email.success ? {} : { email: email.error.issues[0]!.message }),
      ...(name.success ? {} : { name: name.error.issues[0]!.message }),
      ...(role.success ? {} : { role: role.error.issues[0]!.message }),
    };
    if (!email.success || !name.success || !role.success) return data({ errors, message: undefined, link: undefined }, { status: 400 });
    try {
      const { account, link } = await services.access.createAccount(
        actor,
        { email: email.data, name: name.data, role: role.data },
        address,
      );
      const mailed = await services.mail.passwordLink(account.email, link);
      return { message: `Added ${account.email}. ${sendWords(mailed)} this link to set their password; it works once:`, link, errors: {} };
    } catch (error) {
      if (error instanceof AccountExistsError)
        return data({ errors: { email: error.message }, message: undefined, link: undefined }, { status: 400 });
      throw error;
    }
  }
  const account = await services.access.account(formText(form, "account"));
  if (!account) throw data("There is no such account.", { status: 404 });
  if (account.id === member.account.id && intent !== "reset-password") {
    return data(
      { message: "Ask another admin to change your own account: it keeps an admin able to sign in.", link: undefined, errors: {} },
      { status: 400 },
    );
  }
  switch (intent) {
    case "role": {
      const role = staffRoleSchema.safeParse(formText(form, "role"));
      if (!role.success) return data({ message: role.error.issues[0]!.message, link: undefined, errors: {} }, { status: 400 });
      await services.access.changeAccount(actor, account, { role: role.data }, address);
      return { message: `${account.email} is now ${role.data}.`, link: undefined, errors: {} };
    }
    case "branches": {
      const branches = staffBranchesSchema(services.branchCodes()).safeParse(form.getAll("branches"));
      if (!branches.success) {
        const problem = `branches: ${branches.error.issues[0]!.message}`;
        return data({ message: problem, link: undefined, errors: { branches: problem } }, { status: 400 });
      }
      await services.access.changeAccount(actor, account, { branches: branches.data }, address);
      return { message: `${account.email} works ${leadsWorked(branches.data)}.`, link: undefined, errors: {} };
    }
    case "disable":
    case "enable":
      await services.access.changeAccount(actor, account, { disabled: intent === "disable" }, address);
      return {
        message: `${account.email} is ${intent === "disable" ? "disabled, and signed out everywhere" : "enabled"}.`,
        link: undefined,
        errors: {},
      };
    case "unlock":
      await services.access.letNewBrowsersIn(actor, account, address);
      return { message: `${account.email} can sign in again from any browser.`, link: undefined, errors: {} };
    case "remove-2fa":
      await services.access.removeSecondFactor(actor, account, address);
      return {
        message: `${account.email} signs in with a password alone until they set up a second factor again.`,
        link: undefined,
        errors: {},
      };
    case "reset-password": {
      const link = await services.access.resetPassword(actor, account, address);
      const mailed = await services.mail.passwordLink(account.email, link);
      return {
        message: `${account.email}'s password no longer works and they are signed out everywhere. ${sendWords(mailed)} this link to set a new one:`,
        link,
        errors: {},
      };
    }
  }
  return data({ message: "Choose what to do.", link: undefined, errors: {} }, { status: 400 });
}

/** What the admin is to do with the link: pass it on, or nothing when the site is e-mailing it. */
function sendWords(mailed: boolean): string {
  return mailed ? "The site is e-mailing them" : "Send them";
}

const ROLE_WORK: Record<string, string> = { sales: "works the leads", stock: "loads stock", admin: "everything, and accounts" };

export default function Accounts({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const { csrf, accounts, roles, self, branches } = loaderData;
  const errors: Record<string, string | undefined> = actionData?.errors ?? {};
  return (
    <section className="staff-page">
      <h1>Accounts</h1>
      {actionData?.message && (
        <div className="notice" role="status">
          <p>{actionData.message}</p>
          {actionData.link && (
            <p>
              <code className="staff-link">{actionData.link}</code>
            </p>
          )}
        </div>
      )}
      <ul className="staff-accounts">
        {accounts.map((account) => (
          <li key={account.id} className="staff-account">
            <h2 className="staff-account__name">
              {account.name} <span className="staff-hint">{account.email}</span>
            </h2>
            <p>
              {[
                account.role,
                account.branches.length > 0 ? `branches: ${account.branches.join(", ")}` : undefined,
                account.disabled ? "disabled" : "active",
                account.passwordSet ? undefined : "no password set",
                account.secondFactor ? "second factor on" : "no second factor",
              ]
                .filter(Boolean)
                .join(", ")}
            </p>
            {account.locked && (
              <p className="notice notice--problem" role="status">
                {account.locked}
              </p>
            )}
            {account.id === self ? (
              <p className="staff-hint">Your own account: another admin changes it.</p>
            ) : (
              <div className="staff-account__actions">
                <Form method="post" className="staff-form--inline">
                  <input type="hidden" name="csrf" value={csrf} />
                  <input type="hidden" name="account" value={account.id} />
                  <Choice
                    id={`role-${account.id}`}
                    name="role"
                    label="Role"
                    defaultValue={account.role}
                    options={roles.map((role) => ({ value: role, label: role }))}
                  />
                  <button type="submit" name="intent" value="role" className="button button--quiet" disabled={busy}>
                    Change role
                  </button>
                </Form>
                {branches.length > 0 && (
                  <Form method="post" className="staff-form--inline">
                    <input type="hidden" name="csrf" value={csrf} />
                    <input type="hidden" name="account" value={account.id} />
                    <fieldset className="staff-choices">
                      <legend>Branches whose leads they work (none ticked: every branch)</legend>
                      {branches.map(({ code, name }) => (
                        <label key={code} className="staff-check">
                          <input type="checkbox" name="branches" value={code} defaultChecked={account.branches.includes(code)} /> {name}
                        </label>
                      ))}
                    </fieldset>
                    <button type="submit" name="intent" value="branches" className="button button--quiet" disabled={busy}>
                      Save branches
                    </button>
                  </Form>
                )}
                <Form method="post" className="staff-form--inline">
                  <input type="hidden" name="csrf" value={csrf} />
                  <input type="hidden" name="account" value={account.id} />
                  <button
                    type="submit"
                    name="intent"
                    value={account.disabled ? "enable" : "disable"}
                    className="button button--quiet"
                    disabled={busy}
                  >
                    {account.disabled ? "Enable" : "Disable"}
                  </button>
                  {account.locked && (
                    <button type="submit" name="intent" value="unlock" className="button button--quiet" disabled={busy}>
                      Let new browsers in
                    </button>
                  )}
                  <button type="submit" name="intent" value="reset-password" className="button button--quiet" disabled={busy}>
                    Reset password
                  </button>
                  {account.secondFactor && (
                    <button type="submit" name="intent" value="remove-2fa" className="button button--quiet" disabled={busy}>
                      Remove second factor
                    </button>
                  )}
                </Form>
              </div>
            )}
          </li>
        ))}
      </ul>
      <h2>Add an account</h2>
      <Form method="post" className="staff-form">
        <input type="hidden" name="csrf" value={csrf} />
        <Field id="account-email" name="email" type="email" label="E-mail address" error={errors.email} />
        <Field id="account-name" name="name" label="Name" error={errors.name} />
        <div className="application-field">
          <Choice
            id="account-role"
            name="role"
            label="Role"
            defaultValue="sales"
            options={roles.map((role) => ({ value: role, label: `${role}: ${ROLE_WORK[role]}` }))}
          />
        </div>
        <button type="submit" name="intent" value="add" className="button" disabled={busy}>
          Add account
        </button>
      </Form>
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
