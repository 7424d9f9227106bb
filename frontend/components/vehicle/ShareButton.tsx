import { useState } from "react";
import { useHydrated } from "../use-hydrated";

/**
 * Shares the page through the phone's own share sheet where the browser has one (Web
 * Share), or else copies its address. It needs JavaScript, so it appears only once the
 * page runs.
 */
export function ShareButton({ title, url }: { title: string; url: string }) {
  const hydrated = useHydrated();
  const [said, setSaid] = useState("");
  if (!hydrated) return null;
  const share = async () => {
    if (navigator.share) {
      // A visitor who closes the share sheet has changed their mind: nothing to say.
      await navigator.share({ title, url }).catch(() => undefined);
      return;
    }
    try {
      await navigator.clipboard.writeText(url);
      setSaid("Link copied");
    } catch {
      setSaid(`Copy this link: ${url}`);
    }
  };
  return (
    <span className="share">
      <button type="button" className="button button--quiet share__button" onClick={share}>
        Share
      </button>
      <span className="share__said" role="status">
        {said}
      </span>
    </span>
  );
}
