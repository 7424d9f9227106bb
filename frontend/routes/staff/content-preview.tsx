import { useEffect, useRef } from "react";
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
          <DesktopFrame src={page} />
        </figure>
      </div>
    </section>
  );
}

/** A desktop's window: the page is laid out at this size, whatever room the preview has. */
const DESKTOP = { width: 1280, height: 800 };

/**
 * The page laid out at a desktop's width and scaled down to the room there is, so the editor
 * sees the whole desktop layout at once; until scripts run (or without them), full size in a
 * box that scrolls.
 */
function DesktopFrame({ src }: { src: string }) {
  const viewport = useRef<HTMLDivElement>(null);
  const frame = useRef<HTMLIFrameElement>(null);
  useEffect(() => {
    const box = viewport.current;
    const page = frame.current;
    if (!box || !page) return;
    // Set through the DOM, not as style attributes, which the Content-Security-Policy refuses.
    const fit = () => {
      const scale = Math.min(1, box.clientWidth / page.offsetWidth);
      page.style.transform = `scale(${scale})`;
      box.style.height = `${Math.ceil(page.offsetHeight * scale)}px`;
      box.dataset.scaled = "";
    };
    const resized = new ResizeObserver(fit);
    resized.observe(box);
    return () => resized.disconnect();
  }, []);
  return (
    <div ref={viewport} className="content-preview__viewport" role="region" aria-label="The desktop preview" tabIndex={0}>
      <iframe ref={frame} src={src} title="The page on a desktop" width={DESKTOP.width} height={DESKTOP.height} />
    </div>
  );
}
