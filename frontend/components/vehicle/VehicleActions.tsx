import { lazy, Suspense, useState } from "react";
import { Link } from "react-router";
import { LinkButton } from "../LinkButton";
import { PhoneLink } from "../PhoneLink";
import { ContactBar } from "./ContactBar";
import { VEHICLE_DIALOG_LEAD_KINDS, type VehicleDialogLeadKind } from "../../../domain/lead-kinds";
import { LEAD_FORMS, leadFormPath, type LeadFormVehicle } from "./lead-forms";

/** The forms are fetched when first asked for (one module for all three); if that fails, the form's own page opens instead. */
const DIALOGS = Object.fromEntries(
  VEHICLE_DIALOG_LEAD_KINDS.map((kind) => [
    kind,
    lazy(() =>
      import("./LeadDialog").catch((error: unknown) => {
        window.location.assign(`${window.location.pathname.replace(/\/$/, "")}/${LEAD_FORMS[kind].slug}`);
        throw error;
      }),
    ),
  ]),
) as Record<VehicleDialogLeadKind, ReturnType<typeof lazy<typeof import("./LeadDialog").default>>>;

/**
 * Every way to ask about the vehicle: enquire, book a test drive, ask for a call back (each
 * a dialog, or a page of its own without JavaScript), part-exchange, call and message; on a
 * phone, Call and Enquire are also kept at the foot of the screen.
 */
export function VehicleActions({ vehicle, messageHref }: { vehicle: LeadFormVehicle; messageHref: string }) {
  // Each form is built when first opened and kept, so closing it keeps what was typed.
  const [opened, setOpened] = useState<readonly VehicleDialogLeadKind[]>([]);
  const [open, setOpen] = useState<VehicleDialogLeadKind>();
  const openForm = (kind: VehicleDialogLeadKind) => {
    setOpened((kinds) => (kinds.includes(kind) ? kinds : [...kinds, kind]));
    setOpen(kind);
  };
  return (
    <section className="vehicle-actions" aria-label="Ask about this vehicle">
      <ul className="vehicle-actions__list">
        {VEHICLE_DIALOG_LEAD_KINDS.map((kind) => (
          <li key={kind}>
            <LinkButton
              to={leadFormPath(vehicle.id, kind)}
              className="button button--quiet"
              aria-haspopup="dialog"
              onClick={(event) => {
                event.preventDefault();
                openForm(kind);
              }}
            >
              {LEAD_FORMS[kind].title}
            </LinkButton>
          </li>
        ))}
        <li>
          <Link to={`/part-exchange?vehicle=${encodeURIComponent(vehicle.id)}`} className="button button--quiet">
            Part-exchange your vehicle
          </Link>
        </li>
        <li>
          <PhoneLink className="button button--quiet">Call us</PhoneLink>
        </li>
        <li>
          <a href={messageHref} className="button button--quiet">
            Message us
          </a>
        </li>
      </ul>
      <ContactBar enquiryPath={leadFormPath(vehicle.id, "enquiry")} onEnquire={() => openForm("enquiry")} />
      {opened.map((kind) => {
        const LeadDialog = DIALOGS[kind];
        return (
          <Suspense key={kind} fallback={kind === open && <p role="status">Opening the form…</p>}>
            <LeadDialog
              kind={kind}
              vehicle={vehicle}
              open={open === kind}
              onClose={() => setOpen((current) => (current === kind ? undefined : current))}
            />
          </Suspense>
        );
      })}
    </section>
  );
}
