import { useEffect, useId, useRef } from "react";
import { sitePageFormOf, sitePageOf, type SiteFormLeadKind } from "../../../domain/lead-kinds";
import { ErrorSummary, Field, useFormInPlace, type LeadPostOutcome } from "./form-parts";

interface SiteLeadFormProps {
  kind: SiteFormLeadKind;
  /** The page it is sent from (or about). */
  page: string;
  /** What its page's action answered to a plain form post: the values and problems to show. */
  initial?: LeadPostOutcome;
  /** Given, a Close button follows the thanks, to close the dialog the form is in. */
  onClose?: () => void;
  /** Told once the lead is stored. */
  onSent?: () => void;
}

/**
 * A form made from its kind's fields and words in domain/lead-kinds.ts (the feedback form,
 * and any kind added there with fields). With JavaScript it is checked with the server's
 * schema, sent in place to its kind's page (/feedback) and the thanks shown here; without,
 * it is a plain form posted there. Its page and any dialog (the footer's feedback button)
 * both use it.
 */
export function SiteLeadForm({ kind, page, initial, onClose, onSent }: SiteLeadFormProps) {
  const form = sitePageFormOf(kind);
  const action = sitePageOf(kind).path;
  const { fetcher, outcome, errors, values, summaryRef, submit, prepare } = useFormInPlace(kind, action, initial);
  const id = useId();
  const doneRef = useRef<HTMLDivElement>(null);
  const sending = fetcher.state !== "idle";
  const done = fetcher.data?.ok === true;

  useEffect(() => {
    if (!done) return;
    doneRef.current?.focus();
    onSent?.();
  }, [done, onSent]);

  if (done) {
    return (
      <div className="feedback-form__done" role="status" tabIndex={-1} ref={doneRef}>
        <p className="notice notice--done">{form.thanks}</p>
        {onClose && (
          <button type="button" className="button button--quiet" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    );
  }
  const fieldId = (field: string) => `${id}-${field}`;
  // The feedback form's look ("feedback-form") is every such form's.
  return (
    <form method="post" action={action} noValidate onSubmit={submit} onFocus={prepare} className="feedback-form">
      <ErrorSummary errors={errors} idOf={fieldId} ref={summaryRef} />
      {outcome && "failed" in outcome && (
        <p className="application-field__error" role="alert">
          {form.failed}
        </p>
      )}
      <input type="hidden" name={form.fromField} value={values[form.fromField] ?? page} />
      {(form.fields ?? []).map((field) => (
        <Field key={field.name} {...field} id={fieldId(field.name)} defaultValue={values[field.name]} error={errors[field.name]} />
      ))}
      <button type="submit" className="button" disabled={sending}>
        {sending ? form.sending : form.submit}
      </button>
    </form>
  );
}
