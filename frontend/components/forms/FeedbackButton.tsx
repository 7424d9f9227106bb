import { useCallback, useEffect, useId, useRef, useState } from "react";
import { useLocation } from "react-router";
import { LinkButton } from "../LinkButton";
import { SiteLeadForm } from "./SiteLeadForm";

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
            <SiteLeadForm key={round} kind="feedback" page={pathname} onClose={close} onSent={markSent} />
          </div>
        </dialog>
      )}
    </>
  );
}
