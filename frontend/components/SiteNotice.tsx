import { Link } from "react-router";
import type { ShownNotice } from "../../domain/content/site-content";

/** The line across the top of every page the dealer sets for a while: "Closed on Boxing Day". */
export function SiteNotice({ notice }: { notice: ShownNotice }) {
  return (
    <aside className="site-notice" aria-label="Notice">
      <p>
        {notice.text}
        {notice.link && (
          <>
            {" "}
            <Link to={notice.link.href}>{notice.link.label}</Link>
          </>
        )}
      </p>
    </aside>
  );
}
