import { data, Form, useNavigation } from "react-router";
import { ERASED_KINDS_TEXT } from "../../../domain/lead-kinds";
import type { Erasure } from "../../../backend/staff/lead-inbox";
import { Field } from "../../components/forms/form-parts";
import { staffPageMeta } from "../../staff/staff-meta";
import { asMember, checkedForm, formText, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/erasure";

export function meta() {
  return staffPageMeta("Erase someone's details");
}

/**
 * UK GDPR's right to erasure: everything held about one e-mail address or phone number, in
 * every kind of lead and the newsletter, and an address's saved searches and the e-mails
 * queued to it, deleted after a confirmation. The audit log records
 * that an erasure happened and how many leads went, never whose details they were.
 */
export function loader({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "sales");
  return { csrf: member.session.csrfToken };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const member = requireMember(context, url, "sales");
  const { services, address } = staffOf(context);
  const form = await checkedForm(member, request);
  const contact = formText(form, "contact").trim();
  if (!/^\S+@\S+\.\S+$/.test(contact) && !/^[\d\s()+-]{7,20}$/.test(contact)) {
    return data({ step: "ask" as const, contact, problem: "Enter an e-mail address or a phone number" }, { status: 400 });
  }
  if (formText(form, "confirm") !== "yes") return { step: "confirm" as const, contact, problem: undefined };
  const erased = await asMember(() => services.inbox.erase(member, contact, address));
  return { step: "done" as const, contact: "", erased, problem: undefined };
}

export default function Erasure({ loaderData, actionData }: Route.ComponentProps) {
  const busy = useNavigation().state !== "idle";
  const step = actionData?.step ?? "ask";
  return (
    <section className="staff-page staff-page--narrow">
      <h1>Erase someone's details</h1>
      {step === "done" && actionData && "erased" in actionData && actionData.erased && (
        <p className="notice notice--done" role="status">
          {erasedText(actionData.erased)} The audit log records that an erasure was made, not whose.
        </p>
      )}
      {step === "confirm" ? (
        <Form method="post" className="staff-form">
          <input type="hidden" name="csrf" value={loaderData.csrf} />
          <input type="hidden" name="contact" value={actionData?.contact} />
          <p role="alert">
            Every lead holding <strong>{actionData?.contact}</strong> will be deleted: {ERASED_KINDS_TEXT}; and for an e-mail address, its
            saved searches and alerts, and every e-mail waiting to be sent to it. This cannot be undone.
          </p>
          <div className="staff-filters__check">
            <input id="erasure-confirm" name="confirm" type="checkbox" value="yes" required />
            <label htmlFor="erasure-confirm">I have checked this is the person who asked, and want everything about them erased</label>
          </div>
          <button type="submit" className="button button--danger" disabled={busy}>
            Erase for good
          </button>
        </Form>
      ) : (
        <Form method="post" className="staff-form">
          <input type="hidden" name="csrf" value={loaderData.csrf} />
          <p>When someone asks for their details to be deleted, enter the e-mail address or phone number they used.</p>
          <Field
            id="erasure-contact"
            name="contact"
            label="E-mail address or phone number"
            defaultValue={actionData?.contact}
            error={actionData?.problem}
          />
          <button type="submit" className="button" disabled={busy}>
            Continue
          </button>
        </Form>
      )}
    </section>
  );
}

/** "Erased 1 lead.", "Erased 2 leads, 3 saved searches and 1 e-mail waiting to be sent.", "Nothing was held about them." */
function erasedText({ leads, savedSearches, queuedMails }: Erasure): string {
  const count = (n: number, one: string, many: string) => (n > 0 ? [`${n} ${n === 1 ? one : many}`] : []);
  const parts = [
    ...count(leads, "lead", "leads"),
    ...count(savedSearches, "saved search", "saved searches"),
    ...count(queuedMails, "e-mail waiting to be sent", "e-mails waiting to be sent"),
  ];
  if (parts.length === 0) return "Nothing was held about them.";
  return `Erased ${parts.length > 1 ? `${parts.slice(0, -1).join(", ")} and ${parts.at(-1)}` : parts[0]}.`;
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
