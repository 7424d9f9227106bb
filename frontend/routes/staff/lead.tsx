import { data, Form, Link, useNavigation } from "react-router";
import { dealerContext } from "../../../backend/http/request-context";
import { LEAD_STATUSES } from "../../../backend/leads/lead-store";
import { AssigneeOutOfReachError } from "../../../backend/staff/lead-inbox";
import { mayReachLead } from "../../../backend/staff/permissions";
import { isCalendarDate, minutesOf, showroomInstant } from "../../../domain/opening-hours";
import { Choice } from "../../staff/Choice";
import { statusLabel } from "../../staff/lead-labels";
import { leadDetail, showroomText } from "../../staff/lead-detail.server";
import { staffPageMeta } from "../../staff/staff-meta";
import { asMember, checkedForm, formText, requireMember, staffOf } from "../../staff/staff-guard.server";
import type { Route } from "./+types/lead";

export function meta({ data: page }: Route.MetaArgs) {
  return staffPageMeta(page ? `${page.lead.kindLabel} ${page.lead.reference}` : "Lead");
}

/** One lead: all the visitor sent, the vehicle then and now, forwarding, and the work on it. Opening it is audited. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "sales");
  const { services, address } = staffOf(context);
  const opened = await asMember(() => services.inbox.open(member, params.id, address));
  if (!opened) throw data("There is no such lead: it may have been deleted, by its retention period or an erasure.", { status: 404 });
  const accounts = await services.access.accountNames();
  return {
    lead: leadDetail(opened, accounts, { dealerName: context.get(dealerContext).name, staffName: member.account.name }),
    // Only those who may open the lead: the server refuses anyone else (LeadInbox.change).
    assignable: accounts
      .filter((account) => account.assignable && mayReachLead({ account }, opened.lead))
      .map(({ id, name }) => ({ id, name })),
    me: member.account.id,
    csrf: member.session.csrfToken,
    statuses: [...LEAD_STATUSES],
  };
}

export async function action({ request, url, params, context }: Route.ActionArgs) {
  const member = requireMember(context, url, "sales");
  const { services, address } = staffOf(context);
  const form = await checkedForm(member, request);
  const intent = formText(form, "intent");
  if (intent === "forward") {
    const outcome = await asMember(() => services.inbox.forwardNow(member, params.id, address));
    return {
      message: {
        retried: "It will be sent again in a moment.",
        "not waiting": "It is not waiting to be sent.",
        "not forwarding": "Not forwarded: no lead address is set.",
      }[outcome],
    };
  }
  if (intent === "note") {
    const text = formText(form, "note").trim();
    if (!text) return data({ message: "Write the note first." }, { status: 400 });
    await asMember(() => services.inbox.change(member, params.id, { type: "note", text: text.slice(0, 2000) }, address));
    return { message: "Note added." };
  }
  if (intent === "follow-up") {
    const day = formText(form, "followUpDay");
    const minutes = minutesOf(formText(form, "followUpTime"));
    if (!isCalendarDate(day)) return data({ message: "Enter the follow-up day as a date, such as 30/11/2026." }, { status: 400 });
    if (minutes === undefined) return data({ message: "Enter the follow-up time, such as 10:00." }, { status: 400 });
    const at = showroomInstant(day, minutes);
    const past = at.getTime() < Date.now();
    // A time already gone is more often a slip (last year's date, a morning for an afternoon) than meant: asked first.
    if (past && formText(form, "pastConfirmed") !== "yes") {
      return {
        message: `${showroomText(at)} has already passed. Set the follow-up for then anyway, or choose a later time.`,
        confirmPast: { day, time: formText(form, "followUpTime") },
      };
    }
    await asMember(() => services.inbox.change(member, params.id, { type: "follow-up", at }, address));
    return { message: `Follow-up set for ${showroomText(at)}${past ? ", which has already passed" : ""}.` };
  }
  if (intent === "clear-follow-up") {
    await asMember(() => services.inbox.change(member, params.id, { type: "follow-up" }, address));
    return { message: "Follow-up cleared." };
  }
  if (intent === "assignee") {
    const assigneeId = formText(form, "assignee") || undefined;
    try {
      await asMember(() => services.inbox.change(member, params.id, { type: "assignee", assigneeId }, address));
    } catch (error) {
      if (error instanceof AssigneeOutOfReachError) return data({ message: error.message }, { status: 400 });
      throw error;
    }
    return { message: assigneeId ? "Assigned." : "No longer assigned." };
  }
  const status = formText(form, "status");
  if (intent !== "status" || !(LEAD_STATUSES as readonly string[]).includes(status))
    return data({ message: "Choose what to change." }, { status: 400 });
  const lostReason = formText(form, "lostReason").trim().slice(0, 200);
  if (status === "lost" && !lostReason) return data({ message: "Say why it was lost, for the team's records." }, { status: 400 });
  await asMember(() =>
    services.inbox.change(member, params.id, { type: "status", status: status as (typeof LEAD_STATUSES)[number], lostReason }, address),
  );
  return { message: `Status set to ${statusLabel(status).toLowerCase()}.` };
}

export default function LeadPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lead, assignable, me, csrf, statuses } = loaderData;
  const busy = useNavigation().state !== "idle";
  // A follow-up for a time already gone, waiting to be confirmed.
  const confirmPast = actionData && "confirmPast" in actionData ? actionData.confirmPast : undefined;
  return (
    <section className="staff-page">
      <p>
        <Link to="/staff">← All leads</Link>
      </p>
      <h1>
        {lead.kindLabel} from {lead.who}
      </h1>
      <p className="staff-lead-meta">
        Reference <strong>{lead.reference}</strong>, received {lead.receivedText}
      </p>
      {lead.likelyDuplicateOf && (
        <p className="staff-duplicate">
          Likely a duplicate of <Link to={`/staff/leads/${lead.likelyDuplicateOf.id}`}>{lead.likelyDuplicateOf.reference}</Link>,{" "}
          {lead.likelyDuplicateOf.earlier}.
        </p>
      )}
      {actionData?.message && (
        <p className="notice" role="status">
          {actionData.message}
        </p>
      )}
      <div className="staff-columns">
        <div>
          <h2>What they sent</h2>
          <dl className="staff-facts">
            {lead.fields.map(({ label, value, href }) => (
              <div key={label}>
                <dt>{label}</dt>
                <dd>{href ? <a href={href}>{value}</a> : value}</dd>
              </div>
            ))}
          </dl>
          {lead.replies.length > 0 && (
            <>
              <h2>Reply by e-mail</h2>
              <p className="staff-hint">Opens your own mail program with their address and the words filled in.</p>
              <ul className="staff-replies">
                {lead.replies.map(({ label, href }) => (
                  <li key={label}>
                    <a href={href} className="button button--quiet">
                      {label}
                    </a>
                  </li>
                ))}
              </ul>
            </>
          )}
          {lead.vehicle && (
            <>
              <h2>The vehicle</h2>
              <div className="staff-vehicle-card">
                {lead.vehicle.photo ? <img src={lead.vehicle.photo} alt="" width={160} height={120} loading="lazy" /> : <span />}
                <div>
                  <p>
                    <strong>{lead.vehicle.href ? <Link to={lead.vehicle.href}>{lead.vehicle.name}</Link> : lead.vehicle.name}</strong>
                  </p>
                  {lead.vehicle.derivative && <p>{lead.vehicle.derivative}</p>}
                  {lead.vehicle.mileage && <p>{lead.vehicle.mileage}</p>}
                  <p>Price when they asked: {lead.vehicle.priceThen ?? "not known"}</p>
                  <p>Now: {lead.vehicle.now}</p>
                </div>
              </div>
            </>
          )}
          <h2>Sent on to the lead-tracking service</h2>
          <p>{lead.forwarding.text}</p>
          {lead.forwarding.waiting && (
            <Form method="post">
              <input type="hidden" name="csrf" value={csrf} />
              <button type="submit" name="intent" value="forward" className="button button--quiet" disabled={busy}>
                Retry now
              </button>
            </Form>
          )}
        </div>
        <div>
          <h2>Work</h2>
          <h3>Follow-up</h3>
          <p>{lead.followUp ? `Next follow-up: ${lead.followUp.text}.` : "No follow-up set."}</p>
          <Form method="post" className="staff-form staff-form--inline">
            <input type="hidden" name="csrf" value={csrf} />
            <label htmlFor="lead-follow-up-day">Day</label>
            <input id="lead-follow-up-day" name="followUpDay" type="date" required defaultValue={lead.followUp?.date ?? ""} />
            <label htmlFor="lead-follow-up-time">Time</label>
            <input id="lead-follow-up-time" name="followUpTime" type="time" required defaultValue={lead.followUp?.time ?? "10:00"} />
            <button type="submit" name="intent" value="follow-up" className="button" disabled={busy}>
              Set follow-up
            </button>
          </Form>
          {confirmPast && (
            <Form method="post" className="staff-form staff-form--inline">
              <input type="hidden" name="csrf" value={csrf} />
              <input type="hidden" name="followUpDay" value={confirmPast.day} />
              <input type="hidden" name="followUpTime" value={confirmPast.time} />
              <input type="hidden" name="pastConfirmed" value="yes" />
              <button type="submit" name="intent" value="follow-up" className="button button--quiet" disabled={busy}>
                Set it for then anyway
              </button>
            </Form>
          )}
          {lead.followUp && (
            <Form method="post" className="staff-form staff-form--inline">
              <input type="hidden" name="csrf" value={csrf} />
              <button type="submit" name="intent" value="clear-follow-up" className="button button--quiet" disabled={busy}>
                Clear follow-up
              </button>
            </Form>
          )}
          <Form method="post" className="staff-form staff-form--inline">
            <input type="hidden" name="csrf" value={csrf} />
            <Choice
              id="lead-status"
              name="status"
              label="Status"
              defaultValue={lead.status}
              options={statuses.map((status) => ({ value: status, label: statusLabel(status) }))}
            />
            <label htmlFor="lead-lost-reason">If lost, why</label>
            <input id="lead-lost-reason" name="lostReason" defaultValue={lead.lostReason ?? ""} maxLength={200} />
            <button type="submit" name="intent" value="status" className="button" disabled={busy}>
              Save status
            </button>
          </Form>
          <Form method="post" className="staff-form staff-form--inline">
            <input type="hidden" name="csrf" value={csrf} />
            <Choice
              id="lead-assignee"
              name="assignee"
              label="Looked after by"
              none="Nobody yet"
              defaultValue={lead.assigneeId}
              options={assignable.map(({ id, name }) => ({ value: id, label: name }))}
            />
            <button type="submit" name="intent" value="assignee" className="button" disabled={busy}>
              Assign
            </button>
          </Form>
          {lead.assigneeId !== me && (
            <Form method="post" className="staff-form staff-form--inline">
              <input type="hidden" name="csrf" value={csrf} />
              <input type="hidden" name="assignee" value={me} />
              <button type="submit" name="intent" value="assignee" className="button button--quiet" disabled={busy}>
                Assign to me
              </button>
            </Form>
          )}
          <h3>Notes</h3>
          {lead.notes.length === 0 ? (
            <p>No notes yet.</p>
          ) : (
            <ul className="staff-notes">
              {lead.notes.map((note, i) => (
                <li key={i}>
                  <p>{note.text}</p>
                  <p className="staff-hint">
                    {note.by}, {note.when}
                  </p>
                </li>
              ))}
            </ul>
          )}
          <Form method="post" className="staff-form">
            <input type="hidden" name="csrf" value={csrf} />
            <label htmlFor="lead-note">Add a note</label>
            <textarea id="lead-note" name="note" rows={3} maxLength={2000} />
            <button type="submit" name="intent" value="note" className="button" disabled={busy}>
              Add note
            </button>
          </Form>
          {lead.sameContact.length > 0 && (
            <>
              <h3>Their other leads</h3>
              <p className="staff-hint">The same e-mail address or phone number.</p>
              <ul>
                {lead.sameContact.map((other) => (
                  <li key={other.id}>
                    <Link to={`/staff/leads/${other.id}`}>
                      {other.kindLabel} {other.reference}
                    </Link>
                    , {other.receivedText}
                    {other.vehicle && `, ${other.vehicle}`}, {statusLabel(other.status).toLowerCase()}
                  </li>
                ))}
              </ul>
            </>
          )}
          <h3>History</h3>
          <ol className="staff-history">
            <li>Received {lead.receivedText}</li>
            {lead.history.map((entry, i) => (
              <li key={i}>
                {entry.when}: {entry.text}
              </li>
            ))}
          </ol>
        </div>
      </div>
    </section>
  );
}

export { StaffErrorBoundary as ErrorBoundary } from "../../staff/StaffErrorBoundary";
