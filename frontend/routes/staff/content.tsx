import { Link } from "react-router";
import { asMember, requireMember, staffOf } from "../../staff/staff-guard.server";
import { editorPathOf } from "../../staff/content-paths";
import { listedDocuments, newArticleKey } from "../../staff/content-views.server";
import { staffPageMeta } from "../../staff/staff-meta";
import type { Route } from "./+types/content";

export function meta() {
  return staffPageMeta("Site content");
}

/** Editors' and admins' page: everything on the site they can change, with what shows now. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "editor");
  const records = await asMember(() => staffOf(context).services.content.list(member));
  return { groups: listedDocuments(records, new Date()), newArticle: editorPathOf(newArticleKey()) };
}

export default function Content({ loaderData }: Route.ComponentProps) {
  const { groups, newArticle } = loaderData;
  return (
    <section className="staff-page">
      <h1>Site content</h1>
      <p>
        Change the words, offers, questions, articles, notice and opening hours buyers see. Save a draft, preview it on a phone and a
        desktop, then publish it now or at a time you choose. Every version is kept, and any can be restored.
      </p>
      <p>
        <Link className="button" to={newArticle}>
          Write an article
        </Link>{" "}
        <Link className="button button--quiet" to="/staff/content/photos">
          Photos for the site
        </Link>
      </p>
      {groups.map(({ group, documents }) => (
        <section key={group} aria-labelledby={`group-${group}`}>
          <h2 id={`group-${group}`}>{group}</h2>
          {documents.length === 0 ? (
            <p>None yet.</p>
          ) : (
            <ul className="staff-content-list">
              {documents.map((document) => (
                <li key={document.key}>
                  <Link to={document.href}>{document.label}</Link> <span className="staff-hint">{document.status}</span>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </section>
  );
}
