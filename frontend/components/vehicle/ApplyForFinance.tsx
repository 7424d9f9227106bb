import { lazy, Suspense, useState } from "react";
import { LinkButton } from "../LinkButton";
import type { VehicleForFinance } from "../finance/FinanceWizard";

/**
 * The application is fetched only when asked for, since it carries the form validator. If
 * that download fails, the one-page form (which needs no script) opens instead.
 */
const FinanceWizard = lazy(() =>
  import("../finance/FinanceWizard").catch((error: unknown) => {
    window.location.assign(window.location.pathname.replace(/\/?$/, "/finance"));
    throw error;
  }),
);

export function ApplyForFinance({ vehicle }: { vehicle: VehicleForFinance }) {
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  const [reference, setReference] = useState<string>();
  return (
    <>
      <LinkButton
        to={`/vehicles/${vehicle.id}/finance`}
        className="button button--large"
        onClick={(event) => {
          event.preventDefault();
          setWanted(true);
          setOpen(true);
        }}
      >
        Apply for finance
      </LinkButton>
      {reference && (
        <p className="notice notice--done" role="status">
          Application submitted! Your reference is {reference}. We will be in touch soon.
        </p>
      )}
      {/* Kept once opened, so closing the dialog keeps everything typed. */}
      {wanted && (
        <Suspense fallback={<p role="status">Opening the application…</p>}>
          <FinanceWizard
            vehicle={vehicle}
            open={open}
            onClose={() => setOpen(false)}
            onSubmitted={(submitted) => {
              setOpen(false);
              setReference(submitted);
            }}
          />
        </Suspense>
      )}
    </>
  );
}
