import { useEffect, useRef, useState } from "react";
import { BrowsedChange, movesChoice } from "./browsed-change";

/**
 * The search screen's changes, with those made by arrowing through a select held back until
 * the buyer pauses (see browsed-change.ts). Returns `change`, for every control, and `draft`,
 * the change waiting meanwhile, which the controls show in place of the search last asked for.
 * Keys are watched on the whole document, so no control needs to report them.
 */
export function useBrowsedChange<T>(apply: (value: T) => void): { draft: T | undefined; change(value: T): void } {
  const [draft, setDraft] = useState<T>();
  // Events and timers call the newest apply, which knows the page's current address.
  const latestApply = useRef(apply);
  useEffect(() => {
    latestApply.current = apply;
  });
  const [pending] = useState(() => new BrowsedChange<T>((value) => latestApply.current(value), setDraft));
  const movingKeyHeld = useRef(false);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const onSelect = event.target instanceof HTMLSelectElement;
      movingKeyHeld.current = onSelect && movesChoice(event.key);
      if (onSelect && event.key === "Enter") pending.flush();
    };
    const onKeyUp = () => {
      movingKeyHeld.current = false;
    };
    // Leaving the select (Tab, a click elsewhere, the dialog closing) settles on what it shows.
    const onFocusOut = (event: FocusEvent) => {
      if (event.target instanceof HTMLSelectElement) pending.flush();
    };
    document.addEventListener("keydown", onKeyDown, true);
    document.addEventListener("keyup", onKeyUp, true);
    document.addEventListener("focusout", onFocusOut, true);
    return () => {
      document.removeEventListener("keydown", onKeyDown, true);
      document.removeEventListener("keyup", onKeyUp, true);
      document.removeEventListener("focusout", onFocusOut, true);
      pending.cancel();
    };
  }, [pending]);

  return { draft, change: (value) => pending.propose(value, movingKeyHeld.current) };
}
