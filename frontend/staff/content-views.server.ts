import { articleKey, CONTENT_KINDS, kindOf } from "../../domain/content/content-documents";
import { latestVersion, liveVersion, type ContentRecord, type ContentVersion } from "../../domain/content/content-versions";
import { contentPhotoListSchema } from "../../domain/content/content-schemas";
import { CATEGORY_PAGES, CONTENT_PAGES } from "../../domain/site-pages";
import { editorPathOf } from "./content-paths";
import { londonTime } from "./lead-views.server";

export interface ListedDocument {
  key: string;
  label: string;
  href: string;
  status: string;
}

/** What a version is to buyers at `now`, in words. */
export function versionState(record: ContentRecord, version: ContentVersion, now: Date): string {
  if (!version.published) return "Draft";
  const live = liveVersion(record, now);
  const from = version.publishAt ?? version.savedAt;
  if (live?.number === version.number) return version.takeDownAt ? `Live until ${londonTime(version.takeDownAt)}` : "Live";
  if (from > now) return `Goes live ${londonTime(from)}${version.takeDownAt ? `, until ${londonTime(version.takeDownAt)}` : ""}`;
  if (version.takeDownAt && version.takeDownAt <= now) return `Taken down ${londonTime(version.takeDownAt)}`;
  return "Published earlier";
}

function statusOf(record: ContentRecord | undefined, now: Date): string {
  if (!record) return "As installed";
  const latest = latestVersion(record)!;
  const live = liveVersion(record, now);
  const draft = !latest.published ? " · a draft waiting" : "";
  return `${live ? `Version ${live.number} live` : "Not shown"}${draft}`;
}

/** Every document the staff area edits, grouped as the list shows them. */
export function listedDocuments(records: readonly ContentRecord[], now: Date): { group: string; documents: ListedDocument[] }[] {
  const byKey = new Map(records.map((record) => [record.key, record]));
  const listed = (key: string, label: string): ListedDocument => ({
    key,
    label,
    href: editorPathOf(key),
    status: statusOf(byKey.get(key), now),
  });
  const articles = records
    .filter(({ key }) => kindOf(key) === "article")
    .map((record) => {
      const body = latestVersion(record)?.body as { title?: string } | undefined;
      return listed(record.key, body?.title ?? "Untitled article");
    });
  return [
    { group: "Pages", documents: [listed("home", "Home page"), ...CONTENT_PAGES.map((name) => listed(`page:${name}`, `/${name}`))] },
    { group: "Category pages", documents: CATEGORY_PAGES.map((path) => listed(`category:${path}`, `/${path}`)) },
    { group: "Articles", documents: articles },
    {
      group: "Across the site",
      documents: [
        listed("notice", CONTENT_KINDS.notice.label),
        listed("dealer", CONTENT_KINDS.dealer.label),
        listed("redirects", CONTENT_KINDS.redirects.label),
      ],
    },
  ];
}

/** The photos uploaded for the site's content, oldest first. */
export function contentPhotosOf(record: ContentRecord | undefined): { id: string; width: number; height: number; name: string }[] {
  const body = record && latestVersion(record)?.body;
  const parsed = contentPhotoListSchema.safeParse(body);
  return parsed.success ? parsed.data.photos : [];
}

/** A new article's key. */
export function newArticleKey(): string {
  return articleKey(`a${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`);
}
