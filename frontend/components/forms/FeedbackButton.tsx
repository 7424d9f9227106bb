import { useCallback, useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useLocation } from "react-router";
import { FEEDBACK_MAX_LENGTH } from "../../../domain/enquiry-wording";
import { LinkButton } from "../LinkButton";
import { ErrorSummary, Field, IN_PLACE_FIELD, prepareCheck, problemsIn, useFormInPlace, type FormOutcome } from "./form-parts";

export const FEEDBACK_THANKS = "Thank you for your feedback. We read every message.";
const FEEDBACK_FAILED = "Sorry, your feedback couldn't be sent just now. Please try again in a moment.";

interface FeedbackFormProps {
  /** The page the feedback is about. */
  page: string;
  /** What the /feedback page's action answered to a plain form post: the values and problems to show. */
  initial?: FormOutcome;
  /** Given, a Close button follows the thanks, to close the dialog the form is in. */
  onClose?: () => void;
  /** Told once the feedback is stored. */
  onSent?: () => void;
}

/**
 * The feedback form: the message and an optional address to reply to. With JavaScript it is
 * sent in place to /feedback and the thanks shown here; without, it is a plain form posted
 * to /feedback. The /feedback page and the footer's dialog both use it.
 */
export function FeedbackForm({ page, initial, onClose, onSent }: FeedbackFormProps) {
  const { fetcher, outcome, errors, values, setChecked, summaryRef } = useFormInPlace(initial);
  const id = useId();
  const doneRef = useRef<HTMLDivElement>(null);
  const sending = fetcher.state !== "idle";
  const done = fetcher.data?.ok === true;

  useEffect(() => {
    if (!done) return;
    doneRef.current?.focus();
    onSent?.();
  }, [done, onSent]);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const problems = await problemsIn("feedback", form);
    if (Object.keys(problems).length > 0) return setChecked(problems);
    setChecked(undefined);
    form.set(IN_PLACE_FIELD, "yes");
    // Feedback changes nothing the page shows, so its data is not fetched again.
    await fetcher.submit(form, { method: "post", action: "/feedback", defaultShouldRevalidate: false });
  };

  if (done) {
    return (
      <div className="feedback-form__done" role="status" tabIndex={-1} ref={doneRef}>
        <p className="notice notice--done">{FEEDBACK_THANKS}</p>
        {onClose && (
          <button type="button" className="button button--quiet" onClick={onClose}>
            Close
          </button>
        )}
      </div>
    );
  }
  const fieldId = (field: string) => `${id}-${field}`;
  return (
    <form method="post" action="/feedback" noValidate onSubmit={submit} onFocus={prepareCheck} className="feedback-form">
      <ErrorSummary errors={errors} idOf={fieldId} ref={summaryRef} />
      {outcome && "failed" in outcome && (
        <p className="application-field__error" role="alert">
          {FEEDBACK_FAILED}
        </p>
      )}
      <input type="hidden" name="page" value={values.page ?? page} />
      <Field
        id={fieldId("message")}
        name="message"
        label="Your feedback"
        hint="What worked, what didn't, or what you couldn't find. Please don't include card or bank details."
        multiline
        maxLength={FEEDBACK_MAX_LENGTH}
        defaultValue={values.message}
        error={errors.message}
      />
      <Field
        id={fieldId("email")}
        name="email"
        type="email"
        autoComplete="email"
        label="Your email address"
        optional
        hint="Only if you would like a reply."
        defaultValue={values.email}
        error={errors.email}
      />
      <button type="submit" className="button" disabled={sending}>
        {sending ? "Sending…" : "Send feedback"}
      </button>
    </form>
  );
}

/**
 * The footer's "Feedback" button: it opens the feedback form in a modal dialog about the
 * page the visitor is on. Without JavaScript it is a link to the /feedback page, and pages
 * carry no hidden form: the dialog is only built once asked for.
 */
export function FeedbackButton() {
  const { pathname } = useLocation();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const id = useId();
  // Built at the first click and kept after, so closing the dialog keeps what was typed.
  const [wanted, setWanted] = useState(false);
  const [open, setOpen] = useState(false);
  // A new form each time the dialog opens after a send, so the next feedback starts afresh.
  const [round, setRound] = useState(0);
  const [sent, setSent] = useState(false);
  const markSent = useCallback(() => setSent(true), []);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!open || !dialog || dialog.open) return;
    dialog.showModal();
    // Straight to the message, rather than the close button the dialog would focus first.
    dialog.querySelector("textarea")?.focus();
  }, [open]);

  const close = () => dialogRef.current?.close();
  return (
    <>
      <LinkButton
        to={`/feedback?from=${encodeURIComponent(pathname)}`}
        className="button button--quiet feedback-button"
        aria-haspopup="dialog"
        onClick={(event) => {
          event.preventDefault();
          if (sent) {
            setSent(false);
            setRound(round + 1);
          }
          setWanted(true);
          setOpen(true);
        }}
      >
        Feedback
      </LinkButton>
      {wanted && (
        <dialog ref={dialogRef} className="feedback-dialog" aria-labelledby={`${id}-title`} onClose={() => setOpen(false)}>
          <div className="feedback-dialog__header">
            <h2 id={`${id}-title`}>Send us feedback</h2>
            <button type="button" className="feedback-dialog__close" aria-label="Close feedback" onClick={close}>
              ×
            </button>
          </div>
          <div className="feedback-dialog__body">
            <FeedbackForm key={round} page={pathname} onClose={close} onSent={markSent} />
          </div>
        </dialog>
      )}
    </>
  );
}
