import type { ReactNode, Ref } from "react";
import { data } from "react-router";

/**
 * What the small forms (newsletter, feedback, part exchange) share: their fields, the error
 * summary, the outcome an action answers, and the check in the browser with the schema the
 * server uses.
 */

/**
 * The form a page's action was posted, for every action that takes one. A body that is not
 * a form (a broken upload, JSON sent to a page) is the sender's mistake: a 400 page, not a 500.
 */
export async function postedForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("That form could not be read. Please go back to the page and send it again.", { status: 400 });
  }
}

export type FormValues = Partial<Record<string, string>>;
export type FormErrors = Partial<Record<string, string>>;

/** What a form's action answers: stored, or sent back with what to fix; `failed` when it could not be reached. */
export type FormOutcome = { ok: true } | { ok: false; values: FormValues; errors: FormErrors } | { ok: false; failed: true };

/**
 * Marks a submission made in place by script: its action answers with data. A plain form post
 * (no JavaScript) is answered with a redirect instead, so refreshing the confirmation page
 * does not send the form again.
 */
export const IN_PLACE_FIELD = "inPlace";

export type FormKind = "newsletter" | "feedback" | "partExchange";

/** What was typed, as the action gets it: blank fields left out, as the schema expects. */
export function formValues(form: FormData): Record<string, string> {
  return Object.fromEntries(
    [...form.entries()].filter(
      (entry): entry is [string, string] => entry[0] !== IN_PLACE_FIELD && typeof entry[1] === "string" && entry[1].trim() !== "",
    ),
  );
}

/**
 * The problems the server would find, checked in the browser first. The schemas (and zod)
 * are fetched only when a form is used, so pages that merely show a form stay light; if they
 * cannot be fetched the server checks alone.
 */
export async function problemsIn(kind: FormKind, form: FormData): Promise<FormErrors> {
  let schemas: typeof import("../../../domain/enquiries");
  let fields: typeof import("../../../domain/form-fields");
  try {
    [schemas, fields] = await Promise.all([import("../../../domain/enquiries"), import("../../../domain/form-fields")]);
  } catch {
    return {};
  }
  const schema = { newsletter: schemas.newsletterSignUpSchema, feedback: schemas.feedbackSchema, partExchange: schemas.partExchangeSchema }[kind];
  const parsed = schema.safeParse(formValues(form));
  return parsed.success ? {} : fields.fieldErrors(parsed.error);
}

/** Starts fetching the schemas as soon as a form is touched, so the check on submit is instant. */
export function prepareCheck(): void {
  void import("../../../domain/enquiries").catch(() => undefined);
}

interface FieldProps {
  id: string;
  name: string;
  label: ReactNode;
  error?: string;
  hint?: string;
  optional?: boolean;
  defaultValue?: string;
  type?: "text" | "email" | "tel" | "password" | "date" | "search";
  autoComplete?: string;
  inputMode?: "numeric";
  multiline?: boolean;
  maxLength?: number;
  className?: string;
}

/** A label, any hint, the control, and the problem with it right beside it, tied together for screen readers. */
export function Field({ id, name, label, error, hint, optional, defaultValue, type = "text", autoComplete, inputMode, multiline, maxLength, className }: FieldProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  const common = {
    id,
    name,
    defaultValue,
    autoComplete,
    maxLength,
    "aria-invalid": error ? true : undefined,
    "aria-describedby": described,
  } as const;
  return (
    <div className={["application-field", className].filter(Boolean).join(" ")}>
      <label htmlFor={id}>
        {label}
        {optional && <span className="application-field__optional"> (optional)</span>}
      </label>
      {hint && (
        <p id={`${id}-hint`} className="application-field__hint">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
      {multiline ? <textarea {...common} rows={6} /> : <input {...common} type={type} inputMode={inputMode} />}
    </div>
  );
}

export function FieldError({ id, message }: { id: string; message: string }) {
  return (
    <p id={id} className="application-field__error">
      <span className="visually-hidden">Error: </span>
      {message}
    </p>
  );
}

/** Every problem at the top of the form, each a link to its field; focused when shown, so it is read out first. */
export function ErrorSummary({ errors, idOf, ref }: { errors: FormErrors; idOf: (field: string) => string; ref?: Ref<HTMLDivElement> }) {
  const problems = Object.entries(errors).filter((entry): entry is [string, string] => entry[1] !== undefined);
  if (problems.length === 0) return null;
  return (
    <div className="error-summary forms-error-summary" role="alert" tabIndex={-1} ref={ref}>
      <h2 className="forms-error-summary__title">Please check {problems.length === 1 ? "one answer" : `${problems.length} answers`}</h2>
      <ul>
        {problems.map(([field, message]) => (
          <li key={field}>
            <a href={`#${idOf(field)}`}>{message}</a>
          </li>
        ))}
      </ul>
    </div>
  );
}
