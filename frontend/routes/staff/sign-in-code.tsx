import { data, Form, redirect, useNavigation } from "react-router";
import { Field } from "../../components/forms/form-parts";
import { staffPageMeta } from "../../staff/staff-meta";
import { checkedForm, deviceIdOf, formText, safeNext, sessionCookies, staffOf, waitMessage } from "../../staff/staff-guard.server";
import type { Route } from "./+types/sign-in-code";

export function meta() {
  return staffPageMeta("Your code");
}

/** The second step of signing in, for an account with an authenticator app. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const { member } = staffOf(context);
  const next = safeNext(url.searchParams.get("next"));
  if (!member) throw redirect("/staff/sign-in");
  if (!member.needsCode) throw redirect(next);
  const waitMinutes = Number(url.searchParams.get("wait"));
  const wait = Number.isInteger(waitMinutes) && waitMinutes > 0 && waitMinutes <= 15 ? waitMessage(waitMinutes * 60) : undefined;
  return { csrf: member.session.csrfToken, next, wait };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { member, services, address } = staffOf(context);
  if (!member) throw redirect("/staff/sign-in");
  const form = await checkedForm(member, request);
  const result = await services.access.confirmCode(member, formText(form, "code"), address, deviceIdOf(context, request));
  // A new session id once the code is given: the half-signed-in one is ended.
  if (result.ok) throw redirect(safeNext(formText(form, "next")), { headers: sessionCookies(context, result.sessionId, result.deviceId) });
  // As at sign-in: an attempt held back is sent to the page that says how long to wait, which costs no drawing.
  if (result.waitSeconds)
    throw redirect(
      `/staff/sign-in/code?wait=${Math.ceil(result.waitSeconds / 60)}&next=${encodeURIComponent(safeNext(formText(form, "next")))}`,
      303,
    );
  return data(
    { message: "That code did not work, or it was used already. Codes change every 30 seconds: enter the one your app shows now." },
    { status: 400 },
  );
}

export default function SignInCode({ loaderData, actionData }: Route.ComponentProps) {
  const sending = useNavigation().state === "submitting";
  return (
    <section className="staff-page staff-page--narrow">
      <h1>Enter the code from your authenticator app</h1>
      <Form method="post" className="staff-form">
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <input type="hidden" name="next" value={loaderData.next} />
        <Field
          id="sign-in-code"
          name="code"
          label="Six-digit code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={7}
          error={actionData?.message ?? loaderData.wait}
        />
        <button type="submit" className="button" disabled={sending}>
          {sending ? "Checking…" : "Continue"}
        </button>
      </Form>
      <p className="staff-hint">Lost your phone? An admin can remove your second factor so you can set it up again.</p>
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
