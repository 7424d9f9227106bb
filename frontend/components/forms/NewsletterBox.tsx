import { useEffect, useId, useRef } from "react";
import { useLocation } from "react-router";
import { NEWSLETTER_CONSENT } from "../../../domain/enquiry-wording";
import { sitePageFormOf, sitePageOf } from "../../../domain/lead-kinds";
import { ErrorSummary, FieldError, useFormInPlace, type LeadPostOutcome } from "./form-parts";

const { path: ACTION } = sitePageOf("newsletter");
const WORDS = sitePageFormOf("newsletter");

interface NewsletterBoxProps {
  heading?: string;
  /** What the /newsletter page's action answered to a plain form post: the values and problems to show. */
  initial?: LeadPostOutcome;
  /** The page it is signed up on; the current page unless the form was sent back from another. */
  source?: string;
}

/**
 * The newsletter sign-up: an address, the consent box and a button. With JavaScript it is
 * sent in place to /newsletter and the outcome shown here; without, it is a plain form
 * posted to /newsletter, whose page shows the outcome.
 */
export function NewsletterBox({ heading = "Get our offers by email", initial, source }: NewsletterBoxProps) {
  const { fetcher, outcome, errors, values, summaryRef, submit, prepare } = useFormInPlace("newsletter", ACTION, initial);
  const { pathname } = useLocation();
  const id = useId();
  const doneRef = useRef<HTMLParagraphElement>(null);
  const sending = fetcher.state !== "idle";
  const done = fetcher.data?.ok === true;

  useEffect(() => {
    if (done) doneRef.current?.focus();
  }, [done]);

  const fieldId = (field: string) => `${id}-${field}`;
  return (
    <section className="newsletter-box" aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className="newsletter-box__heading">
        {heading}
      </h2>
      {done ? (
        <p className="notice notice--done newsletter-box__done" role="status" tabIndex={-1} ref={doneRef}>
          {WORDS.thanks}
        </p>
      ) : (
        <form method="post" action={ACTION} noValidate onSubmit={submit} onFocus={prepare} className="newsletter-box__form">
          <ErrorSummary errors={errors} idOf={fieldId} ref={summaryRef} />
          {outcome && "failed" in outcome && (
            <p className="application-field__error" role="alert">
              {WORDS.failed}
            </p>
          )}
          <input type="hidden" name="source" value={values.source ?? source ?? pathname} />
          <div className="application-field newsletter-box__email">
            <label htmlFor={fieldId("email")}>Email address</label>
            {errors.email && <FieldError id={`${fieldId("email")}-error`} message={errors.email} />}
            <input
              id={fieldId("email")}
              name="email"
              type="email"
              autoComplete="email"
              defaultValue={values.email}
              aria-invalid={errors.email ? true : undefined}
              aria-describedby={errors.email ? `${fieldId("email")}-error` : undefined}
            />
          </div>
          <div className="newsletter-box__consent">
            {errors.consent && <FieldError id={`${fieldId("consent")}-error`} message={errors.consent} />}
            <label className="forms-checkbox">
              <input
                id={fieldId("consent")}
                name="consent"
                type="checkbox"
                value="yes"
                defaultChecked={values.consent === "yes"}
                aria-invalid={errors.consent ? true : undefined}
                aria-describedby={errors.consent ? `${fieldId("consent")}-error` : undefined}
              />
              <span>{NEWSLETTER_CONSENT}</span>
            </label>
          </div>
          <button type="submit" className="button" disabled={sending}>
            {sending ? WORDS.sending : WORDS.submit}
          </button>
        </form>
      )}
    </section>
  );
}
