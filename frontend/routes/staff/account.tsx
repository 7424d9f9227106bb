import { data, Form, useNavigation } from "react-router";
import { Field } from "../../components/forms/form-parts";
import { staffPageMeta } from "../../staff/staff-meta";
import { checkedForm, endedSessionCookie, formText, requireMember, staffOf, waitMessage } from "../../staff/staff-guard.server";
import type { Route } from "./+types/account";

export function meta() {
  return staffPageMeta("Your account");
}

/** A member's own account: setting up or removing the second factor, and signing out everywhere. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url);
  const { services } = staffOf(context);
  const { account } = member;
  const enrolment = account.totpSecret ? undefined : await services.access.secondFactorEnrolment(member);
  return {
    csrf: member.session.csrfToken,
    name: account.name,
    email: account.email,
    role: account.role,
    secondFactor: account.totpSecret !== undefined,
    mustSetUp: member.mustSetUpSecondFactor,
    enrolment,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const member = requireMember(context, url);
  const { services, address } = staffOf(context);
  const form = await checkedForm(member, request);
  switch (formText(form, "intent")) {
    case "set-up": {
      const secret = formText(form, "secret");
      if (await services.access.setSecondFactor(member, secret, formText(form, "code"), address))
        return { message: "Your second factor is on: you will be asked for a code each time you sign in." };
      const enrolment = await services.access.secondFactorEnrolment(member, secret);
      return data(
        { problem: "That code did not match. Check the app shows this site, and enter its current code.", enrolment },
        { status: 400 },
      );
    }
    case "remove": {
      if (services.access.secondFactorRequiredFor(member.account)) {
        return data({ message: "Admins must keep a second factor on this site." }, { status: 400 });
      }
      // Proof of being the account's owner: a session left open on a shared computer is not enough.
      const code = formText(form, "code").trim();
      const password = formText(form, "password");
      if (!code && !password)
        return data({ removalProblem: "Enter the code your app shows now, or your password, to turn it off." }, { status: 400 });
      const result = await services.access.removeOwnSecondFactor(member, code ? { code } : { password }, address);
      if (result.ok) return { message: "Your second factor is off." };
      if (result.waitSeconds)
        return data(
          { removalProblem: waitMessage(result.waitSeconds) },
          { status: 429, headers: { "Retry-After": String(result.waitSeconds) } },
        );
      return data(
        { removalProblem: "That code or password did not work. Enter the code your app shows now, or your password." },
        { status: 400 },
      );
    }
    case "sign-out-everywhere": {
      const ended = await services.access.signOutEverywhere(member, address);
      return data(
        { message: `Signed out of ${ended} session${ended === 1 ? "" : "s"}, this one included. Sign in again to carry on.` },
        { headers: { "Set-Cookie": endedSessionCookie(context) } },
      );
    }
  }
  return data({ message: "Choose what to do." }, { status: 400 });
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  // After a wrong first code, the same secret again: the app has already scanned it.
  const enrolment = (actionData && "enrolment" in actionData ? actionData.enrolment : undefined) ?? loaderData.enrolment;
  return (
    <section className="staff-page staff-page--narrow">
      <h1>Your account</h1>
      <p>
        {loaderData.name}, {loaderData.email} ({loaderData.role})
      </p>
      {actionData && "message" in actionData && actionData.message && (
        <p className="notice" role="status">
          {actionData.message}
        </p>
      )}
      <h2>Second factor</h2>
      {loaderData.mustSetUp && (
        <p className="notice notice--problem" role="alert">
          Admins must set up a second factor before doing anything else here.
        </p>
      )}
      {loaderData.secondFactor ? (
        <Form method="post" className="staff-form">
          <input type="hidden" name="csrf" value={loaderData.csrf} />
          <p>
            On: signing in asks for a code from your authenticator app. To turn it off, enter the code the app shows now, or your password.
          </p>
          <Field
            id="second-factor-current-code"
            name="code"
            label="Six-digit code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            error={actionData && "removalProblem" in actionData ? actionData.removalProblem : undefined}
          />
          <Field id="second-factor-password" name="password" type="password" label="Or your password" autoComplete="current-password" />
          <button type="submit" name="intent" value="remove" className="button button--quiet" disabled={busy}>
            Turn it off
          </button>
        </Form>
      ) : (
        enrolment && (
          <Form method="post" className="staff-form">
            <input type="hidden" name="csrf" value={loaderData.csrf} />
            <input type="hidden" name="secret" value={enrolment.secret} />
            <p>
              Scan this with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password and others), then enter the code
              it shows.
            </p>
            {/* The QR code is drawn on the server from the secret; it is markup, never a script. */}
            <div
              className="staff-qr"
              role="img"
              aria-label="QR code for your authenticator app"
              dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
            />
            <p className="staff-hint">
              Or type this key into the app: <code>{enrolment.secret}</code>
            </p>
            <Field
              id="second-factor-code"
              name="code"
              label="Six-digit code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={7}
              error={actionData && "problem" in actionData ? actionData.problem : undefined}
            />
            <button type="submit" name="intent" value="set-up" className="button" disabled={busy}>
              Turn it on
            </button>
          </Form>
        )
      )}
      <h2>Sessions</h2>
      <Form method="post">
        <input type="hidden" name="csrf" value={loaderData.csrf} />
        <p>Signed in on a computer you no longer use, or think someone else has? End every session of your account.</p>
        <button type="submit" name="intent" value="sign-out-everywhere" className="button button--quiet" disabled={busy}>
          Sign out everywhere
        </button>
      </Form>
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
