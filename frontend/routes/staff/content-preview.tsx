import { data, Link } from "react-router";
import { kindOf } from "../../../domain/content/content-documents";
import { latestVersion } from "../../../domain/content/content-versions";
import { editorPathOf, publicPathOf } from "../../staff/content-paths";
import { asMember, requireMember, staffOf } from "../../staff/staff-guard.server";
import { staffPageMeta } from "../../staff/staff-meta";
import type { Route } from "./+types/content-preview";

export function meta() {
  return staffPageMeta("Preview");
}

/** A document's latest version, draft or not, shown as buyers will see it: at a phone's width and a desktop's, side by side. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "editor");
  const key = url.searchParams.get("key") ?? "";
  if (!kindOf(key)) throw data("There is no such content to preview.", { status: 404 });
  const record = await asMember(() => staffOf(context).services.content.open(member, key));
  const latest = record && latestVersion(record);
  const path = latest && publicPathOf(key, latest.body);
  if (!path) throw data("Save a version first, then preview it.", { status: 404 });
  return { page: `${path}?preview=${encodeURIComponent(key)}`, editor: editorPathOf(key), version: latest.number };
}

export default function ContentPreview({ loaderData }: Route.ComponentProps) {
  const { page, editor, version } = loaderData;
  return (
    <section className="staff-page">
      <p>
        <Link to={editor}>Back to the editor</Link>
      </p>
      <h1>Preview of version {version}</h1>
      <p>As buyers will see it once published. Nobody but staff can see this.</p>
      <div className="content-previews">
        <figure className="content-preview content-preview--phone">
          <figcaption>
            On a phone · <a href={page}>open it full size</a>
          </figcaption>
          <iframe src={page} title="The page on a phone" />
        </figure>
        <figure className="content-preview content-preview--desktop">
          <figcaption>
            On a desktop · <a href={page}>open it full size</a>
          </figcaption>
          <iframe src={page} title="The page on a desktop" />
        </figure>
      </div>
    </section>
  );
}
