import { data, Form, Link, useNavigation } from "react-router";
import { Field } from "../../components/forms/form-parts";
import { MIN_PASSWORD_LENGTH } from "../../../backend/staff/passwords";
import { staffPageMeta } from "../../staff/staff-meta";
import { checkedSignInForm, formText, signInToken, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/set-password";

export function meta() {
  return staffPageMeta("Set your password");
}

/**
 * Where a set-password link leads (from `npm run staff` or an admin): the new password is
 * chosen here, checked against the rules, and the link is used up. Nobody, admins included,
 * ever sees or sends anyone's password.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { services } = staffOf(context);
  const linkToken = url.searchParams.get("token") ?? "";
  const account = linkToken ? await services.access.accountOfLink(linkToken) : undefined;
  const { token, cookie } = signInToken(context);
  return data({ linkToken, email: account?.email, csrf: token, minLength: MIN_PASSWORD_LENGTH }, { headers: { "Set-Cookie": cookie } });
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, address } = staffOf(context);
  const form = await checkedSignInForm(context, request);
  const password = formText(form, "password");
  if (password !== formText(form, "confirm"))
    return data({ done: false, field: "confirm", problem: "The two passwords are not the same" }, { status: 400 });
  const result = await services.access.setPassword(formText(form, "token"), password, address);
  if (!result.ok) return data({ done: false, field: result.field, problem: result.problem }, { status: 400 });
  return { done: true, field: undefined, problem: undefined };
}

export default function SetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const sending = useNavigation().state === "submitting";
  if (actionData?.done) {
    return (
      <section className="staff-page staff-page--narrow">
        <h1>Your password is set</h1>
        <p role="status">You can sign in with it now.</p>
        <p>
          <Link className="button" to="/staff/sign-in">
            Sign in
          </Link>
        </p>
      </section>
    );
  }
  if (!loaderData.email || actionData?.field === "token") {
    return (
      <section className="staff-page staff-page--narrow">
        <h1>This link no longer works</h1>
        <p>Links to set a password work once, for a limited time. Ask an admin to send you a new one.</p>
      </section>
    );
  }
  return (
    <section className="staff-page staff-page--narrow">
      <h1>Set your password</h1>
      <p>
        For <strong>{loaderData.email}</strong>. Use at least {loaderData.minLength} characters: a few unrelated words together are strong
        and easy to remember. Avoid anything others use, or your name.
      </p>
      <Form method="post" className="staff-form">
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <input type="hidden" name="token" value={loaderData.linkToken} />
        <input type="text" name="username" autoComplete="username" value={loaderData.email} readOnly hidden />
        <Field
          id="new-password"
          name="password"
          type="password"
          label="New password"
          autoComplete="new-password"
          error={actionData?.field === "password" ? actionData.problem : undefined}
        />
        <Field
          id="confirm-password"
          name="confirm"
          type="password"
          label="The same password again"
          autoComplete="new-password"
          error={actionData?.field === "confirm" ? actionData.problem : undefined}
        />
        <button type="submit" className="button" disabled={sending}>
          {sending ? "Saving…" : "Set password"}
        </button>
      </Form>
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
