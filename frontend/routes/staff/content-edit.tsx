import { data, Form, Link, redirect, useNavigation } from "react-router";
import { ContentConflictError, ContentInvalidError } from "../../../backend/content/content-editing";
import { contentDiff, fieldLines, type DiffLine } from "../../../backend/content/content-diff";
import { CONTENT_KINDS, kindOf, POLICY_PAGES, splitKey } from "../../../domain/content/content-documents";
import { latestVersion, type ContentRecord } from "../../../domain/content/content-versions";
import { ErrorSummary } from "../../components/forms/form-parts";
import { bodyFromForm, CONTENT_FORMS, fromLondonTime, tomorrowMorning } from "../../staff/content-form";
import { ContentFields } from "../../staff/ContentFields";
import { editorPathOf, keyOfEditorPath, publicPathOf } from "../../staff/content-paths";
import { contentPhotosOf, versionState } from "../../staff/content-views.server";
import { londonTime } from "../../staff/lead-views.server";
import { asMember, checkedForm, formText, requireMember, staffOf } from "../../staff/staff-guard.server";
import { staffPageMeta } from "../../staff/staff-meta";
import type { Route } from "./+types/content-edit";

export function meta({ loaderData }: Route.MetaArgs) {
  return staffPageMeta(loaderData ? `Edit: ${loaderData.label}` : "Edit");
}

function keyOf(params: Route.LoaderArgs["params"]): string {
  const key = keyOfEditorPath(params["*"] ?? "");
  if (!key) throw data("There is no such content to edit.", { status: 404 });
  return key;
}

/** A new article's first words: today's date and its author, the rest to write. */
function startingBody(key: string, authorName: string): unknown {
  return kindOf(key) === "article" ? { date: new Date().toISOString().slice(0, 10), author: authorName } : {};
}

function labelOf(key: string): string {
  const [kind, name] = splitKey(key);
  const kindLabel = CONTENT_KINDS[kindOf(key)!].label;
  return kind === "category" || kind === "page" ? `${kindLabel} /${name}` : kindLabel;
}

/** One document's editor: its form, when to publish, a preview, its history with differences, and restore. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const member = requireMember(context, url, "editor");
  const key = keyOf(params);
  const desk = staffOf(context).services.content;
  const [record, photos] = await Promise.all([asMember(() => desk.open(member, key)), asMember(() => desk.open(member, "photos"))]);
  const latest = record && latestVersion(record);
  const body = latest?.body ?? startingBody(key, member.account.name);
  return {
    key,
    label: labelOf(key),
    kind: kindOf(key)!,
    csrf: member.session.csrfToken,
    revision: record?.revision ?? 0,
    body,
    previewPath: latest ? publicPathOf(key, body) : undefined,
    history: historyOf(record, new Date()),
    shown: shownVersion(record, url.searchParams),
    policy: POLICY_PAGES.has(splitKey(key)[1]),
    suggestedTime: tomorrowMorning(),
    done: url.searchParams.get("done"),
    photos: contentPhotosOf(photos).map(({ id, width, height, name }) => ({ value: `${id}:${width}:${height}`, label: name })),
  };
}

function historyOf(record: ContentRecord | undefined, now: Date) {
  return [...(record?.versions ?? [])].reverse().map((version) => ({
    number: version.number,
    author: version.author.name,
    savedAt: londonTime(version.savedAt),
    state: versionState(record!, version, now),
    published: version.published,
    restoredFrom: version.restoredFrom,
  }));
}

/** An earlier version read whole (?version=3), or what a version changed from the one before (?compare=3). */
function shownVersion(record: ContentRecord | undefined, params: URLSearchParams) {
  const number = Number(params.get("compare") ?? params.get("version"));
  const version = record?.versions.find((candidate) => candidate.number === number);
  if (!record || !version) return undefined;
  if (params.has("version"))
    return { number, heading: `Version ${number} as it was`, lines: fieldLines(version.body).trimEnd().split("\n") };
  const before = record.versions.filter((candidate) => candidate.number < number).at(-1);
  return {
    number,
    heading: before ? `What version ${number} changed from version ${before.number}` : `Version ${number}, the first`,
    diff: contentDiff(before?.body, version.body),
  };
}

type ActionResult =
  | { errors: Record<string, string>; body: unknown; revision?: undefined; conflict?: undefined }
  | { conflict: DiffLine[]; body: unknown; revision: number; errors?: undefined };

export async function action({ request, params, context }: Route.ActionArgs) {
  const url = new URL(request.url);
  const member = requireMember(context, url, "editor");
  const key = keyOf(params);
  const form = await checkedForm(member, request);
  const { services, address } = staffOf(context);
  const desk = services.content;
  const intent = formText(form, "intent");
  const basedOn = Number(formText(form, "basedOn")) || 0;
  const body = bodyFromForm(CONTENT_FORMS[kindOf(key)!], form);
  try {
    if (intent === "restore") {
      await asMember(() => desk.restore(member, address, key, Number(formText(form, "version")), basedOn));
    } else if (intent === "take-down") {
      const at = fromLondonTime(formText(form, "at"));
      await asMember(() => desk.takeDown(member, address, key, Number(formText(form, "version")), at ? new Date(at) : new Date(), basedOn));
    } else {
      const publish = intent === "publish" || intent === "schedule";
      const publishAt = intent === "schedule" ? fromLondonTime(formText(form, "publishAt")) : undefined;
      const takeDownAt = fromLondonTime(formText(form, "takeDownAt"));
      await asMember(() =>
        desk.save(member, address, key, {
          body,
          basedOn,
          publish,
          ...(publishAt && { publishAt: new Date(publishAt) }),
          ...(publish && takeDownAt && { takeDownAt: new Date(takeDownAt) }),
        }),
      );
    }
  } catch (error) {
    if (error instanceof ContentInvalidError) return data<ActionResult>({ errors: error.fields, body }, { status: 400 });
    if (error instanceof ContentConflictError) {
      return data<ActionResult>({ conflict: error.difference, body, revision: error.current?.revision ?? 0 }, { status: 409 });
    }
    throw error;
  }
  const done =
    { draft: "draft", publish: "published", schedule: "scheduled", restore: "restored", "take-down": "taken-down" }[intent] ?? "saved";
  throw redirect(`${editorPathOf(key)}?done=${done}`);
}

const DONE: Record<string, string> = {
  draft: "Draft saved. Buyers still see the published version.",
  published: "Published: buyers see it now.",
  scheduled: "Scheduled: buyers see it from the time you chose.",
  restored: "Restored, and published now.",
  "taken-down": "Taken down: the version before it shows again.",
};

export default function ContentEdit({ loaderData, actionData }: Route.ComponentProps) {
  const { key, label, kind, csrf, revision, history, shown, previewPath, policy, suggestedTime, done, photos } = loaderData;
  const busy = useNavigation().state !== "idle";
  const result = actionData as ActionResult | undefined;
  const body = result?.body ?? loaderData.body;
  const errors = result?.errors ?? {};
  return (
    <section className="staff-page">
      <p>
        <Link to="/staff/content">Site content</Link>
      </p>
      <h1>{label}</h1>
      {!result && <DoneNotice done={done} />}
      {result?.conflict && (
        <div className="notice notice--problem" role="alert">
          <h2>Someone else saved this since you opened it</h2>
          <p>
            Nothing was overwritten. Below, what they saved (taken out, −) against what you tried to save (put in, +). Your words are still
            in the form: save again to put yours in place of theirs, or <Link to={editorPathOf(key)}>start again from theirs</Link>.
          </p>
          <Difference lines={result.conflict} />
        </div>
      )}
      {result?.errors && <ErrorSummary errors={errors} idOf={(field) => `content-${field.replaceAll(".", "-")}`} />}
      {previewPath && (
        <p>
          <Link to={`/staff/content/preview?key=${encodeURIComponent(key)}`}>Preview the latest version on a phone and a desktop</Link>
        </p>
      )}
      <Form method="post" className="staff-form content-form" key={`${revision} ${result ? "sent" : ""}`}>
        <input type="hidden" name="csrf" value={csrf} />
        <input type="hidden" name="basedOn" value={result?.revision ?? revision} />
        <ContentFields fields={CONTENT_FORMS[kind]} body={body} errors={errors} photos={photos} />
        <fieldset className="content-group">
          <legend>Publish</legend>
          <div className="application-field">
            <label htmlFor="content-publishAt">Publish at (for “Publish at this time”)</label>
            <input id="content-publishAt" name="publishAt" type="datetime-local" defaultValue={suggestedTime} />
          </div>
          <div className="application-field">
            <label htmlFor="content-takeDownAt">Take down at (optional)</label>
            <p id="content-takeDownAt-hint" className="application-field__hint">
              UK time. The version before it shows again then.
            </p>
            {errors.takeDownAt && (
              <p className="application-field__error" id="content-takeDownAt-error">
                {errors.takeDownAt}
              </p>
            )}
            <input id="content-takeDownAt" name="takeDownAt" type="datetime-local" aria-describedby="content-takeDownAt-hint" />
          </div>
          <div className="content-actions">
            <button type="submit" name="intent" value="draft" className="button button--quiet" disabled={busy}>
              Save draft
            </button>
            <button type="submit" name="intent" value="publish" className="button" disabled={busy}>
              Publish now
            </button>
            <button type="submit" name="intent" value="schedule" className="button" disabled={busy}>
              Publish at this time
            </button>
          </div>
        </fieldset>
      </Form>
      {shown && (
        <section aria-labelledby="shown-heading" className="content-version">
          <h2 id="shown-heading">{shown.heading}</h2>
          {shown.diff ? <Difference lines={shown.diff} /> : <pre className="content-lines">{shown.lines.join("\n")}</pre>}
        </section>
      )}
      <section aria-labelledby="history-heading">
        <h2 id="history-heading">Versions</h2>
        {policy && <p>Every earlier version of this policy is kept: open one to read it as it was.</p>}
        {history.length === 0 ? (
          <p>Nothing saved yet.</p>
        ) : (
          <ol className="content-history" reversed>
            {history.map((version) => (
              <li key={version.number}>
                <strong>Version {version.number}</strong>, {version.author}, {version.savedAt}: {version.state}
                {version.restoredFrom !== undefined && ` (restored from version ${version.restoredFrom})`}.{" "}
                <Link to={`?version=${version.number}`}>Read it</Link> · <Link to={`?compare=${version.number}`}>What it changed</Link>
                <Form method="post" className="staff-form--inline">
                  <input type="hidden" name="csrf" value={csrf} />
                  <input type="hidden" name="basedOn" value={revision} />
                  <input type="hidden" name="version" value={version.number} />
                  <button type="submit" name="intent" value="restore" className="button button--quiet" disabled={busy}>
                    Restore version {version.number}
                  </button>
                  {version.published && !version.state.startsWith("Taken down") && version.state !== "Published earlier" && (
                    <button type="submit" name="intent" value="take-down" className="button button--quiet" disabled={busy}>
                      Take down version {version.number} now
                    </button>
                  )}
                </Form>
              </li>
            ))}
          </ol>
        )}
      </section>
    </section>
  );
}

function DoneNotice({ done }: { done: string | null | undefined }) {
  if (!done || !DONE[done]) return null;
  return (
    <p className="notice notice--done" role="status">
      {DONE[done]}
    </p>
  );
}

/** Lines taken out (−) and put in (+), said in words as well as colour. */
function Difference({ lines }: { lines: readonly DiffLine[] }) {
  return (
    <ul className="content-diff">
      {lines.map((line, i) => (
        <li key={i} className={`content-diff__${line.change}`}>
          <span className="visually-hidden">
            {line.change === "same" ? "Unchanged: " : line.change === "added" ? "Put in: " : "Taken out: "}
          </span>
          <span aria-hidden="true">{line.change === "same" ? "  " : line.change === "added" ? "+ " : "− "}</span>
          {line.text}
        </li>
      ))}
    </ul>
  );
}
