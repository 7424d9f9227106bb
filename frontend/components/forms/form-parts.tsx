import { useEffect, useRef, useState, type FormEvent, type ReactNode, type Ref } from "react";
import { data, useFetcher } from "react-router";
import { LEAD_KINDS, type LeadCheck, type LeadKindName } from "../../../domain/lead-kinds";
import type { HoursSource, Schedule } from "../../../domain/opening-hours";

/**
 * What the site's forms (newsletter, feedback, part exchange, and the vehicle page's
 * enquiry, test drive and call back) share: their fields, the error summary, the outcome an
 * action answers, and the check in the browser with the schema the server uses.
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

/**
 * What a lead form's action answers (post-lead.server.ts): stored, with the reference to quote
 * and whether the vehicle it is about was still in stock; or sent back with what to fix; or
 * `failed`, with what was typed, when the store could not take it or the server could not be
 * reached.
 */
export type LeadPostOutcome =
  | { ok: true; reference: string; vehicleInStock: boolean }
  | { ok: false; values: FormValues; errors: FormErrors }
  | { ok: false; failed: true; values?: FormValues };

/**
 * What a lead form sent in place keeps: the fetcher that sends it, its action's answer (or,
 * after a plain post without JavaScript, the page's own, `initial`), the problems found in the
 * browser or by the server, what was typed, and the error summary, focused whenever problems
 * are shown so they are read out first. `submit` checks the form with its kind's schema
 * (with the showroom's `hours` for a kind that books a time) and sends it in place to
 * `action`; `prepare` starts fetching the schema as soon as the form is touched.
 */
export function useFormInPlace<O extends object>(kind: LeadKindName, action: string, initial?: O, hours?: HoursSource) {
  const fetcher = useFetcher<O>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const [checked, setChecked] = useState<FormErrors>();
  const outcome = fetcher.data ?? initial;
  const errors: FormErrors = checked ?? (outcome && "errors" in outcome ? (outcome.errors as FormErrors) : {});
  const values: FormValues = initial && "values" in initial ? (initial.values as FormValues) : {};
  useEffect(() => {
    summaryRef.current?.focus();
  }, [checked, fetcher.data]);
  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const problems = await problemsIn(kind, form, hours);
    if (Object.keys(problems).length > 0) return setChecked(problems);
    setChecked(undefined);
    form.set(IN_PLACE_FIELD, "yes");
    // A lead changes nothing the page it is sent from shows, so that page's data is not fetched again.
    await fetcher.submit(form, { method: "post", action, defaultShouldRevalidate: false });
  };
  const prepare = () => prepareCheck(kind);
  return { fetcher, outcome, errors, values, setChecked, summaryRef, submit, prepare };
}

/**
 * Marks a submission made in place by script: its action answers with data. A plain form post
 * (no JavaScript) is answered with a redirect instead, so refreshing the confirmation page
 * does not send the form again.
 */
export const IN_PLACE_FIELD = "inPlace";

/** The name a form gives its submission, so that sending it twice (a double click, a refresh) stores it once. */
export const IDEMPOTENCY_FIELD = "idempotencyKey";

/** What was typed, as the action gets it: blank fields left out, as the schema expects. */
export function formValues(form: FormData): Record<string, string> {
  return Object.fromEntries(
    [...form.entries()].filter(
      (entry): entry is [string, string] =>
        entry[0] !== IN_PLACE_FIELD && entry[0] !== IDEMPOTENCY_FIELD && typeof entry[1] === "string" && entry[1].trim() !== "",
    ),
  );
}

/** The hours a kind that books no time is checked with: it never reads them. */
const NO_HOURS: Schedule = { week: [], closedOn: new Set() };

/**
 * The problems the server would find, checked in the browser first with the kind's own
 * schema (domain/lead-kinds.ts). The schemas (and zod) are fetched only when a form is used,
 * so pages that merely show a form stay light; if they cannot be fetched the server checks
 * alone. A kind that books a time is checked against the showroom's hours, `hours`.
 */
export async function problemsIn(kind: LeadKindName, form: FormData, hours?: HoursSource): Promise<FormErrors> {
  let check: LeadCheck;
  try {
    const { booksTime } = LEAD_KINDS[kind];
    const schedule = booksTime ? (await import("../../../domain/opening-hours")).scheduleOf(hours ?? { openingHours: [] }) : NO_HOURS;
    check = await LEAD_KINDS[kind].check({ now: new Date(), schedule });
  } catch {
    return {};
  }
  const parsed = check.schema.safeParse(formValues(form));
  return parsed.success ? {} : check.problemsOf(parsed.error);
}

/** Starts fetching a kind's schema as soon as its form is touched, so the check on submit is instant. */
export function prepareCheck(kind: LeadKindName): void {
  void LEAD_KINDS[kind].check({ now: new Date(), schedule: NO_HOURS }).catch(() => undefined);
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
export function Field({
  id,
  name,
  label,
  error,
  hint,
  optional,
  defaultValue,
  type = "text",
  autoComplete,
  inputMode,
  multiline,
  maxLength,
  className,
}: FieldProps) {
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

interface ChoicesProps {
  id: string;
  name: string;
  legend: ReactNode;
  options: Readonly<Record<string, string>>;
  error?: string;
  hint?: string;
  defaultValue?: string;
}

/** A question answered by choosing one of a few options, as radio buttons. */
export function Choices({ id, name, legend, options, error, hint, defaultValue }: ChoicesProps) {
  const described = [hint && `${id}-hint`, error && `${id}-error`].filter(Boolean).join(" ") || undefined;
  return (
    // The group is what is wrong, not each option: ARIA gives radio buttons no aria-invalid, radio groups do.
    <fieldset
      className="application-field application-choice"
      role="radiogroup"
      aria-invalid={error ? true : undefined}
      aria-describedby={described}
    >
      <legend>{legend}</legend>
      {hint && (
        <p id={`${id}-hint`} className="application-field__hint">
          {hint}
        </p>
      )}
      {error && <FieldError id={`${id}-error`} message={error} />}
      <div className="application-choice__options">
        {Object.entries(options).map(([value, label], i) => (
          <label key={value} className="application-choice__option">
            <input type="radio" id={i === 0 ? id : undefined} name={name} value={value} defaultChecked={value === defaultValue} />
            {label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface SelectProps {
  id: string;
  name: string;
  label: ReactNode;
  /** Value and words of each option, after a first "Choose…" with no value. */
  options: readonly (readonly [string, string])[];
  error?: string;
  value?: string;
  defaultValue?: string;
  onChange?: (value: string) => void;
}

export function Select({ id, name, label, options, error, value, defaultValue, onChange }: SelectProps) {
  return (
    <div className="application-field">
      <label htmlFor={id}>{label}</label>
      {error && <FieldError id={`${id}-error`} message={error} />}
      <select
        id={id}
        name={name}
        {...(onChange ? { value: value ?? "", onChange: (event) => onChange(event.target.value) } : { defaultValue: defaultValue ?? "" })}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      >
        <option value="">Choose…</option>
        {options.map(([optionValue, words]) => (
          <option key={optionValue} value={optionValue}>
            {words}
          </option>
        ))}
      </select>
    </div>
  );
}

/** A tick box with its words beside it, and the problem above them. */
export function Checkbox({
  id,
  name,
  label,
  error,
  defaultChecked,
}: {
  id: string;
  name: string;
  label: ReactNode;
  error?: string;
  defaultChecked?: boolean;
}) {
  return (
    <div className="application-field">
      {error && <FieldError id={`${id}-error`} message={error} />}
      <label className="forms-checkbox">
        <input
          id={id}
          name={name}
          type="checkbox"
          value="yes"
          defaultChecked={defaultChecked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
        />
        <span>{label}</span>
      </label>
    </div>
  );
}

/**
 * Said where a form could not be sent (the server could not take it in time, or could not be
 * reached): what was typed is still in the form, to send again.
 */
export function SendFailed() {
  return (
    <p className="application-field__error" role="alert">
      Sorry, that couldn't be sent just now. Everything you typed is still here: please try again in a moment, or call us.
    </p>
  );
}
