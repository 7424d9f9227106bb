import { lazy, Suspense, useEffect, useRef, useState } from "react";
import { LinkButton } from "../LinkButton";
import { choiceQuery } from "../../../domain/finance-calculator";
import { financeNextStep } from "../finance/next-step";
import { leadReplyTimeOf, useDealer } from "../use-dealer";
import type { VehicleForFinance } from "../finance/FinanceWizard";
import type { FinancePlan } from "../finance/PlanSummary";

/**
 * The application is fetched only when asked for, since it carries the form validator. If
 * that download fails, the one-page form (which needs no script) opens instead.
 */
const FinanceWizard = lazy(() =>
  import("../finance/FinanceWizard").catch((error: unknown) => {
    window.location.assign(window.location.pathname.replace(/\/?$/, "/finance") + window.location.search);
    throw error;
  }),
);

/** The application opens with the deposit and term chosen in the calculator. */
export function ApplyForFinance({ vehicle, plan }: { vehicle: VehicleForFinance; plan: FinancePlan }) {
  const dealer = useDealer();
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [submitted, setSubmitted] = useState<{ reference: string; vehicleInStock: boolean }>();
  const confirmation = useRef<HTMLParagraphElement>(null);
  // Once the dialog has closed (handing focus back to its button), the confirmation takes focus, which
  // brings it into view and has it read out: on a phone it was drawn at the foot of the screen, unseen.
  useEffect(() => {
    if (!submitted) return;
    const frame = requestAnimationFrame(() => {
      confirmation.current?.focus();
      confirmation.current?.scrollIntoView({ block: "center" });
    });
    return () => cancelAnimationFrame(frame);
  }, [submitted]);
  return (
    <>
      <LinkButton
        to={`/vehicles/${vehicle.id}/finance${choiceQuery(plan)}`}
        className="button button--large"
        onClick={(event) => {
          event.preventDefault();
          setWanted(true);
          setOpen(true);
        }}
      >
        Apply for finance
      </LinkButton>
      {submitted && (
        <p ref={confirmation} tabIndex={-1} className="notice notice--done lead-form__done" role="status">
          Application submitted! Your reference is {submitted.reference}.{" "}
          {financeNextStep(vehicle, submitted.vehicleInStock, leadReplyTimeOf(dealer))}
        </p>
      )}
      {/* Kept once opened, so closing the dialog keeps everything typed. */}
      {wanted && (
        <Suspense fallback={<p role="status">Opening the application…</p>}>
          <FinanceWizard
            vehicle={vehicle}
            plan={plan}
            open={open}
            onClose={() => setOpen(false)}
            onSubmitted={(reference, vehicleInStock) => {
              setOpen(false);
              setSubmitted({ reference, vehicleInStock });
            }}
          />
        </Suspense>
      )}
    </>
  );
}
