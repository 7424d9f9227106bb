import { useEffect, useState } from "react";

/**
 * False on the server and in the first render in the browser, true once the page is
 * interactive: for showing what only works with JavaScript (tabs, say) without a
 * mismatch between the server's HTML and the first render.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}
