import { useEffect, useState, type ReactNode, type RefObject } from "react";
import { pressOnSpace } from "./LinkButton";
import { useHydrated } from "./use-hydrated";

interface FragmentButtonProps {
  /** Where the control leads without JavaScript: a fragment that CSS answers (#filters, #menu). */
  href: `#${string}`;
  onActivate(): void;
  className?: string;
  "aria-label"?: string;
  children: ReactNode;
}

/**
 * A control that is a link to a part of the page until the page runs (CSS then shows the
 * dialog the link names), and a button from then on: announced as one, pressed with Space
 * or Enter, and doing its job in script instead of following the link.
 */
export function FragmentButton({ href, onActivate, children, ...rest }: FragmentButtonProps & ButtonAria) {
  const hydrated = useHydrated();
  return (
    <a
      href={href}
      {...(hydrated ? { role: "button", ...rest } : { className: rest.className, "aria-label": rest["aria-label"] })}
      onClick={(event) => {
        event.preventDefault();
        onActivate();
      }}
      onKeyDown={pressOnSpace}
    >
      {children}
    </a>
  );
}

interface ButtonAria {
  "aria-haspopup"?: "dialog";
  "aria-controls"?: string;
  "aria-expanded"?: boolean;
}

/** A button that opens a modal dialog, saying so, and whether it is open, to assistive technology. */
export function DialogOpener({ dialogRef, ...props }: FragmentButtonProps & { dialogRef: RefObject<HTMLDialogElement | null> }) {
  const open = useDialogOpen(dialogRef);
  return <FragmentButton {...props} aria-haspopup="dialog" aria-controls={dialogRef.current?.id} aria-expanded={open} />;
}

/** Whether the dialog is open, however it was opened or closed (its buttons, Escape, a script). */
export function useDialogOpen(dialogRef: RefObject<HTMLDialogElement | null>): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return;
    const observer = new MutationObserver(() => setOpen(dialog.open));
    observer.observe(dialog, { attributes: true, attributeFilter: ["open"] });
    return () => observer.disconnect();
  }, [dialogRef]);
  return open;
}
