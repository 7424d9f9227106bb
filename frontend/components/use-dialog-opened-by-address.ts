import { useEffect, useState, type RefObject } from "react";

/**
 * For a dialog that opens through its address without JavaScript (#menu, #filter-price),
 * shown by CSS while the address names it or something in it. Once the page has started it
 * must be a real dialog, or its close button, which then calls close(), would leave it on
 * show: so it is marked data-enhanced, which CSS stops showing through the address, and if
 * the address names it (a link tapped while the page was starting) `open` opens it, as its
 * button would, and only then marked, so it never disappears in between. Returns whether
 * the dialog is marked: false on the server and until the page has started.
 */
export function useDialogOpenedByAddress(dialogRef: RefObject<HTMLDialogElement | null>, open: (target: Element) => void): boolean {
  const [enhanced, setEnhanced] = useState(false);
  useEffect(() => {
    // The dialogs' ids are plain ASCII, so the fragment is compared as written: decoding a
    // malformed one (#%E0) would throw.
    const id = window.location.hash.slice(1);
    const target = id ? document.getElementById(id) : null;
    if (!target || !dialogRef.current?.contains(target)) {
      setEnhanced(true);
      return;
    }
    // At its first frame the browser takes focus away for the address's fragment, so a field
    // focused before it would lose it: open just after that frame.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timer = setTimeout(() => {
        open(target);
        setEnhanced(true);
      });
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
    };
    // Once, for the address the page started with; after that the buttons open it.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  return enhanced;
}
