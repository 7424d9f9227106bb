import { useEffect, useMemo, useRef } from "react";
import { LEAD_KINDS, type VehicleDialogLeadKind } from "../../../domain/lead-kinds";
import { scheduleOf, testDriveDays } from "../../../domain/opening-hours";
import { useDealer } from "../use-dealer";
import { LEAD_FORMS, type LeadFormVehicle } from "./lead-forms";
import { VehicleLeadForm } from "./VehicleLeadForm";

interface LeadDialogProps {
  kind: VehicleDialogLeadKind;
  vehicle: LeadFormVehicle;
  open: boolean;
  onClose(): void;
}

/**
 * One of the vehicle page's forms in a modal dialog, fetched when first asked for. Closing
 * it (Escape included) keeps what was typed for when it is opened again.
 */
export default function LeadDialog({ kind, vehicle, open, onClose }: LeadDialogProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const dealer = useDealer();
  // Worked out in the browser when the dialog opens: the bookable days move with the clock.
  const days = useMemo(() => (LEAD_KINDS[kind].booksTime ? testDriveDays(scheduleOf(dealer), new Date()) : []), [kind, dealer]);
  const titleId = `${kind}-dialog-title`;

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && !dialog?.open) {
      dialog?.showModal();
      dialog?.querySelector<HTMLInputElement>("input:not([type=hidden])")?.focus();
    }
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  return (
    <dialog ref={dialogRef} className="feedback-dialog lead-dialog" aria-labelledby={titleId} onClose={onClose}>
      <div className="feedback-dialog__header">
        <h2 id={titleId}>{LEAD_FORMS[kind].title}</h2>
        <button type="button" className="feedback-dialog__close" aria-label="Close" onClick={() => dialogRef.current?.close()}>
          ×
        </button>
      </div>
      <div className="feedback-dialog__body">
        <p className="lead-dialog__vehicle">
          {vehicle.make} {vehicle.model}
          {vehicle.registration ? `, ${vehicle.registration}` : ""}
        </p>
        <VehicleLeadForm kind={kind} vehicle={vehicle} days={days} />
      </div>
    </dialog>
  );
}
