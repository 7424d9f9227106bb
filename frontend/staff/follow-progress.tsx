import { useEffect } from "react";
import { useRevalidator } from "react-router";

/**
 * What a staff page showing work in the site's background (an import, a rebuild) does while
 * it runs: with JavaScript, asks the server for fresh data every second; without, reloads
 * itself through a refresh tag; either way offers a "Check again" link.
 */
export function useFollowWhile(working: boolean): void {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!working || state !== "idle") return;
    const timer = setTimeout(() => void revalidate(), 1000);
    return () => clearTimeout(timer);
  }, [working, state, revalidate]);
}

export function CheckAgain({ href }: { href: string }) {
  return (
    <>
      <noscript dangerouslySetInnerHTML={{ __html: '<meta http-equiv="refresh" content="2">' }} />
      <p>
        <a href={href}>Check again</a>
      </p>
    </>
  );
}
