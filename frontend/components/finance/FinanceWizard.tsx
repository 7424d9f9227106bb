import { useEffect, useRef, useState, type FormEvent } from "react";
import { applicationFieldErrors, financeApplicationSchema } from "../../../domain/finance-application";
import { previousAddressesAsked, previousAddressesIn } from "../../../domain/address-history";
import { ADDRESS_STEP, APPLICATION_STEPS, stepOf, SUBMISSION_FAILED, SUBMITTED } from "./application-steps";
import { ApplicationFields, type ApplicationValues } from "./ApplicationFields";
import { PlanSummary, type FinancePlan } from "./PlanSummary";
import { PreviousAddresses } from "./PreviousAddresses";
import { CreditSearchReminder, FinancePrivacyNotice } from "./PrivacyNotice";

export interface VehicleForFinance {
  id: string;
  make: string;
  model: string;
  registration?: string;
  mileage?: number;
}

interface FinanceWizardProps {
  vehicle: VehicleForFinance;
  plan: FinancePlan;
  open: boolean;
  onClose(): void;
  /** `vehicleInStock` is false when the vehicle was sold while the application was filled in. */
  onSubmitted(reference: string, vehicleInStock: boolean): void;
}

/**
 * The finance application in a modal dialog: seven steps, Next only, Submit on the last.
 * Each step is checked with the same schema the server uses before moving on; closing the
 * dialog (Escape included) keeps everything typed for when it is opened again.
 */
export default function FinanceWizard({ vehicle, plan, open, onClose, onSubmitted }: FinanceWizardProps) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const [values, setValues] = useState<ApplicationValues>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [step, setStep] = useState(0);
  const [sending, setSending] = useState(false);
  /** Why the last submission was not taken, in words for the applicant. */
  const [failure, setFailure] = useState<string>();
  // One key per application, so a retried submission cannot be stored twice.
  const idempotencyKey = useRef(crypto.randomUUID());
  const isLast = step === APPLICATION_STEPS.length - 1;
  // Asked as the time at each address is given, until three years are covered.
  const previousAsked = previousAddressesAsked(values, 0);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && !dialog?.open) dialog?.showModal();
    if (!open && dialog?.open) dialog.close();
  }, [open]);

  useEffect(() => {
    if (open) headingRef.current?.focus();
  }, [step, open]);

  const previousAddresses = previousAddressesIn(values, previousAsked);
  const application = () => ({
    ...Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined && value.trim() !== "")),
    ...(previousAddresses.length > 0 ? { previousAddresses } : {}),
    deposit: plan.deposit,
    termMonths: plan.termMonths,
    vehicleId: vehicle.id,
    vehicleDetails: { make: vehicle.make, model: vehicle.model, registration: vehicle.registration, mileage: vehicle.mileage },
  });

  /** Shows the problems, on the step of the first of them, and puts the cursor there. */
  const showProblems = (problems: Record<string, string>) => {
    const [first] = Object.keys(problems);
    const firstStep = first === undefined ? -1 : stepOf(first);
    // A problem with no field to show it by (the vehicle just sold, say) is said on its own.
    if (firstStep < 0) return setFailure(first === undefined ? SUBMISSION_FAILED : problems[first]);
    setErrors(problems);
    if (firstStep !== step) setStep(firstStep);
    requestAnimationFrame(() => document.getElementById(`application-${first}`)?.focus());
  };

  const next = (event: FormEvent) => {
    event.preventDefault();
    const parsed = financeApplicationSchema.safeParse(application());
    const problems = parsed.success ? {} : applicationFieldErrors(parsed.error);
    const onThisStep = Object.fromEntries(Object.entries(problems).filter(([field]) => stepOf(field) === step));
    if (Object.keys(onThisStep).length > 0) return showProblems(onThisStep);
    setErrors({});
    setStep(step + 1);
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = financeApplicationSchema.safeParse(application());
    if (!parsed.success) return showProblems(applicationFieldErrors(parsed.error));
    setSending(true);
    setFailure(undefined);
    try {
      const response = await fetch("/api/finance-application", {
        method: "POST",
        headers: { "Content-Type": "application/json", "Idempotency-Key": idempotencyKey.current },
        body: JSON.stringify(parsed.data),
      });
      if (response.status === 400) {
        const { error } = (await response.json()) as { error: { field?: string; message: string; fields?: Record<string, string> } };
        return showProblems(error.fields ?? (error.field ? { [error.field]: error.message } : {}));
      }
      if (!response.ok) throw new Error(`The application was not accepted (${response.status})`);
      const { reference, vehicleInStock } = (await response.json()) as { reference: string; vehicleInStock?: boolean };
      window.alert(SUBMITTED);
      setValues({});
      setErrors({});
      setStep(0);
      idempotencyKey.current = crypto.randomUUID();
      onSubmitted(reference, vehicleInStock !== false);
    } catch {
      setFailure(SUBMISSION_FAILED);
      window.alert(SUBMISSION_FAILED);
    } finally {
      setSending(false);
    }
  };

  const change = (name: string, value: string) => setValues((current) => ({ ...current, [name]: value }));
  const { title, fields } = APPLICATION_STEPS[step]!;
  return (
    <dialog ref={dialogRef} className="finance-dialog" aria-labelledby="finance-step-title" onClose={onClose}>
      <form noValidate onSubmit={isLast ? submit : next}>
        <div className="finance-dialog__header">
          <p>
            Finance for the {vehicle.make} {vehicle.model}
          </p>
          <button
            type="button"
            className="finance-dialog__close"
            aria-label="Close the application"
            onClick={() => dialogRef.current?.close()}
          >
            ×
          </button>
        </div>
        <div className="finance-dialog__body">
          <p className="finance-dialog__progress">
            Step {step + 1} of {APPLICATION_STEPS.length}
          </p>
          <h2 id="finance-step-title" ref={headingRef} tabIndex={-1}>
            {title}
          </h2>
          <ApplicationFields fields={fields} values={values} errors={errors} onChange={change} />
          {step === ADDRESS_STEP && <PreviousAddresses asked={previousAsked} values={values} errors={errors} onChange={change} />}
          {/* After the step's own question, so its choices are not pushed beneath the sticky Next button. */}
          {step === 0 && <PlanSummary plan={plan} />}
          {step === 0 && <FinancePrivacyNotice />}
          {isLast && <CreditSearchReminder />}
          {failure && (
            <p className="application-field__error" role="alert">
              {failure}
            </p>
          )}
        </div>
        <div className="finance-dialog__footer">
          <button type="submit" className="button" disabled={sending}>
            {isLast ? (sending ? "Submitting…" : "Submit") : "Next"}
          </button>
        </div>
      </form>
    </dialog>
  );
}
