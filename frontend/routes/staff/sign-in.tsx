import { data, Form, redirect, useNavigation } from "react-router";
import { Field } from "../../components/forms/form-parts";
import { staffPageMeta } from "../../staff/staff-meta";
import {
  checkedSignInForm,
  deviceIdOf,
  formText,
  safeNext,
  sessionCookies,
  signInToken,
  staffOf,
  waitMessage,
} from "../../staff/staff-guard.server";
import type { Route } from "./+types/sign-in";

export function meta() {
  return staffPageMeta("Sign in");
}

/**
 * Sign-in: e-mail address and password. Before there is a session the form is checked
 * against a cookie of its own (a pre-session CSRF token), so another site cannot sign a
 * browser in to an account of its choosing. Every failure gets the same answer.
 */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { member } = staffOf(context);
  if (member && !member.needsCode) throw redirect(safeNext(url.searchParams.get("next")));
  const { token, cookie } = signInToken(context);
  const waitMinutes = Number(url.searchParams.get("wait"));
  const waitSeconds = Number.isInteger(waitMinutes) && waitMinutes > 0 && waitMinutes <= 15 ? waitMinutes * 60 : undefined;
  return data(
    {
      token,
      next: safeNext(url.searchParams.get("next")),
      signedOut: url.searchParams.has("signed-out"),
      wait: waitSeconds && waitMessage(waitSeconds),
    },
    { headers: { "Set-Cookie": cookie } },
  );
}

export async function action({ request, context }: Route.ActionArgs) {
  const { services, member: previous, address } = staffOf(context);
  const form = await checkedSignInForm(context, request);
  const next = safeNext(formText(form, "next"));
  const result = await services.access.signIn(formText(form, "email"), formText(form, "password"), address, deviceIdOf(context, request));
  // An attempt held back goes to the page that says how long to wait, rather than having it
  // drawn: a flood of them then costs the server next to nothing each (React Router draws no
  // page for a redirect).
  if (!result.ok && result.waitSeconds)
    throw redirect(`/staff/sign-in?wait=${Math.ceil(result.waitSeconds / 60)}&next=${encodeURIComponent(next)}`, 303);
  if (!result.ok) {
    const message = "That e-mail address and password did not work. Check them and try again, or ask an admin for a new password link.";
    return data({ message, email: formText(form, "email") }, { status: 400 });
  }
  // A new session id at every sign-in: one planted in the browser before it (session fixation) is worth nothing.
  if (previous) await services.access.signOut(previous, address);
  throw redirect(result.member.needsCode ? `/staff/sign-in/code?next=${encodeURIComponent(next)}` : next, {
    headers: sessionCookies(context, result.sessionId, result.deviceId),
  });
}

export default function SignIn({ loaderData, actionData }: Route.ComponentProps) {
  const sending = useNavigation().state === "submitting";
  return (
    <section className="staff-page staff-page--narrow">
      <h1>Sign in to the staff area</h1>
      {loaderData.signedOut && (
        <p className="notice" role="status">
          You are signed out.
        </p>
      )}
      {(actionData?.message ?? loaderData.wait) && (
        <p className="notice notice--problem" role="alert">
          {actionData?.message ?? loaderData.wait}
        </p>
      )}
      <Form method="post" className="staff-form">
        <input type="hidden" name="csrf" value={loaderData.token} />
        <input type="hidden" name="next" value={loaderData.next} />
        <Field
          id="sign-in-email"
          name="email"
          type="email"
          label="E-mail address"
          autoComplete="username"
          defaultValue={actionData?.email}
        />
        <Field id="sign-in-password" name="password" type="password" label="Password" autoComplete="current-password" />
        <button type="submit" className="button" disabled={sending}>
          {sending ? "Signing in…" : "Sign in"}
        </button>
      </Form>
      <p className="staff-hint">No password yet, or forgotten it? An admin can send you a link to set one.</p>
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
