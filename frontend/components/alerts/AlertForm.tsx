import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useFetcher, useLocation } from "react-router";
import {
  ALERT_FREQUENCIES,
  describeSearch,
  PRICE_ALERT_CONSENT,
  savedQueryOf,
  SEARCH_ALERT_CONSENT,
  type AlertFrequency,
} from "../../../domain/search-alerts";
import type { SearchRequest } from "../../../domain/search-request";
import type { VehicleType } from "../../../domain/vehicle-types";
import { Choices, ErrorSummary, Field, IN_PLACE_FIELD, SendFailed, type FormErrors } from "../forms/form-parts";
import type { FilterOptions } from "../search/offered-filters";
import { SAVE_ALERT_ACTION, type AlertSaveOutcome } from "./alert-outcome";

interface AlertFormProps {
  type: VehicleType;
  /**
   * The search saved (its words, filters and sort) with its options, to say it in words; or
   * its query string as its own page was given it, with the words the server found for it.
   */
  search: { shown: SearchRequest; options: FilterOptions } | { query: string; description?: string };
  /** A vehicle watched for a price drop, instead of a search. */
  vehicleId?: string;
  submitLabel: string;
  /** What a plain form post (no JavaScript) was answered with, on the /alerts page: the values and problems to show. */
  initial?: AlertSaveOutcome;
  /** Puts the address field in focus when shown: the form was opened in place by a button. */
  focusFirst?: boolean;
}

/**
 * The search in words, the e-mail address, how often (for a search), the words agreed to,
 * and the button: sent in place to /alerts with JavaScript, the outcome shown here; a plain
 * form without, whose page shows the outcome. Nothing is sent but a confirmation link until
 * the buyer follows it. Pages show it through LazyAlertForm.
 */
export function AlertForm({ type, search: saved, vehicleId, submitLabel, initial, focusFirst }: AlertFormProps) {
  const query = "query" in saved ? saved.query : savedQueryOf(saved.shown);
  const fetcher = useFetcher<AlertSaveOutcome>();
  const { pathname, search } = useLocation();
  const id = useId();
  const [checked, setChecked] = useState<FormErrors>();
  const summaryRef = useRef<HTMLDivElement>(null);
  const doneRef = useRef<HTMLParagraphElement>(null);
  const outcome = fetcher.data ?? initial;
  const errors: FormErrors = checked ?? (outcome && "errors" in outcome ? outcome.errors : {});
  const values = outcome && !outcome.ok ? (outcome.values ?? {}) : {};
  const sending = fetcher.state !== "idle";

  const formRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (focusFirst) formRef.current?.querySelector<HTMLInputElement>("input[name=email]")?.focus();
  }, [focusFirst]);
  useEffect(() => {
    if (fetcher.data?.ok) doneRef.current?.focus();
    else summaryRef.current?.focus();
  }, [checked, fetcher.data]);

  if (outcome?.ok) {
    return (
      <p className="notice notice--done alert-form__done" role="status" tabIndex={-1} ref={doneRef}>
        {outcome.confirmationSent
          ? "Check your e-mail: we've sent you a link to confirm. Nothing else is sent until you follow it."
          : "We can't send another e-mail to that address today. Please try again tomorrow."}
      </p>
    );
  }

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const problems = await problemsIn(form);
    if (Object.keys(problems).length > 0) return setChecked(problems);
    setChecked(undefined);
    form.set(IN_PLACE_FIELD, "yes");
    // Saving a search changes nothing the page shows, so its data is not fetched again.
    await fetcher.submit(form, { method: "post", action: SAVE_ALERT_ACTION, defaultShouldRevalidate: false });
  };
  const fieldId = (field: string) => `${id}-${field}`;
  return (
    <form ref={formRef} method="post" action={SAVE_ALERT_ACTION} noValidate onSubmit={submit} className="alert-form">
      {("shown" in saved || saved.description) && (
        <p className="alert-form__what">
          <span className="visually-hidden">{vehicleId ? "The vehicle: " : "Your search: "}</span>
          {"shown" in saved ? describeSearch(type, saved.shown, saved.options) : saved.description}
        </p>
      )}
      <ErrorSummary errors={errors} idOf={fieldId} ref={summaryRef} />
      {outcome && "failed" in outcome && <SendFailed />}
      <input type="hidden" name="type" value={type} />
      <input type="hidden" name="query" value={query} />
      {vehicleId && <input type="hidden" name="vehicleId" value={vehicleId} />}
      <input type="hidden" name="page" value={values.page ?? `${pathname}${search}`} />
      <Field
        id={fieldId("email")}
        name="email"
        label="Email address"
        type="email"
        autoComplete="email"
        defaultValue={values.email}
        error={errors.email}
      />
      {!vehicleId && (
        <Choices
          id={fieldId("frequency")}
          name="frequency"
          legend="Email me"
          options={ALERT_FREQUENCIES}
          error={errors.frequency}
          defaultValue={(values.frequency as AlertFrequency | undefined) ?? "immediate"}
        />
      )}
      <p className="alert-form__consent">{vehicleId ? PRICE_ALERT_CONSENT : SEARCH_ALERT_CONSENT}</p>
      <button type="submit" className="button" disabled={sending}>
        {sending ? "Saving…" : submitLabel}
      </button>
    </form>
  );
}

/** The problems the server would find, checked with its schema, fetched (with zod) only when a form is sent; the server checks alone if it cannot be. */
async function problemsIn(form: FormData): Promise<FormErrors> {
  try {
    const { saveAlertSchema } = await import("../../../domain/search-alert-form");
    const parsed = saveAlertSchema.safeParse(Object.fromEntries([...form.entries()].filter(([, value]) => value !== "")));
    if (parsed.success) return {};
    const problems: FormErrors = {};
    for (const issue of parsed.error.issues) problems[String(issue.path[0])] ??= issue.message;
    return problems;
  } catch {
    return {};
  }
}
